import RestoreIcon from "@mui/icons-material/Restore";
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { Confirm, useDataProvider, useEditContext, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import type { AuditMethods, Revision } from "../providers/auditMethods";
import { formatDateTime } from "../ui/columns";
import { LoadingScreen } from "../ui/LoadingScreen";
import { FieldValue } from "./FieldValue";
import { fieldLabel } from "./labels";
import { comparedFields, parseJson, sameValue } from "./values";

/** A revision beside the record as it is now; the fields that differ are highlighted. */
function Comparison({ type, revision, current }: { type: string; revision: Revision; current: Record<string, unknown> }) {
  const translate = useTranslate();
  const values = parseJson<Record<string, unknown>>(revision.values, {});
  return (
    // Fixed columns: a long value wraps inside its own column instead of widening the dialog.
    <Table size="small" aria-label={translate("app.audit.compare_title")} sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: "25%" }}>{translate("app.audit.field")}</TableCell>
          <TableCell>{translate("app.audit.this_revision", { time: formatDateTime(revision.createdAt) })}</TableCell>
          <TableCell>{translate("app.audit.current")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {comparedFields(values, current).map((field) => {
          const changed = !sameValue(values[field], current[field]);
          // Long words wrap only when they cannot fit a line: never a break mid-word in ordinary text.
          const cell = { verticalAlign: "top", overflowWrap: "break-word", whiteSpace: "pre-wrap" } as const;
          return (
            <TableRow key={field} data-changed={changed || undefined} sx={changed ? { bgcolor: "warning.light" } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: changed ? 700 : 400 }}>
                {fieldLabel(translate, type, field)}
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

/**
 * The record's revisions, newest first (when, who, which fields); one chosen
 * shows beside the current values, and Restore writes its values as a new
 * change (itself audited), then the dialog shows the restored record.
 */
export function HistoryTab({ type }: { type: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { refetch: refetchRecord } = useEditContext();
  const form = useFormContext();
  const dataProvider = useDataProvider() as unknown as AuditMethods;
  const notify = useNotify();
  const refresh = useRefresh();
  const [selected, setSelected] = useState<Revision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
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
                    <Chip key={field} size="small" label={fieldLabel(translate, type, field)} />
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
      {selected && record && (
        <Box>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
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
