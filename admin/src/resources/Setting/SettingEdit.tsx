import { TextInput, type Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";

/** Name is read-only; only the value changes. */
export function SettingEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Setting.edit" submitLabel="app.form.update">
      <TextInput source="name" label="resources.Setting.fields.name" disabled fullWidth />
      <TextInput source="value" label="resources.Setting.fields.value" multiline fullWidth />
    </EditDialog>
  );
}
