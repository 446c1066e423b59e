import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { FlagSwitch } from "../../ui/VisibilityToggle";
import { UserAddInputs, UserUpdateInputs } from "./UserInputs";

const K = "resources.Users";

/** Admin users; self-registered accounts wait here for approval. */
export const UserList = () => (
  <CrudList
    title={`${K}.title`}
    columns={[
      col.serial(),
      col.text("name", "app.auth.name", { sortable: true }),
      col.text("email", "app.auth.email", { sortable: true }),
      col.datetime("createdAt", `${K}.fields.date`, { sortable: true }),
      col.text("role", `${K}.fields.role`),
      col.actions("approved", `${K}.fields.approved`, () => (
        <FlagSwitch source="approved" label={`${K}.fields.approved`} messages={{ on: `${K}.approved`, off: `${K}.suspended` }} />
      )),
      rowActions.edit(),
      rowActions.delete(),
    ]}
    add={{ label: `${K}.add`, inputs: <UserAddInputs />, record: { role: "editor" } }}
    edit={{ title: `${K}.update`, inputs: <UserUpdateInputs /> }}
  />
);
