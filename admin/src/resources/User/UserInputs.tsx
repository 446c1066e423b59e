import { PasswordInput, SelectInput, TextInput, useGetList, useRecordContext } from "react-admin";
import { ShowToggleInput } from "../../ui/ShowToggleInput";

/** The built-in roles (the gateway's), and `staff`: what every non-admin could do before roles. */
const ROLE_CHOICES = ["editor", "sale-operator", "viewer", "staff", "admin"].map((id) => ({ id, name: `resources.Users.roles.${id}` }));

/** The user's role; the custom roles (the Roles screen's) are offered as they are named. */
function RoleInput() {
  const role = useRecordContext()?.role as string | undefined;
  const { data: roles } = useGetList("Roles", { pagination: { page: 1, perPage: 100 }, sort: { field: "name", order: "ASC" } });
  const custom = [...(roles ?? []).map((r) => String(r.name)), ...(role ? [role] : [])].filter(
    (name, index, all) => all.indexOf(name) === index && !ROLE_CHOICES.some((choice) => choice.id === name),
  );
  const choices = [...ROLE_CHOICES, ...custom.map((name) => ({ id: name, name }))];
  return <SelectInput source="role" label="resources.Users.fields.role" choices={choices} fullWidth />;
}

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
