import { Button, CircularProgress, Stack, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { depositAmount } from "../../chain";
import { plain, show } from "./format";
import { useSale } from "./useSale";
import { SaleSection } from "./SaleSection";

const LABELS = "app.manage_sale";

/**
 * Deposit token amount (read-only) = the BUSD price × the BUSD hard cap, in the
 * token's decimals; Deposit transfers it from the connected wallet to the presale.
 */
export function DepositCard() {
  const translate = useTranslate();
  const { state, act, pending, warn, address } = useSale();
  if (!state) return null;
  const { token } = state;
  const amount = depositAmount(state.tokenRatePercrypto, state.busdHardCap);
  const deposit = async () => {
    if (amount === 0n) return warn(`${LABELS}.deposit.nothing`);
    await act(
      { contract: "IERC20", address: state.tokenAddress, fn: "transfer", args: [address, amount] },
      translate(`${LABELS}.messages.succeeded`),
      translate(`${LABELS}.done.deposited`, { amount: show(amount, token.decimals), symbol: token.symbol }),
    );
  };
  return (
    <SaleSection title={translate(`${LABELS}.deposit.title`)}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "flex-start", mt: 1 }}
        role="group"
        aria-label={translate(`${LABELS}.deposit.title`)}
      >
        <TextField
          label={translate(`${LABELS}.deposit.amount`)}
          value={plain(amount, token.decimals)}
          helperText={`${token.symbol} · ${translate(`${LABELS}.deposit.help`)}`}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          variant="contained"
          onClick={deposit}
          disabled={pending !== null}
          sx={{ mt: "2px", minWidth: 110 }}
          startIcon={pending === "transfer" ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${LABELS}.deposit.button`)}
        </Button>
      </Stack>
    </SaleSection>
  );
}
