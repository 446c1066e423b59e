import HistoryIcon from "@mui/icons-material/History";
import { IconButton, Tooltip } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { useRecordContext, useTranslate } from "react-admin";

/** The per-user view of the audit trail: the Activity screen filtered by this user. */
export function UserActivityButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = `${translate("app.audit.user_activity")}: ${record.name}`;
  const filter = encodeURIComponent(JSON.stringify({ actorId: String(record.id) }));
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={`/activity?filter=${filter}`} aria-label={label} size="small">
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
