import { Button, Card, CardContent, CircularProgress, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslate } from "react-admin";
import { checkAddress, humanError, parseDays } from "../../chain";
import { useSale } from "./useSale";

const K = "app.manage_sale";

function ActionButton({ fn, onClick, children, color }: { fn: string; onClick(): void; children: ReactNode; color?: "error" | "primary" | "secondary" }) {
  const { pending } = useSale();
  return (
    <Button
      variant="contained"
      color={color}
      onClick={onClick}
      disabled={pending !== null}
      startIcon={pending === fn ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}

/**
 * The sale's life: Start Sale for a number of days (needs deposited tokens),
 * Stop sale, the whitelist mode, Add Whitelist, finalise (only once stopped),
 * and the withdrawals.
 */
export function SaleCard({ onAddWhitelist }: { onAddWhitelist(): void }) {
  const translate = useTranslate();
  const { state, act, pending, warn, reload } = useSale();
  const [days, setDays] = useState("");
  const [daysError, setDaysError] = useState<string | null>(null);
  const [staker, setStaker] = useState("");
  const currentStaker = state?.staker ?? "";
  useEffect(() => setStaker(currentStaker), [currentStaker]);
  if (!state) return null;
  const m = (key: string) => translate(`${K}.messages.${key}`);

  const start = async () => {
    let n: bigint;
    try {
      n = parseDays(days);
      setDaysError(null);
    } catch (e) {
      setDaysError(humanError(e));
      return;
    }
    // Checked on a fresh read, before the wallet is asked anything.
    const now = (await reload()) ?? state;
    if (now.token.balance === 0n) return warn(`${K}.messages.deposit_first`);
    await act({ fn: "startPresale", args: [n] }, m("started"));
  };

  const finalise = async () => {
    const now = (await reload()) ?? state;
    if (now.isPresaleOpen) return warn(`${K}.messages.stop_first`);
    const to = checkAddress(staker);
    if (!to) return warn(`${K}.settings.invalid_address`, "error");
    await act({ fn: "finalizeSale", args: [to] }, m("finalised"));
  };

  const toggleWhitelist = async () => {
    const done = await act({ fn: "whitelistedSale" });
    if (!done) return;
    const enabled = done.state ? done.state.isWhitelist : !state.isWhitelist;
    warn(`${K}.messages.${enabled ? "whitelist_on" : "whitelist_off"}`, enabled ? "info" : "warning");
  };

  const stakerValid = !!checkAddress(staker);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${K}.sale.title`)}
        </Typography>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }} role="group" aria-label={translate(`${K}.sale.start`)}>
            <TextField
              label={translate(`${K}.sale.days`)}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={!!daysError}
              helperText={daysError ?? undefined}
              size="small"
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
            <ActionButton fn="startPresale" onClick={start}>
              {translate(`${K}.sale.start`)}
            </ActionButton>
            <ActionButton fn="closePresale" color="error" onClick={() => void act({ fn: "closePresale" }, m("stopped"))}>
              {translate(`${K}.sale.stop`)}
            </ActionButton>
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <FormControlLabel
              control={<Switch checked={state.isWhitelist} onChange={() => void toggleWhitelist()} disabled={pending !== null} />}
              label={translate(`${K}.sale.whitelist`)}
            />
            <Button variant="outlined" onClick={onAddWhitelist} disabled={pending !== null}>
              {translate(`${K}.sale.add_whitelist`)}
            </Button>
          </Stack>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }} role="group" aria-label={translate(`${K}.sale.finalise`)}>
            <TextField
              label={translate(`${K}.sale.staker`)}
              value={staker}
              onChange={(e) => setStaker(e.target.value)}
              error={!stakerValid}
              helperText={stakerValid ? translate(`${K}.sale.staker_help`) : translate(`${K}.settings.invalid_address`)}
              size="small"
              fullWidth
            />
            <ActionButton fn="finalizeSale" color="secondary" onClick={finalise}>
              {translate(`${K}.sale.finalise`)}
            </ActionButton>
          </Stack>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
            <ActionButton fn="withdrawBNB" onClick={() => void act({ fn: "withdrawBNB" }, m("succeeded"))}>
              {translate(`${K}.sale.withdraw_bnb`)}
            </ActionButton>
            <ActionButton fn="getUnsoldTokens" onClick={() => void act({ fn: "getUnsoldTokens" }, m("succeeded"))}>
              {translate(`${K}.sale.withdraw_tokens`)}
            </ActionButton>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
