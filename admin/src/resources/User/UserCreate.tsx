import { PasswordInput, SelectInput, TextInput } from "react-admin";
import { CreateDialog } from "../../ui/FormDialog";

export const ROLE_CHOICES = [
  { id: "editor", name: "resources.Users.roles.editor" },
  { id: "admin", name: "resources.Users.roles.admin" },
];

/** 'Add User': name, email, password and its confirmation (each password with a show toggle). */
export function UserCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.Users.add" submitLabel="app.form.add" record={{ role: "editor" }}>
      <TextInput source="name" label="app.auth.name" fullWidth />
      <TextInput source="email" label="app.auth.email" type="email" fullWidth />
      <PasswordInput source="password" label="app.auth.password" fullWidth autoComplete="new-password" />
      <PasswordInput source="password2" label="app.auth.confirm_password" fullWidth autoComplete="new-password" />
      <SelectInput source="role" label="resources.Users.fields.role" choices={ROLE_CHOICES} fullWidth />
    </CreateDialog>
  );
}
