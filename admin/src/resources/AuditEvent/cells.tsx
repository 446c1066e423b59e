import RestoreIcon from "@mui/icons-material/Restore";
import { Box, Button, Link, Table, TableBody, TableCell, TableRow } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Confirm, useDataProvider, useGetOne, useNotify, useRefresh, useTranslate, type RaRecord } from "react-admin";
import { hasHistory } from "../../audit/contentTypes";
import { changesOf, readable, type Change } from "../../audit/values";
import type { AuditMethods } from "../../providers/auditMethods";
import { SCREENS, type Screen } from "../../registry";

/** The list screens of a GraphQL type: several when fixed filters split it (the article images' four slots). */
const screensOf = (type: string) => SCREENS.filter((screen) => screen.type === type && screen.list);

/** What an event tells of its record's values: each changed field after the change (before it, for a delete). */
const valuesTold = (event: RaRecord): Record<string, unknown> =>
  Object.fromEntries(
    changesOf(event)
      .filter((change) => !change.redacted && change.diff === undefined)
      .map((change) => [change.field, change.after ?? change.before]),
  );

/** The screen of those showing a record whose fixed filter its values match. */
const screenFor = (screens: Screen[], values: Record<string, unknown>) =>
  screens.find((screen) => Object.entries(screen.filter ?? {}).every(([field, value]) => values[field] === value));

/** Where an event's record is: its edit dialog on its list screen, or the list alone once deleted; `record` when it was read. */
export function recordPath(event: RaRecord, record?: Record<string, unknown>): string | null {
  const screens = screensOf(event.resource);
  if (!screens.length) return null;
  const route = (screenFor(screens, { ...valuesTold(event), ...record }) ?? screens[0]).route;
  const open = event.recordId && event.operation !== "delete" ? `?edit=${encodeURIComponent(event.recordId)}` : "";
  return `/${route.toLowerCase()}${open}`;
}

/** The resource and record id, linked to the record (read first when the event does not tell which of its screens shows it). */
export function RecordLink({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const screens = screensOf(event.resource);
  const unknownScreen =
    screens.length > 1 && !screenFor(screens, valuesTold(event)) && Boolean(event.recordId) && event.operation !== "delete";
  const { data: record } = useGetOne(screens[0]?.route ?? event.resource, { id: event.recordId }, { enabled: unknownScreen });
  const text = event.recordId ? `${event.resource} #${event.recordId}` : event.resource;
  const path = recordPath(event, record);
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
