import RestoreIcon from "@mui/icons-material/Restore";
import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { Confirm, useDataProvider, useEditContext, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import type { AuditMethods, Revision } from "../providers/auditMethods";
import { formatDateTime } from "../ui/columns";
import { LoadingScreen } from "../ui/LoadingScreen";
import { FieldValue } from "./FieldValue";
import { fieldLabel, useNaming } from "./labels";
import { comparedFields, parseJson, sameValue } from "./values";

/** Below 600 px (a phone) tables become blocks read top to bottom: no sideways scroll. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));

/** Long words wrap only when they cannot fit a line: never a break mid-word in ordinary text. */
const wrapping = { overflowWrap: "break-word", whiteSpace: "pre-wrap" } as const;

/** A revision beside the record as it is now; the fields that differ are highlighted. */
function Comparison({ type, revision, current }: { type: string; revision: Revision; current: Record<string, unknown> }) {
  const translate = useTranslate();
  const naming = useNaming();
  const phone = usePhone();
  const values = parseJson<Record<string, unknown>>(revision.values, {});
  const fields = comparedFields(values, current);
  const thisRevision = translate("app.audit.this_revision", { time: formatDateTime(revision.createdAt) });
  if (phone)
    return (
      // A block a field: its label, then this revision's value over the current one.
      <Stack component="section" aria-label={translate("app.audit.compare_title")} spacing={1}>
        {fields.map((field) => {
          const changed = !sameValue(values[field], current[field]);
          return (
            <Box
              key={field}
              data-changed={changed || undefined}
              sx={{ p: 1, borderBottom: 1, borderColor: "divider", ...wrapping, ...(changed ? { bgcolor: "warning.light" } : {}) }}
            >
              <Typography variant="subtitle2" component="h4" sx={{ fontWeight: changed ? 700 : 500 }}>
                {fieldLabel(naming, type, field)}
              </Typography>
              <Typography variant="caption" component="div" color="text.secondary">
                {thisRevision}
              </Typography>
              <Box>
                <FieldValue type={type} field={field} value={values[field]} />
              </Box>
              <Typography variant="caption" component="div" color="text.secondary">
                {translate("app.audit.current")}
              </Typography>
              <Box>
                <FieldValue type={type} field={field} value={current[field]} />
              </Box>
            </Box>
          );
        })}
      </Stack>
    );
  return (
    // Fixed columns: a long value wraps inside its own column instead of widening the dialog.
    <Table size="small" aria-label={translate("app.audit.compare_title")} sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: "25%" }}>{translate("app.audit.field")}</TableCell>
          <TableCell>{thisRevision}</TableCell>
          <TableCell>{translate("app.audit.current")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => {
          const changed = !sameValue(values[field], current[field]);
          const cell = { verticalAlign: "top", ...wrapping } as const;
          return (
            <TableRow key={field} data-changed={changed || undefined} sx={changed ? { bgcolor: "warning.light" } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: changed ? 700 : 400 }}>
                {fieldLabel(naming, type, field)}
              </TableCell>
              <TableCell sx={cell}>
                <FieldValue type={type} field={field} value={values[field]} />
              </TableCell>
              <TableCell sx={cell}>
                <FieldValue type={type} field={field} value={current[field]} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The revisions on a phone: a block each (when; who and what; the fields; Compare), read top to bottom. */
function RevisionBlocks({
  type,
  revisions,
  selected,
  onSelect,
}: {
  type: string;
  revisions: Revision[];
  selected: Revision | null;
  onSelect: (revision: Revision) => void;
}) {
  const translate = useTranslate();
  const naming = useNaming();
  return (
    <Stack component="section" aria-label={translate("app.audit.history")}>
      {revisions.map((revision) => (
        <Box
          key={revision.eventId}
          aria-current={selected?.eventId === revision.eventId || undefined}
          sx={{
            py: 1,
            borderBottom: 1,
            borderColor: "divider",
            ...(selected?.eventId === revision.eventId ? { bgcolor: "action.selected" } : {}),
          }}
        >
          <Typography variant="subtitle2" component="h4">
            {formatDateTime(revision.createdAt)}
          </Typography>
          <Typography variant="body2" sx={wrapping}>
            {revision.actorName} · {translate(`app.audit.operations.${revision.operation}`, { _: revision.operation })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, alignItems: "center", mt: 0.5 }}>
            {revision.fields.map((field) => (
              <Chip key={field} size="small" label={fieldLabel(naming, type, field)} sx={{ maxWidth: "100%" }} />
            ))}
            <Button size="small" onClick={() => onSelect(revision)}>
              {translate("app.audit.compare")}
            </Button>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The record's revisions, newest first (when, who, which fields); one chosen
 * shows beside the current values, and Restore writes its values as a new
 * change (itself audited), then the dialog shows the restored record.
 */
export function HistoryTab({ type }: { type: string }) {
  const translate = useTranslate();
  const naming = useNaming();
  const record = useRecordContext();
  const { refetch: refetchRecord } = useEditContext();
  const form = useFormContext();
  const dataProvider = useDataProvider() as unknown as AuditMethods;
  const notify = useNotify();
  const refresh = useRefresh();
  const [selected, setSelected] = useState<Revision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const phone = usePhone();
  const id = record?.id;
  const [revisions, setRevisions] = useState<{ data?: Revision[]; error?: string }>({});
  const load = useCallback(() => {
    if (id === undefined) return;
    dataProvider.revisions(type, id).then(
      (data) => setRevisions({ data }),
      (error: Error) => setRevisions({ error: error.message || "ra.notification.http_error" }),
    );
  }, [dataProvider, type, id]);
  useEffect(load, [load]);

  const restore = async (revision: Revision) => {
    setRestoring(true);
    try {
      const restored = await dataProvider.restoreRevision(revision.eventId);
      notify(restored.message ?? "app.audit.restored", { type: "success" });
      setSelected(null);
      const { data } = await refetchRecord();
      if (data) form.reset(data);
      load();
      refresh();
    } catch (error) {
      notify((error as Error).message || "ra.notification.http_error", { type: "error" });
    } finally {
      setRestoring(false);
    }
  };

  if (revisions.error) return <Typography color="error">{translate(revisions.error, { _: revisions.error })}</Typography>;
  if (!revisions.data) return <LoadingScreen />;
  if (!revisions.data.length) return <Typography color="text.secondary">{translate("app.audit.no_revisions")}</Typography>;
  return (
    <Stack spacing={2}>
      {phone ? (
        <RevisionBlocks type={type} revisions={revisions.data} selected={selected} onSelect={setSelected} />
      ) : (
        <Table size="small" aria-label={translate("app.audit.history")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate("app.audit.when")}</TableCell>
              <TableCell>{translate("app.audit.who")}</TableCell>
              <TableCell>{translate("app.audit.operation")}</TableCell>
              <TableCell>{translate("app.audit.fields")}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {revisions.data.map((revision) => (
              <TableRow key={revision.eventId} selected={selected?.eventId === revision.eventId}>
                <TableCell>{formatDateTime(revision.createdAt)}</TableCell>
                <TableCell>{revision.actorName}</TableCell>
                <TableCell>{translate(`app.audit.operations.${revision.operation}`, { _: revision.operation })}</TableCell>
                <TableCell>
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {revision.fields.map((field) => (
                      <Chip key={field} size="small" label={fieldLabel(naming, type, field)} />
                    ))}
                  </Box>
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setSelected(revision)}>
                    {translate("app.audit.compare")}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {selected && record && (
        <Box>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mb: 1 }}>
            <Typography variant="subtitle1" component="h3">
              {translate("app.audit.compare_title")}
            </Typography>
            <Button startIcon={<RestoreIcon />} variant="outlined" onClick={() => setConfirming(true)} disabled={restoring}>
              {translate("app.audit.restore")}
            </Button>
          </Stack>
          <Comparison type={type} revision={selected} current={record} />
          <Confirm
            isOpen={confirming}
            title="app.audit.restore_title"
            content={translate("app.audit.restore_question", { time: formatDateTime(selected.createdAt) })}
            confirm="app.audit.restore"
            onConfirm={() => {
              setConfirming(false);
              void restore(selected);
            }}
            onClose={() => setConfirming(false)}
          />
        </Box>
      )}
    </Stack>
  );
}
