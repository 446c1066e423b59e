import { Button, CircularProgress, Divider, FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslate } from "react-admin";
import type { TransactionReceipt } from "ethers";
import { BNB_DECIMALS, BUSD_DECIMALS, checkAddress, humanError, interfaceOf, parseDays, sameAddress, shortAddress } from "../../chain";
import { saleAvailability, type Availability } from "./availability";
import { show } from "./format";
import { ReasonButton } from "./ReasonButton";
import { useSale } from "./useSale";
import { SaleSection } from "./SaleSection";

const LABELS = "app.manage_sale";

/** The whitelist mode a mined whitelistedSale() set, from its WhitelistToggled event (undefined without one). */
function whitelistModeSet(receipt: TransactionReceipt, presale: string): boolean | undefined {
  const presaleAbi = interfaceOf("Presale");
  for (const log of receipt.logs) {
    if (!sameAddress(log.address, presale)) continue;
    const parsed = presaleAbi.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === "WhitelistToggled") return Boolean(parsed.args[0]);
  }
  return undefined;
}

function ActionButton({
  fn,
  onClick,
  children,
  color,
  availability,
}: {
  fn: string;
  onClick(): void;
  children: ReactNode;
  color?: "error" | "primary" | "secondary";
  availability: Availability;
}) {
  const translate = useTranslate();
  const { pending } = useSale();
  return (
    <ReasonButton
      variant="contained"
      color={color}
      onClick={onClick}
      disabled={pending !== null || availability.disabled}
      reason={availability.reason && translate(`${LABELS}.why.${availability.reason}`)}
      startIcon={pending === fn ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </ReasonButton>
  );
}

/**
 * The sale's life: Start Sale for a number of days (needs deposited tokens),
 * Stop sale, the whitelist mode, Add Whitelist, finalise (only once stopped),
 * and the withdrawals.
 */
export function SaleCard({ onAddWhitelist }: { onAddWhitelist(): void }) {
  const translate = useTranslate();
  const { address, state, act, pending, warn, reload } = useSale();
  const [days, setDays] = useState("");
  const [daysError, setDaysError] = useState<string | null>(null);
  const [staker, setStaker] = useState("");
  const currentStaker = state?.staker ?? "";
  useEffect(() => setStaker(currentStaker), [currentStaker]);
  if (!state) return null;
  const message = (key: string) => translate(`${LABELS}.messages.${key}`);
  const done = (key: string, args: Record<string, unknown> = {}) => translate(`${LABELS}.done.${key}`, args);
  const can = saleAvailability(state);
  const { token } = state;

  const start = async () => {
    let dayCount: bigint;
    try {
      dayCount = parseDays(days);
      setDaysError(null);
    } catch (e) {
      setDaysError(humanError(e));
      return;
    }
    // Checked on a fresh read, before the wallet is asked anything.
    const now = (await reload()) ?? state;
    if (now.token.balance === 0n) return warn(`${LABELS}.messages.deposit_first`);
    await act({ fn: "startPresale", args: [dayCount] }, message("started"), done("started", { smart_count: Number(dayCount) }));
  };

  const finalise = async () => {
    const now = (await reload()) ?? state;
    if (now.isPresaleOpen) return warn(`${LABELS}.messages.stop_first`);
    const to = checkAddress(staker);
    if (!to) return warn(`${LABELS}.settings.invalid_address`, "error");
    await act({ fn: "finalizeSale", args: [to] }, message("finalised"), done("finalised", { staker: shortAddress(to) }));
  };

  // The mode the transaction set is in its receipt (WhitelistToggled), so the toast comes once mined, like every
  // other action's, and is right even if another owner toggled meanwhile; the screen re-reads afterwards. A proposal
  // to the owner Safe is mined later (its own toast says so).
  const toggleWhitelist = () =>
    act({
      fn: "whitelistedSale",
      onMined: (receipt) => {
        const enabled = whitelistModeSet(receipt, address) ?? !state.isWhitelist;
        warn(`${LABELS}.messages.${enabled ? "whitelist_on" : "whitelist_off"}`, enabled ? "info" : "warning");
      },
    });

  const stakerValid = !!checkAddress(staker);
  return (
    <SaleSection title={translate(`${LABELS}.sale.title`)}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "flex-start", flexWrap: "wrap" }}
          role="group"
          aria-label={translate(`${LABELS}.sale.start`)}
        >
          <TextField
            label={translate(`${LABELS}.sale.days`)}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={!!daysError}
            helperText={daysError ?? undefined}
            size="small"
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <ActionButton fn="startPresale" onClick={start} availability={can.start}>
            {translate(`${LABELS}.sale.start`)}
          </ActionButton>
          <ActionButton
            fn="closePresale"
            color="error"
            availability={can.stop}
            onClick={() =>
              void act(
                { fn: "closePresale" },
                message("stopped"),
                done("stopped", { bnb: show(state.ethEarned, BNB_DECIMALS), usdt: show(state.busdEarned, BUSD_DECIMALS) }),
              )
            }
          >
            {translate(`${LABELS}.sale.stop`)}
          </ActionButton>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <FormControlLabel
            control={<Switch checked={state.isWhitelist} onChange={() => void toggleWhitelist()} disabled={pending !== null} />}
            label={translate(`${LABELS}.sale.whitelist`)}
          />
          <Button variant="outlined" onClick={onAddWhitelist} disabled={pending !== null}>
            {translate(`${LABELS}.sale.add_whitelist`)}
          </Button>
        </Stack>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }} role="group" aria-label={translate(`${LABELS}.sale.finalise`)}>
          <TextField
            label={translate(`${LABELS}.sale.staker`)}
            value={staker}
            onChange={(e) => setStaker(e.target.value)}
            error={!stakerValid}
            helperText={stakerValid ? translate(`${LABELS}.sale.staker_help`) : translate(`${LABELS}.settings.invalid_address`)}
            size="small"
            fullWidth
          />
          <ActionButton fn="finalizeSale" color="secondary" onClick={finalise} availability={can.finalise}>
            {translate(`${LABELS}.sale.finalise`)}
          </ActionButton>
        </Stack>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          <ActionButton
            fn="withdrawBNB"
            availability={can.withdrawBnb}
            onClick={() =>
              void act({ fn: "withdrawBNB" }, message("succeeded"), done("withdrawn_bnb", { amount: show(state.bnbBalance, BNB_DECIMALS) }))
            }
          >
            {translate(`${LABELS}.sale.withdraw_bnb`)}
          </ActionButton>
          <ActionButton
            fn="getUnsoldTokens"
            availability={can.withdrawTokens}
            onClick={() =>
              void act(
                { fn: "getUnsoldTokens" },
                message("succeeded"),
                done("withdrawn_tokens", { amount: show(state.availableTokens, token.decimals), symbol: token.symbol }),
              )
            }
          >
            {translate(`${LABELS}.sale.withdraw_tokens`)}
          </ActionButton>
        </Stack>
      </Stack>
    </SaleSection>
  );
}
