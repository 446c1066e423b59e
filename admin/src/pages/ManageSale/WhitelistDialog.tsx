import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useMemo, useRef, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { chunk, checkRow, hasError, mergeRows, parseCsv, WHITELIST_CHUNK, type WhitelistRow } from "./whitelistRows";
import { useSale } from "./useSale";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

const LABELS = "app.manage_sale.whitelist";

let nextKey = 1;
const emptyRow = (): WhitelistRow => ({ key: nextKey++, user: "", value: "" });

/**
 * 'Add Whitelist': rows of user address and BNB value (+ adds a row, x removes
 * one), or CSV pasted or uploaded (address,amount per line). Every row is
 * checked; nothing is sent while one is wrong. Duplicate addresses are merged
 * (values summed) and sent WHITELIST_CHUNK at a time, one transaction each.
 */
export function WhitelistDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="whitelist-title">
      {open && <WhitelistForm onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function WhitelistForm({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { act, pending } = useSale();
  const [rows, setRows] = useState<WhitelistRow[]>(() => [emptyRow()]);
  const [csv, setCsv] = useState("");
  const [csvError, setCsvError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<{ n: number; total: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const checks = useMemo(() => rows.map(checkRow), [rows]);
  const errors = checks.filter(hasError).length;
  const { entries, duplicates } = useMemo(() => mergeRows(checks), [checks]);
  const batches = Math.ceil(entries.length / WHITELIST_CHUNK);
  const sending = progress !== null;

  const update = (key: number, patch: Partial<WhitelistRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: number) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [emptyRow()]));
  const addRows = (text: string) => {
    const parsed = parseCsv(text);
    if (parsed.length === 0) {
      setCsvError(translate(`${LABELS}.csv_empty`));
      return false;
    }
    setCsvError(null);
    setRows((rs) => [...rs.filter((r) => r.user.trim() || r.value.trim()), ...parsed.map((p) => ({ ...emptyRow(), ...p }))]);
    setSubmitted(true); // imported rows show their problems at once
    return true;
  };

  const submit = async () => {
    setSubmitted(true);
    if (errors > 0) return;
    if (entries.length === 0) return;
    const parts = chunk(entries);
    let proposed = false;
    for (let i = 0; i < parts.length; i++) {
      setProgress({ n: i + 1, total: parts.length });
      const part = parts[i];
      const done = await act({ fn: "addMultipleWhitelistedAddresses", args: [part.map((e) => e.address), part.map((e) => e.amount)] });
      if (!done) {
        // Keep what was not sent, so Submit sends the rest.
        const sent = new Set(
          parts
            .slice(0, i)
            .flat()
            .map((e) => e.address),
        );
        if (sent.size) setRows((rs) => rs.filter((r, j) => !sent.has(checks[j]?.address ?? "")));
        setProgress(null);
        return;
      }
      // Each part is a proposal to the owner Safe (its toast said so): nothing is whitelisted until it is executed.
      if (done.proposed) proposed = true;
    }
    setProgress(null);
    if (proposed) return onClose();
    const message = translate("app.manage_sale.messages.whitelisted", { smart_count: entries.length });
    notify(message, { type: "success", messageArgs: { _: message } });
    onClose();
  };

  return (
    <>
      <DialogTitle id="whitelist-title">{translate(`${LABELS}.title`)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          {rows.map((row, i) => {
            const check = checks[i];
            // A row's problems show once it is imported or submitted; while typing, from 42 characters (an address's length).
            const userError =
              !check.blank && check.userError && (submitted || row.user.trim().length >= 42) ? translate(check.userError) : undefined;
            const valueError =
              !check.blank && check.valueError && (submitted || row.value.trim()) ? translate(check.valueError) : undefined;
            // The props the row's two inputs share: label, value, change and error.
            const cell = (name: "user" | "value", error: string | undefined) => ({
              label: translate(`${LABELS}.${name}`),
              value: row[name],
              onChange: (event: { target: { value: string } }) => update(row.key, { [name]: event.target.value }),
              error: !!error,
              helperText: error,
              size: "small" as const,
            });
            return (
              <Stack
                key={row.key}
                direction="row"
                spacing={1}
                sx={{ alignItems: "flex-start" }}
                role="group"
                aria-label={translate(`${LABELS}.row`, { n: i + 1 })}
                data-invalid={hasError(check) || undefined}
              >
                <TextField {...cell("user", userError)} sx={{ flex: 3 }} slotProps={{ htmlInput: { spellCheck: false } }} />
                <TextField {...cell("value", valueError)} sx={{ flex: 1 }} slotProps={{ htmlInput: { inputMode: "decimal" } }} />
                <Tooltip title={translate(`${LABELS}.remove_row`)}>
                  <span>
                    <IconButton aria-label={translate(`${LABELS}.remove_row`)} onClick={() => remove(row.key)} disabled={sending}>
                      <CloseIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
          <Box>
            <Tooltip title={translate(`${LABELS}.add_row`)}>
              <span>
                <IconButton
                  aria-label={translate(`${LABELS}.add_row`)}
                  onClick={() => setRows((rs) => [...rs, emptyRow()])}
                  disabled={sending}
                  color="primary"
                >
                  <AddIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          <Divider />
          <TextField
            label={translate(`${LABELS}.csv`)}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            multiline
            minRows={3}
            maxRows={10}
            error={!!csvError}
            helperText={csvError ?? undefined}
            placeholder={"0x0000000000000000000000000000000000000001,1.5"}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => addRows(csv) && setCsv("")} disabled={sending || !csv.trim()}>
              {translate(`${LABELS}.csv_add`)}
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={sending}>
              {translate(`${LABELS}.csv_file`)}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv,text/plain"
              hidden
              data-testid="whitelist-csv-file"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) addRows(await file.text());
              }}
            />
          </Stack>
          {submitted && errors > 0 && (
            <Alert severity="error" role="alert">
              {translate(`${LABELS}.errors`, { smart_count: errors })}
            </Alert>
          )}
          {submitted && errors === 0 && entries.length === 0 && <Alert severity="warning">{translate(`${LABELS}.nothing`)}</Alert>}
          {entries.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="whitelist-plan">
              {translate(`${LABELS}.plan`, { count: entries.length, smart_count: batches })}
              {duplicates > 0 && ` · ${translate(`${LABELS}.merged`, { smart_count: duplicates })}`}
            </Typography>
          )}
          {progress && (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <CircularProgress size={16} />
              <Typography variant="body2">{translate(`${LABELS}.progress`, progress)}</Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {translate("app.form.close")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={sending || pending !== null}>
          {translate(`${LABELS}.submit`)}
        </Button>
      </DialogActions>
    </>
  );
}
