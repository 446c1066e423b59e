import RestoreIcon from "@mui/icons-material/Restore";
import { Box, Button, Link, Table, TableBody, TableCell, TableRow } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import {
  Confirm,
  useDataProvider,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from "react-admin";
import { hasHistory } from "../../audit/contentTypes";
import { FieldValue } from "../../audit/FieldValue";
import { diffResult, InlineDiff } from "../../audit/InlineDiff";
import { fieldLabel, isShowHide, resourceLabel, screenFor, screensOf as allScreensOf, useNaming, type Naming } from "../../audit/labels";
import { changesOf, type FieldChange, readable } from "../../audit/values";
import type { AuditMethods } from "../../providers/auditMethods";
import { TxCall } from "../ChainTransaction/cells";

/** The list screens of a GraphQL type: several when fixed filters split it (the article images' four slots). */
const screensOf = ({ screens }: Naming, type: string) => allScreensOf(screens, type).filter((screen) => screen.list);

/** What an event tells of its record's values: each changed field after the change (before it, for a delete). */
const valuesTold = (event: RaRecord): Record<string, unknown> =>
  Object.fromEntries(
    changesOf(event)
      .filter((change) => !change.redacted && change.diff === undefined)
      .map((change) => [change.field, change.after ?? change.before]),
  );

/** Where an event's record is: its edit dialog on its list screen, or the list alone once deleted; `record` when it was read. */
function recordPath(naming: Naming, event: RaRecord, record?: Record<string, unknown>): string | null {
  const screens = screensOf(naming, event.resource);
  if (!screens.length) return null;
  const route = (screenFor(screens, { ...valuesTold(event), ...record }) ?? screens[0]).route;
  const open = event.recordId && event.operation !== "delete" ? `?edit=${encodeURIComponent(event.recordId)}` : "";
  return `/${route.toLowerCase()}${open}`;
}

/** The record's kind as its screen names it, and its id ('Latest Articles3 Image #5'). */
export function recordName(naming: Naming, event: RaRecord, record?: Record<string, unknown>) {
  const name = resourceLabel(naming, event.resource, { ...valuesTold(event), ...record });
  return event.recordId ? `${name} #${event.recordId}` : name;
}

/** The resource and record id, linked to the record (read first when the event does not tell which of its screens shows it). */
export function RecordLink({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const naming = useNaming();
  const screens = screensOf(naming, event.resource);
  const unknownScreen =
    screens.length > 1 && !screenFor(screens, valuesTold(event)) && Boolean(event.recordId) && event.operation !== "delete";
  const { data: record } = useGetOne(screens[0]?.route ?? event.resource, { id: event.recordId }, { enabled: unknownScreen });
  const text = recordName(naming, event, record);
  const path = recordPath(naming, event, record);
  if (!path) return <>{text}</>;
  return (
    <Link component={RouterLink} to={path} title={translate("app.audit.open_record", { record: text })}>
      {text}
    </Link>
  );
}

/** One change as plain text (the exports): 'before → after', the text the diff leads to, or that the value is hidden. */
function changeText(change: FieldChange, translate: TranslateFunction) {
  if (change.redacted) return translate("app.audit.redacted");
  if (change.diff !== undefined) return diffResult(change.diff);
  const show = (value: unknown) => {
    if (value === null || value === undefined || value === "") return translate("app.audit.empty");
    if (typeof value === "boolean")
      return translate(
        isShowHide(change.field) ? (value ? "app.audit.visible" : "app.audit.hidden") : value ? "app.audit.yes" : "app.audit.no",
      );
    return readable(value);
  };
  return `${show(change.before)} → ${show(change.after)}`;
}

/** The whole diff as one text, fields by their form labels (the exports, which run outside the screen's drawing). */
export const changesSummary = (naming: Naming) => (event: RaRecord) =>
  changesOf(event)
    .map((change) => `${fieldLabel(naming, event.resource, change.field)}: ${changeText(change, naming.translate)}`)
    .join("; ");

/** One change for reading: the inline diff, 'before → after' (images as thumbnails), or that the value is hidden. */
function ChangeValue({ type, change }: { type: string; change: FieldChange }) {
  const translate = useTranslate();
  if (change.redacted) return <>{translate("app.audit.redacted")}</>;
  if (change.diff !== undefined) return <InlineDiff diff={change.diff} />;
  return (
    <>
      <FieldValue type={type} field={change.field} value={change.before} /> →{" "}
      <FieldValue type={type} field={change.field} value={change.after} />
    </>
  );
}

/** The chain call a recorded transaction's event tells of (its function and arguments, the latter a text diff), if any. */
function callTold(event: RaRecord) {
  if (event.resource !== "ChainTransaction") return null;
  const told: Record<string, string | undefined> = {};
  for (const change of changesOf(event)) {
    const value = change.diff !== undefined ? diffResult(change.diff) : (change.after ?? change.before);
    if (typeof value === "string") told[change.field] = value;
  }
  const { functionName, contract, args, presaleAddress } = told;
  return functionName ? { functionName, contract, args, presaleAddress } : null;
}

const COMPACT = 3;

/** The changed fields' labels, expandable to the full diff. */
export function ChangesCell({ event }: { event: RaRecord }) {
  const translate = useTranslate();
  const naming = useNaming();
  const [open, setOpen] = useState(false);
  const changes = changesOf(event);
  if (!changes.length) return null;
  // A recorded transaction says what it did ('Started the presale for 5 days'), not which of its columns were written.
  const call = callTold(event);
  const label = (change: FieldChange) => fieldLabel(naming, event.resource, change.field);
  const names = changes.slice(0, COMPACT).map(label);
  const more = changes.length > COMPACT ? ` ${translate("app.audit.more_fields", { count: changes.length - COMPACT })}` : "";
  return (
    <Box sx={{ maxWidth: "24rem", overflowWrap: "break-word" }}>
      {call ? <TxCall tx={call} /> : `${names.join(", ")}${more}`}{" "}
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
        {translate(open ? "app.audit.hide_diff" : "app.audit.show_diff")}
      </Button>
      {open && (
        <Table size="small">
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell component="th" scope="row" sx={{ verticalAlign: "top" }}>
                  {label(change)}
                </TableCell>
                <TableCell sx={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }}>
                  <ChangeValue type={event.resource} change={change} />
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
  const naming = useNaming();
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
        content={recordName(naming, event)}
        confirm="app.audit.restore"
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
