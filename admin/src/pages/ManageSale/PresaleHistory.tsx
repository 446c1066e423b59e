import { Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import { Address, TxArgs, TxHash, TxStatus } from "../../resources/ChainTransaction/cells";
import { TableScroll } from "../../ui/TableScroll";
import { useSale } from "./useSale";

const FIELDS = "resources.transactions.fields";

/** This presale's recorded transactions, newest first (allChainTransactions filtered by presaleAddress). */
export function PresaleHistory({ explorerUrl }: { explorerUrl: string | null }) {
  const translate = useTranslate();
  const { history, address } = useSale();
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
            <Table size="small" aria-label={translate("app.manage_sale.history.title")}>
              <TableHead>
                <TableRow>
                  {["blockNumber", "createdAt", "functionName", "args", "wallet", "userName", "status", "hash"].map((f) => (
                    <TableCell key={f}>{translate(`${FIELDS}.${f}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.map((t) => (
                  <TableRow key={t.id} data-hash={t.hash}>
                    {[
                      t.blockNumber,
                      new Date(t.createdAt).toLocaleString(),
                      t.contract === "Presale" ? t.functionName : `${t.contract}.${t.functionName}`,
                      <TxArgs args={t.args} />,
                      <Address address={t.wallet} explorerUrl={explorerUrl} />,
                      t.userName,
                      <TxStatus status={t.status} />,
                      <TxHash hash={t.hash} explorerUrl={explorerUrl} />,
                    ].map((cell, column) => (
                      <TableCell key={column}>{cell}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
