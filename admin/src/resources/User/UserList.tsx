import { col } from "../../ui/columns";
import { readSession } from "../../providers/session";
import { CrudList } from "../../ui/CrudList";
import type { SaveConfirmation } from "../../ui/FormDialog";
import { rowActions } from "../../ui/rowActions";
import { FlagSwitch } from "../../ui/VisibilityToggle";
import { EndSessionsButton } from "./EndSessionsButton";
import { UserActivityButton } from "./UserActivityButton";
import { UserAddInputs, UserUpdateInputs } from "./UserInputs";

const LABELS = "resources.Users";

/** Changing one's own email or password (how one signs in) asks first: a slip would lock the admin out. */
const confirmOwnSignInChange: SaveConfirmation = (values, record) => {
  if (!record || String(record.id) !== String(readSession()?.payload.sub)) return null;
  const emailChanged = typeof values.email === "string" && values.email.trim().toLowerCase() !== String(record.email ?? "").toLowerCase();
  const passwordChanged = typeof values.password === "string" && values.password !== "";
  return emailChanged || passwordChanged ? `${LABELS}.confirm_own_change` : null;
};

/** Admin users; self-registered accounts wait here for approval. */
export const UserList = () => (
  <CrudList
    title={`${LABELS}.title`}
    columns={[
      col.serial(),
      col.text("name", "app.auth.name", { sortable: true }),
      col.text("email", "app.auth.email", { sortable: true }),
      col.datetime("createdAt", `${LABELS}.fields.date`, { sortable: true }),
      col.text("role", `${LABELS}.fields.role`, { sortable: true }),
      col.actions("approved", `${LABELS}.fields.approved`, () => (
        <FlagSwitch
          source="approved"
          label={`${LABELS}.fields.approved`}
          messages={{ on: `${LABELS}.approved`, off: `${LABELS}.suspended` }}
        />
      )),
      rowActions.edit(),
      rowActions.delete(),
      col.actions("activity", "app.audit.user_activity", () => <UserActivityButton />),
      col.actions("sessions", "app.sessions.end_user", () => <EndSessionsButton />),
    ]}
    add={{ label: `${LABELS}.add`, inputs: <UserAddInputs />, record: { role: "editor" } }}
    edit={{ title: `${LABELS}.update`, inputs: <UserUpdateInputs />, confirm: confirmOwnSignInChange }}
  />
);
