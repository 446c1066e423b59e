import { PasswordInput, SelectInput, TextInput } from "react-admin";
import { ShowToggleInput } from "../../ui/ShowToggleInput";

const ROLE_CHOICES = [
  { id: "editor", name: "resources.Users.roles.editor" },
  { id: "admin", name: "resources.Users.roles.admin" },
];

const RoleInput = () => <SelectInput source="role" label="resources.Users.fields.role" choices={ROLE_CHOICES} fullWidth />;

/** 'Add User': name, email, password and its confirmation, each with a show toggle (the passwords start hidden). */
export function UserAddInputs() {
  return (
    <>
      <ShowToggleInput source="name" label="app.auth.name" initiallyShown fullWidth />
      <ShowToggleInput source="email" label="app.auth.email" shownType="email" initiallyShown fullWidth />
      <ShowToggleInput source="password" label="app.auth.password" fullWidth autoComplete="new-password" />
      <ShowToggleInput source="password2" label="app.auth.confirm_password" fullWidth autoComplete="new-password" />
      <RoleInput />
    </>
  );
}

/** 'Update User': name read-only, email, a new password (left empty: unchanged). */
export function UserUpdateInputs() {
  return (
    <>
      <TextInput source="name" label="app.auth.name" disabled fullWidth />
      <TextInput source="email" label="app.auth.email" type="email" fullWidth />
      <PasswordInput
        source="password"
        label="app.auth.password"
        fullWidth
        autoComplete="new-password"
        helperText="resources.Users.password_hint"
      />
      <RoleInput />
    </>
  );
}
