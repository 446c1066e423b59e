import RestoreIcon from "@mui/icons-material/Restore";
import { Box, Button, Link, Table, TableBody, TableCell, TableRow } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from "react-admin";
import { hasHistory } from "../../audit/contentTypes";
import { changesOf, readable, type Change } from "../../audit/values";
import type { AuditMethods } from "../../providers/auditMethods";
import { SCREENS } from "../../registry";

/** The list screen of a GraphQL type (the first, for the article images' four slots). */
const routeOf = (type: string) => SCREENS.find((screen) => screen.type === type && screen.list)?.route;

/** Where an event's record is: its edit dialog on its list screen, or the list alone once deleted. */
export function recordPath(event: RaRecord): string | null {
  const route = routeOf(event.resource);
  if (!route) return null;
  const open = event.recordId && event.operation !== "delete" ? `?edit=${encodeURIComponent(event.recordId)}` : "";
  return `/${route.toLowerCase()}${open}`;
}

/** The resource and record id, linked to the record. */
export function RecordLink({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const text = event.recordId ? `${event.resource} #${event.recordId}` : event.resource;
  const path = recordPath(event);
  if (!path) return <>{text}</>;
  return (
    <Link
      component={RouterLink}
      to={path}
      title={translate("app.audit.open_record", { resource: event.resource, id: event.recordId ?? "" })}
    >
      {text}
    </Link>
  );
}

/** One change as text: 'field: before → after', the compact diff, or that the value is hidden. */
export function changeText(change: Change, redacted: string, empty: string) {
  if (change.redacted) return redacted;
  if (change.diff !== undefined) return change.diff;
  const show = (value: unknown) => readable(value) || empty;
  return `${show(change.before)} → ${show(change.after)}`;
}

/** The whole diff as one text (the exports). */
export const changesSummary = (event: RaRecord) =>
  changesOf(event)
    .map((change) => `${change.field}: ${changeText(change, "(hidden)", "(empty)")}`)
    .join("; ");

const COMPACT = 3;

/** The changed fields' names, expandable to the full diff. */
export function ChangesCell({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const changes = changesOf(event);
  if (!changes.length) return null;
  const names = changes.slice(0, COMPACT).map((change) => change.field);
  const more = changes.length > COMPACT ? ` ${translate("app.audit.more_fields", { count: changes.length - COMPACT })}` : "";
  return (
    <Box sx={{ maxWidth: "28rem" }}>
      {names.join(", ")}
      {more}{" "}
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
        {translate(open ? "app.audit.hide_diff" : "app.audit.show_diff")}
      </Button>
      {open && (
        <Table size="small">
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell component="th" scope="row" sx={{ verticalAlign: "top" }}>
                  {change.field}
                </TableCell>
                <TableCell sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: change.diff ? "monospace" : undefined }}>
                  {changeText(change, translate("app.audit.redacted"), translate("app.audit.empty"))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A deleted content record comes back with its id and last values (restoreRevision of the delete event). */
export function RestoreDeletedButton({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider() as unknown as AuditMethods;
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (event.operation !== "delete" || !hasHistory(event.resource)) return null;
  const restore = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const restored = await dataProvider.restoreRevision(String(event.id));
      notify(restored.message ?? "app.audit.record_restored", { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message || "ra.notification.http_error", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<RestoreIcon />} onClick={() => setAsking(true)} disabled={busy}>
        {translate("app.audit.restore")}
      </Button>
      <Confirm
        isOpen={asking}
        title="app.audit.restore_title"
        content={`${event.resource} #${event.recordId ?? ""}`}
        confirm="app.audit.restore"
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
