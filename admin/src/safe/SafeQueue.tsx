import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import type { TransactionReceipt } from "ethers";
import {
  CHAIN_ERROR_ANCHOR,
  confirmSafeTransaction,
  executeRequest,
  humanError,
  isSafeOwner,
  listSafeTransactions,
  readSafes,
  rejectSafeTransaction,
  sameAddress,
  shortAddress,
  useChainAction,
  useWallet,
  type SafeOwner,
  type SafeTransactionRow,
  type SigningWallet,
} from "../chain";
import { useChanges } from "../live/useChanges";
import { useAllowed } from "../ui/access";
import { PresaleLink } from "../resources/ChainTransaction/cells";
import { safeSentence } from "./safeSentence";

const LABELS = "app.safe";
const WAITING = new Set(["pending", "executable"]);
const STATUS_COLOR = { pending: "default", executable: "primary", executed: "success", failed: "error", replaced: "warning" } as const;

export interface SafeQueueProps {
  /** Only this Safe's transactions (ManageSale: the presale's owner). */
  safe?: string;
  /** Only the transactions that call this contract (a presale), and the rejections at their nonces. */
  to?: string;
  /** Changes when the screen itself proposed something: read again at once. */
  refreshKey?: unknown;
  /** Called with the receipt once an execution is mined (the screen re-reads its values). */
  onExecuted?(receipt: TransactionReceipt): void;
  /** Show the Safe and the called contract of each row (the screen of every Safe). */
  wide?: boolean;
  emptyText?: string;
}

/**
 * A Safe queue: each proposal with its action in words, who signed, `n / threshold` and its status, and Confirm,
 * Execute and Reject for the connected owner. Reads again on every SafeTransaction change (another owner's signature,
 * an execution the indexer saw) and after each of its own actions.
 */
export function SafeQueue({ safe, to, refreshKey, onExecuted, wide, emptyText }: SafeQueueProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { account, eip1193, requestWallet } = useWallet();
  const { run } = useChainAction();
  // Proposing, confirming and rejecting are `chain` on SafeTransaction: a role without it sees the queue only.
  const acts = useAllowed("chain", "SafeTransaction");
  const [rows, setRows] = useState<SafeTransactionRow[] | null>(null);
  const [safes, setSafes] = useState<Map<string, SafeOwner>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [showDone, setShowDone] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const sequence = ++seq.current;
    try {
      const all = await listSafeTransactions(safe ? { safe } : {});
      // A rejection calls the Safe itself: keep it when it competes with one of this contract's proposals.
      const nonces = new Set(all.filter((r) => !to || sameAddress(r.to, to)).map((r) => `${r.safe}:${r.nonce}`));
      const mine = to ? all.filter((r) => sameAddress(r.to, to) || nonces.has(`${r.safe}:${r.nonce}`)) : all;
      const info = await readSafes([...new Set(mine.map((r) => r.safe))]);
      if (sequence !== seq.current) return;
      setRows(mine);
      setSafes(info);
      setError(null);
    } catch (e) {
      if (sequence === seq.current) setError(humanError(e));
    }
  }, [safe, to]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  useChanges("SafeTransaction", () => void load());

  const wallet = async (): Promise<SigningWallet> => (eip1193 ? { provider: eip1193, account } : requestWallet());
  const fail = (e: unknown) => {
    const message = `Try Again ! ${humanError(e)}`;
    notify(message, { type: "error", messageArgs: { _: message }, anchorOrigin: CHAIN_ERROR_ANCHOR });
  };
  const say = (key: string, args: Record<string, unknown>) => {
    const message = translate(`${LABELS}.${key}`, args);
    notify(message, { type: "success", messageArgs: { _: message } });
  };

  const confirm = async (row: SafeTransactionRow, info: SafeOwner) => {
    setBusy(`confirm:${row.safeTxHash}`);
    try {
      const result = await confirmSafeTransaction(row, info, await wallet());
      say("confirmed", { action: safeSentence(translate, row), count: result.confirmationCount, threshold: result.confirmationsRequired });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
      void load();
    }
  };
  const reject = async (row: SafeTransactionRow, info: SafeOwner) => {
    setBusy(`reject:${row.safeTxHash}`);
    try {
      const result = await rejectSafeTransaction(row, info, await wallet());
      say("rejected", { nonce: row.nonce, count: result.confirmationCount, threshold: result.confirmationsRequired });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
      void load();
    }
  };
  const execute = async (row: SafeTransactionRow, info: SafeOwner) => {
    setBusy(`execute:${row.safeTxHash}`);
    try {
      const receipt = await run(executeRequest(row, info, await wallet()), {
        success: translate(`${LABELS}.executed`, { action: safeSentence(translate, row) }),
      });
      if (receipt) onExecuted?.(receipt);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
      void load();
    }
  };

  const shown = useMemo(() => (rows ?? []).filter((r) => showDone || WAITING.has(r.status)), [rows, showDone]);
  const doneCount = (rows?.length ?? 0) - (rows ?? []).filter((r) => WAITING.has(r.status)).length;

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!rows) return <CircularProgress size={20} aria-label={translate("ra.page.loading")} />;
  return (
    <Stack spacing={1}>
      {doneCount > 0 && (
        <FormControlLabel
          control={<Switch checked={showDone} onChange={(e) => setShowDone(e.target.checked)} size="small" />}
          label={translate(`${LABELS}.show_done`)}
        />
      )}
      {shown.length === 0 ? (
        <Typography color="text.secondary">{emptyText ?? translate(`${LABELS}.queue_empty`)}</Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={translate(`${LABELS}.queue`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${LABELS}.nonce`)}</TableCell>
                {wide && <TableCell>{translate(`${LABELS}.safe_label`)}</TableCell>}
                <TableCell>{translate(`${LABELS}.action`)}</TableCell>
                <TableCell>{translate(`${LABELS}.signers`)}</TableCell>
                <TableCell>{translate(`${LABELS}.signatures`)}</TableCell>
                <TableCell>{translate(`${LABELS}.status_label`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => {
                const info = safes.get(row.safe.toLowerCase());
                const owner = !!info && isSafeOwner(info, account);
                const signed = row.confirmations.some((c) => sameAddress(c.owner, account));
                const waiting = WAITING.has(row.status);
                const isNext = !!info && info.nonce === row.nonce;
                const threshold = info?.threshold ?? row.confirmationsRequired;
                const executeReason = !isNext
                  ? translate(`${LABELS}.not_next`, { nonce: info?.nonce ?? "?" })
                  : row.status !== "executable"
                    ? translate(`${LABELS}.needs_signatures`, { threshold })
                    : null;
                const notOwner = account && info && !owner ? translate(`${LABELS}.not_owner`, { account }) : null;
                const action = safeSentence(translate, row);
                return (
                  <TableRow key={row.safeTxHash} data-status={row.status} aria-label={action}>
                    <TableCell>{row.nonce}</TableCell>
                    {wide && (
                      <TableCell sx={{ fontFamily: "monospace" }}>
                        <Tooltip title={row.safe}>
                          <span>{shortAddress(row.safe)}</span>
                        </Tooltip>
                      </TableCell>
                    )}
                    <TableCell>
                      {action}
                      {wide && !sameAddress(row.to, row.safe) && (
                        <Box>
                          <PresaleLink address={row.to} />
                        </Box>
                      )}
                    </TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>
                      {row.confirmations.map((c) => (
                        <Box key={c.owner}>
                          <Tooltip title={c.owner}>
                            <span>{shortAddress(c.owner)}</span>
                          </Tooltip>
                          {sameAddress(c.owner, account) && ` (${translate(`${LABELS}.you`)})`}
                        </Box>
                      ))}
                    </TableCell>
                    <TableCell data-testid="safe-signatures">
                      {row.confirmationCount} / {threshold}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLOR[row.status as keyof typeof STATUS_COLOR] ?? "default"}
                        label={translate(`${LABELS}.status.${row.status}`, { _: row.status })}
                      />
                    </TableCell>
                    <TableCell>
                      {waiting && acts && (
                        <Stack direction="row" spacing={1}>
                          <ActionButton
                            label={translate(`${LABELS}.confirm`)}
                            reason={notOwner ?? (signed ? translate(`${LABELS}.already_signed`) : null)}
                            busy={busy === `confirm:${row.safeTxHash}`}
                            disabled={!!busy || !info}
                            onClick={() => info && void confirm(row, info)}
                          />
                          <ActionButton
                            label={translate(`${LABELS}.execute`)}
                            variant="contained"
                            reason={notOwner ?? executeReason}
                            busy={busy === `execute:${row.safeTxHash}`}
                            disabled={!!busy || !info}
                            onClick={() => info && void execute(row, info)}
                          />
                          {!(sameAddress(row.to, row.safe) && row.data === "0x") && (
                            <ActionButton
                              label={translate(`${LABELS}.reject`)}
                              color="error"
                              reason={notOwner}
                              busy={busy === `reject:${row.safeTxHash}`}
                              disabled={!!busy || !info}
                              onClick={() => info && void reject(row, info)}
                            />
                          )}
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

/** A row's button: disabled with its reason as a tooltip (a disabled button gets no pointer events: the span has them). */
function ActionButton({
  label,
  reason,
  busy,
  disabled,
  onClick,
  variant = "outlined",
  color = "primary",
}: {
  label: string;
  reason: string | null;
  busy: boolean;
  disabled: boolean;
  onClick(): void;
  variant?: "outlined" | "contained";
  color?: "primary" | "error";
}) {
  const button = (
    <Button
      size="small"
      variant={variant}
      color={color}
      disabled={disabled || !!reason}
      onClick={onClick}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
  return reason ? (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
