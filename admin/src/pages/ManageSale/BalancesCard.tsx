import { Stack, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { BUSD_DECIMALS, BNB_DECIMALS } from "../../chain";
import { show } from "./format";
import { useSale } from "./useSale";
import { SaleSection } from "./SaleSection";

const LABELS = "app.manage_sale.balances";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack sx={{ minWidth: 180 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The presale's token balance, what it collected (USDT and BNB) and what is left to sell. */
export function BalancesCard() {
  const translate = useTranslate();
  const { state } = useSale();
  if (!state) return null;
  const { token } = state;
  const ofToken = (amount: bigint) => `${show(amount, token.decimals)} ${token.symbol}`;
  // [label key, value, test id], in the order shown.
  const figures: [string, string, string][] = [
    ["token_balance", ofToken(token.balance), "token-balance"],
    ["collected_usdt", `${show(state.busdEarned, BUSD_DECIMALS)} USDT`, "collected-usdt"],
    ["collected_bnb", `${show(state.ethEarned, BNB_DECIMALS)} BNB`, "collected-bnb"],
    ["bnb_balance", `${show(state.bnbBalance, BNB_DECIMALS)} BNB`, "bnb-balance"],
    ["unsold", ofToken(state.availableTokens), "unsold-tokens"],
    ["sold", ofToken(state.tokensSold), "tokens-sold"],
  ];
  return (
    <SaleSection title={translate(`${LABELS}.title`)}>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 3 }}>
        {figures.map(([label, value, testId]) => (
          <Figure key={testId} label={translate(`${LABELS}.${label}`)} value={value} testId={testId} />
        ))}
      </Stack>
    </SaleSection>
  );
}
