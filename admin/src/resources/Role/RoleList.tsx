import { Chip } from "@mui/material";
import { useRecordContext, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { DeleteRowButton, EditRowButton } from "../../ui/RowButtons";
import { RoleInputs, roleTransform } from "./RoleInputs";

const LABELS = "resources.Roles";

function BuiltInChip() {
  const translate = useTranslate();
  const record = useRecordContext();
  return record?.builtIn ? <Chip size="small" color="primary" variant="outlined" label={translate(`${LABELS}.built_in`)} /> : null;
}

function TwoFactorCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{translate(record?.requireTwoFactor ? "app.permissions.yes" : "app.permissions.no")}</>;
}

/** Edit (a built-in role: view, read-only) and, for a custom role, Delete: the gateway refuses a role in use with its message. */
function RoleRowButtons() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <EditRowButton />
      {!record.builtIn && <DeleteRowButton confirm />}
    </>
  );
}

/** Roles: the built-in ones (read-only) and custom ones, each a grid of resources × actions. */
export const RoleList = () => (
  <CrudList
    title={`${LABELS}.title`}
    sort={{ field: "id", order: "ASC" }}
    columns={[
      col.serial(),
      col.text("name", `${LABELS}.fields.name`, { sortable: true }),
      col.actions("builtIn", `${LABELS}.fields.builtIn`, () => <BuiltInChip />),
      col.text("userCount", `${LABELS}.fields.userCount`),
      {
        ...col.actions("requireTwoFactor", `${LABELS}.fields.requireTwoFactor`, () => <TwoFactorCell />),
        kind: "text",
        source: "requireTwoFactor",
      },
      col.actions("action", "app.list.action", () => <RoleRowButtons />),
    ]}
    add={{
      label: `${LABELS}.add`,
      inputs: <RoleInputs />,
      record: { permissions: [], requireTwoFactor: false, ipAllowlist: [] },
      transform: roleTransform,
    }}
    edit={{ title: `${LABELS}.edit`, inputs: <RoleInputs />, transform: roleTransform, readOnly: (record) => record?.builtIn === true }}
  />
);
