import { TextInput } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";

const FIELDS = "resources.Setting.fields";

/** Settings: the name is read-only, only the value changes. */
export const SettingList = () => (
  <CrudList
    title="resources.Setting.title"
    columns={[
      col.serial(),
      col.text("name", `${FIELDS}.name`, { sortable: true }),
      col.text("value", `${FIELDS}.value`),
      rowActions.edit(),
    ]}
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
