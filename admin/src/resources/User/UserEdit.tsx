import { PasswordInput, SelectInput, TextInput, type Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { ROLE_CHOICES } from "./UserCreate";

/** 'Update User': name read-only, email, a new password (left empty: unchanged). */
export function UserEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Users.update" submitLabel="app.form.update">
      <TextInput source="name" label="app.auth.name" disabled fullWidth />
      <TextInput source="email" label="app.auth.email" type="email" fullWidth />
      <PasswordInput source="password" label="app.auth.password" fullWidth autoComplete="new-password" helperText="resources.Users.password_hint" />
      <SelectInput source="role" label="resources.Users.fields.role" choices={ROLE_CHOICES} fullWidth />
    </EditDialog>
  );
}
