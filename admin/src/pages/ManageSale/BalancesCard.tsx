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
  return (
    <SaleSection title={translate(`${LABELS}.title`)}>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 3 }}>
        <Figure
          label={translate(`${LABELS}.token_balance`)}
          value={`${show(token.balance, token.decimals)} ${token.symbol}`}
          testId="token-balance"
        />
        <Figure
          label={translate(`${LABELS}.collected_usdt`)}
          value={`${show(state.busdEarned, BUSD_DECIMALS)} USDT`}
          testId="collected-usdt"
        />
        <Figure label={translate(`${LABELS}.collected_bnb`)} value={`${show(state.ethEarned, BNB_DECIMALS)} BNB`} testId="collected-bnb" />
        <Figure label={translate(`${LABELS}.bnb_balance`)} value={`${show(state.bnbBalance, BNB_DECIMALS)} BNB`} testId="bnb-balance" />
        <Figure
          label={translate(`${LABELS}.unsold`)}
          value={`${show(state.availableTokens, token.decimals)} ${token.symbol}`}
          testId="unsold-tokens"
        />
        <Figure
          label={translate(`${LABELS}.sold`)}
          value={`${show(state.tokensSold, token.decimals)} ${token.symbol}`}
          testId="tokens-sold"
        />
      </Stack>
    </SaleSection>
  );
}
