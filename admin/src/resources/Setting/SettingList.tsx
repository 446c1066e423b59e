import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SettingEdit } from "./SettingEdit";

export const SettingList = () => (
  <CrudList
    title="resources.Setting.title"
    columns={[
      col.serial(),
      col.text("name", "resources.Setting.fields.name", { sortable: true }),
      col.text("value", "resources.Setting.fields.value"),
      rowActions.edit(),
    ]}
    edit={SettingEdit}
  />
);
