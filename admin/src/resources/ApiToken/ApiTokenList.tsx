import { Chip } from "@mui/material";
import { useRecordContext, useRefresh, useTranslate } from "react-admin";
import { col, formatDateTime } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { RevokeTokenButton } from "./RevokeTokenButton";

const LABELS = "app.api_tokens";

function RevokedCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  return record?.revoked ? <Chip size="small" color="error" variant="outlined" label={translate(`${LABELS}.revoked`)} /> : null;
}

function ExpiresCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{record?.expiresAt ? formatDateTime(record.expiresAt) : translate(`${LABELS}.never`)}</>;
}

function RevokeCell() {
  const record = useRecordContext();
  const refresh = useRefresh();
  return record ? (
    <RevokeTokenButton token={{ id: String(record.id), name: String(record.name), revoked: !!record.revoked }} onDone={refresh} />
  ) : null;
}

/** Every user's API tokens (administrators): who owns each, when it expires and was last used, and Revoke. */
export const ApiTokenList = () => (
  <CrudList
    title="resources.ApiTokens.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[
      col.serial(),
      col.text("name", `${LABELS}.fields.name`, { sortable: true }),
      col.text("userName", `${LABELS}.fields.owner`, { sortable: true }),
      col.text("description", `${LABELS}.fields.description`, { sortable: true }),
      col.datetime("createdAt", `${LABELS}.fields.created`, { sortable: true }),
      col.text("expiresAt", `${LABELS}.fields.expires`, {
        sortable: true,
        render: () => <ExpiresCell />,
        exportValue: (record) => (record.expiresAt ? formatDateTime(record.expiresAt) : null),
      }),
      col.datetime("lastUsedAt", `${LABELS}.fields.last_used`, { sortable: true }),
      col.text("lastUsedIp", `${LABELS}.fields.last_ip`, { sortable: true }),
      { ...col.actions("revoked", `${LABELS}.fields.revoked`, () => <RevokedCell />), kind: "text", source: "revoked", sortable: true },
      col.actions("revoke", "app.list.action", () => <RevokeCell />),
    ]}
  />
);
