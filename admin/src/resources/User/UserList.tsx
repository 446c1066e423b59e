import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { FlagSwitch } from "../../ui/VisibilityToggle";
import { UserAddInputs, UserUpdateInputs } from "./UserInputs";

const LABELS = "resources.Users";

/** Admin users; self-registered accounts wait here for approval. */
export const UserList = () => (
  <CrudList
    title={`${LABELS}.title`}
    columns={[
      col.serial(),
      col.text("name", "app.auth.name", { sortable: true }),
      col.text("email", "app.auth.email", { sortable: true }),
      col.datetime("createdAt", `${LABELS}.fields.date`, { sortable: true }),
      col.text("role", `${LABELS}.fields.role`),
      col.actions("approved", `${LABELS}.fields.approved`, () => (
        <FlagSwitch
          source="approved"
          label={`${LABELS}.fields.approved`}
          messages={{ on: `${LABELS}.approved`, off: `${LABELS}.suspended` }}
        />
      )),
      rowActions.edit(),
      rowActions.delete(),
    ]}
    add={{ label: `${LABELS}.add`, inputs: <UserAddInputs />, record: { role: "editor" } }}
    edit={{ title: `${LABELS}.update`, inputs: <UserUpdateInputs /> }}
  />
);
