import { Table, TableBody, TableCell, TableRow } from "@mui/material";
import { useTranslate } from "react-admin";
import { BNB_DECIMALS, BUSD_DECIMALS, secondsToDays } from "../../chain";
import { show } from "./format";
import { useSale } from "./useSale";
import { SaleSection } from "./SaleSection";

const LABELS = "app.manage_sale.values";

/** The presale's values read on chain, all from the one batched read. */
export function PresaleValues() {
  const translate = useTranslate();
  const { state } = useSale();
  if (!state) return null;
  const { token } = state;
  const yes = (b: boolean) => translate(`${LABELS}.${b ? "yes" : "no"}`);
  const bnb = (v: bigint) => `${show(v, BNB_DECIMALS)} BNB`;
  const busd = (v: bigint) => `${show(v, BUSD_DECIMALS)} BUSD`;
  const days = secondsToDays(state.intervalSeconds);
  const rows: [string, string][] = [
    ["token_address", state.tokenAddress],
    ["token", `${token.name} (${token.symbol}, ${token.decimals} decimals)`],
    ["staker", state.staker],
    ["rate_bnb", `${show(state.tokenRatePerEth, token.decimals)} ${token.symbol}`],
    ["rate_busd", `${show(state.tokenRatePercrypto, token.decimals)} ${token.symbol}`],
    ["bnb_earned", bnb(state.ethEarned)],
    ["busd_earned", busd(state.busdEarned)],
    ["whitelist", yes(state.isWhitelist)],
    ["min_bnb", bnb(state.minEthLimit)],
    ["max_bnb", bnb(state.maxEthLimit)],
    ["min_busd", busd(state.busdMinEthLimit)],
    ["max_busd", busd(state.busdMaxEthLimit)],
    ["hard_cap", bnb(state.hardCap)],
    ["busd_hard_cap", busd(state.busdHardCap)],
    ["interval", translate(`${LABELS}.days`, { smart_count: Number(days) })],
    ["owner", state.owner],
    ["open", yes(state.isPresaleOpen)],
    ["pool", state.currentPoolId.toString()],
    ["claimable", yes(state.isClaimable)],
    ...(state.endTime > 0n ? ([["end_time", new Date(Number(state.endTime) * 1000).toLocaleString()]] as [string, string][]) : []),
  ];
  return (
    <SaleSection title={translate(`${LABELS}.title`)}>
      <Table size="small" aria-label={translate(`${LABELS}.title`)}>
        <TableBody>
          {rows.map(([key, value]) => (
            <TableRow key={key} data-value={key}>
              <TableCell component="th" scope="row" sx={{ color: "text.secondary", width: "40%" }}>
                {translate(`${LABELS}.${key}`)}
              </TableCell>
              <TableCell sx={{ fontFamily: value.startsWith("0x") ? "monospace" : undefined, wordBreak: "break-all" }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SaleSection>
  );
}
