import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import type { HTMLAttributes } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate, type RaRecord, type TranslateFunction } from "react-admin";
import { SimpleTable, type SimpleColumn } from "../../ui/SimpleTable";
import { Address, TxCall, TxHash, TxStatus } from "../../resources/ChainTransaction/cells";
import type { TxToken } from "../../resources/ChainTransaction/sentence";
import { TableScroll } from "../../ui/TableScroll";
import { useSale } from "./useSale";

const FIELDS = "resources.transactions.fields";

/** The history's columns: block, time, what the call did (amounts in the sale token's units), wallet, user, status, hash. */
function historyColumns(translate: TranslateFunction, explorerUrl: string | null, token: TxToken | null): SimpleColumn<RaRecord>[] {
  const column = (field: string, cell: SimpleColumn<RaRecord>["cell"]) => ({ label: translate(`${FIELDS}.${field}`), cell });
  return [
    column("blockNumber", (t) => t.blockNumber),
    column("createdAt", (t) => new Date(t.createdAt).toLocaleString()),
    column("action", (t) => <TxCall tx={t as RaRecord & { functionName: string }} token={token} />),
    column("wallet", (t) => <Address address={t.wallet} explorerUrl={explorerUrl} />),
    column("userName", (t) => t.userName),
    column("status", (t) => <TxStatus status={t.status} />),
    column("hash", (t) => <TxHash hash={t.hash} explorerUrl={explorerUrl} />),
  ];
}

/** This presale's recorded transactions, newest first (allChainTransactions filtered by presaleAddress). */
export function PresaleHistory({ explorerUrl }: { explorerUrl: string | null }) {
  const translate = useTranslate();
  const { history, address, state, record } = useSale();
  // The sale token's units: read from the chain, else the LaunchPad record's.
  const token: TxToken | null = state?.token
    ? { symbol: state.token.symbol, decimals: state.token.decimals }
    : record?.tokenSymbol && record.tokenDecimal !== undefined && record.tokenDecimal !== null
      ? { symbol: String(record.tokenSymbol), decimals: Number(record.tokenDecimal) }
      : null;
  const filter = encodeURIComponent(JSON.stringify({ presaleAddress: address }));
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2">
            {translate("app.manage_sale.history.title")}
          </Typography>
          <Button component={RouterLink} to={`/transactions?filter=${filter}`} size="small">
            {translate("app.manage_sale.history.all")}
          </Button>
        </Stack>
        {history.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {history.isPending ? "…" : translate("app.manage_sale.history.empty")}
          </Typography>
        ) : (
          <TableScroll label={translate("app.manage_sale.history.title")}>
            <SimpleTable
              label={translate("app.manage_sale.history.title")}
              columns={historyColumns(translate, explorerUrl, token)}
              rows={history.data}
              rowProps={(t) => ({ "data-hash": t.hash }) as HTMLAttributes<HTMLTableRowElement>}
            />
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
