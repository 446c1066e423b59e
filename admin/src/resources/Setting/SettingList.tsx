import { TextInput } from "react-admin";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { settingTable } from "./table";

const FIELDS = "resources.Setting.fields";

/** Settings: the name is read-only, only the value changes. */
export const SettingList = () => (
  <CrudList
    title="resources.Setting.title"
    sort={settingTable.sort}
    columns={[...settingTable.columns, rowActions.edit()]}
    edit={{
      title: "resources.Setting.edit",
      inputs: (
        <>
          <TextInput source="name" label={`${FIELDS}.name`} disabled fullWidth />
          <TextInput source="value" label={`${FIELDS}.value`} multiline fullWidth />
        </>
      ),
    }}
  />
);
