import LogoutIcon from "@mui/icons-material/Logout";
import { IconButton, Tooltip } from "@mui/material";
import { useState } from "react";
import { Confirm, useNotify, useRecordContext, useTranslate } from "react-admin";
import { graphql } from "../../gql";
import { graphqlRequest } from "../../providers/graphqlFetch";

const END_USER = graphql(`
  mutation endUserSessions($userId: ID!) {
    endUserSessions(userId: $userId)
  }
`);
const LABELS = "app.sessions";

/** The Users list's row action: ends every session of the user (asks first; the toast says how many). */
export function EndSessionsButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  if (!record) return null;
  const name = String(record.name ?? record.email ?? record.id);
  const label = translate(`${LABELS}.end_user_label`, { name });
  const end = async () => {
    setAsking(false);
    try {
      const { endUserSessions: count } = await graphqlRequest(END_USER, { userId: String(record.id) });
      notify(`${LABELS}.ended`, { type: "success", messageArgs: { smart_count: count } });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => setAsking(true)} size="small">
          <LogoutIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={asking}
        title={`${LABELS}.confirm_user_title`}
        content={`${LABELS}.confirm_user`}
        translateOptions={{ name }}
        confirm={`${LABELS}.end_user`}
        onConfirm={() => void end()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
