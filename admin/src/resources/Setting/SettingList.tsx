import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { SettingEdit } from "./SettingEdit";

export function SettingList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Setting.title"
      columns={[
        col.serial(),
        col.text("name", "resources.Setting.fields.name", { sortable: true }),
        col.text("value", "resources.Setting.fields.value"),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
    >
      <SettingEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
