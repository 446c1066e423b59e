import { Stack } from "@mui/material";
import { useTranslate } from "react-admin";
import { BUSD_DECIMALS, checkAddress, humanError, parseAmount } from "../../chain";
import { saleAvailability } from "./availability";
import { plain, show } from "./format";
import { UpdateField, type Parsed } from "./UpdateField";
import { useSale } from "./useSale";
import { SaleSection } from "./SaleSection";

const LABELS = "app.manage_sale";

/** Text → base units with these decimals, or the parse error in plain words. */
const amountParser =
  (decimals: number, label: string) =>
  (text: string): Parsed<bigint> => {
    try {
      return { value: parseAmount(text, decimals, label) };
    } catch (e) {
      return { error: humanError(e) };
    }
  };

/**
 * The editable values, each its own owner-only transaction: the token price in
 * USDT (tokens per 1 USDT, in the token's decimals), the token address, and
 * the USDT minimum, maximum and hard cap (18 decimals).
 */
export function SettingsCard() {
  const translate = useTranslate();
  const { state, act, pending } = useSale();
  if (!state) return null;
  const { token } = state;
  const busy = pending !== null;
  const succeeded = translate(`${LABELS}.messages.succeeded`);
  const done = (key: string, args: Record<string, unknown>) => translate(`${LABELS}.done.${key}`, args);
  const tokenAddress = saleAvailability(state).tokenAddress;
  const usdtHelp = translate(`${LABELS}.settings.usdt_help`);
  const limits = [
    { fn: "setBUSDMinEthLimit", label: `${LABELS}.settings.min_usdt`, value: state.busdMinEthLimit, done: "min_usdt" },
    { fn: "setBUSDMaxEthLimit", label: `${LABELS}.settings.max_usdt`, value: state.busdMaxEthLimit, done: "max_usdt" },
    { fn: "setBUSDHardCap", label: `${LABELS}.settings.hard_cap_usdt`, value: state.busdHardCap, done: "hard_cap_usdt" },
  ];
  return (
    <SaleSection title={translate(`${LABELS}.settings.title`)}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <UpdateField
          label={`${LABELS}.settings.price_usdt`}
          helperText={translate(`${LABELS}.settings.price_help`, { symbol: token.symbol, decimals: token.decimals })}
          current={plain(state.tokenRatePercrypto, token.decimals)}
          parse={amountParser(token.decimals, translate(`${LABELS}.settings.price_usdt`))}
          onUpdate={(rate) =>
            act(
              { fn: "setTokenRatePercrypto", args: [rate] },
              succeeded,
              done("price_usdt", { amount: show(rate, token.decimals), symbol: token.symbol }),
            )
          }
          disabled={busy}
          busy={pending === "setTokenRatePercrypto"}
        />
        <UpdateField<string>
          label={`${LABELS}.settings.token_address`}
          current={state.tokenAddress}
          parse={(text) => {
            const address = checkAddress(text);
            return address ? { value: address } : { error: translate(`${LABELS}.settings.invalid_address`) };
          }}
          onUpdate={(address) => act({ fn: "setTokenAddress", args: [address] }, succeeded, done("token_address", { address }))}
          disabled={busy}
          blockedReason={tokenAddress.reason && translate(`${LABELS}.why.${tokenAddress.reason}`)}
          busy={pending === "setTokenAddress"}
          inputMode="text"
        />
        {limits.map(({ fn, label, value, done: key }) => (
          <UpdateField
            key={fn}
            label={label}
            helperText={usdtHelp}
            current={plain(value, BUSD_DECIMALS)}
            parse={amountParser(BUSD_DECIMALS, translate(label))}
            onUpdate={(amount) => act({ fn, args: [amount] }, succeeded, done(key, { amount: show(amount, BUSD_DECIMALS) }))}
            disabled={busy}
            busy={pending === fn}
          />
        ))}
      </Stack>
    </SaleSection>
  );
}
