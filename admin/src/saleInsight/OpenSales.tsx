/**
 * The Dashboard's open sales (loaded lazily with the chain layer): a card per
 * registered presale that is open now, with its progress per currency and the
 * time left, linking to its ManageSale. Every presale is read in ONE
 * Multicall3 call.
 */
import { Card, CardActionArea, CardContent, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { useGetList, useTranslate } from "react-admin";
import { shortAddress } from "../chain/units";
import { POLL_MS } from "./api";
import { ProgressLine } from "./ProgressLine";
import { readPresaleProgress } from "./progress";
import { TimeLeft } from "./TimeLeft";

/** How many registered presales the Dashboard looks at (newest first). */
const MAX_SALES = 100;

export default function OpenSales() {
  const translate = useTranslate();
  const { data: records = [] } = useGetList("LaunchPad", {
    pagination: { page: 1, perPage: MAX_SALES },
    sort: { field: "id", order: "DESC" },
  });
  const addresses = records.map((r) => String(r.presaleAddress));
  const progress = useQuery({
    queryKey: ["presaleProgress", "dashboard", addresses],
    queryFn: () => readPresaleProgress(addresses),
    enabled: addresses.length > 0,
    // Progress moves with purchases; a slow refresh keeps the card current without loading the node.
    refetchInterval: POLL_MS * 5,
  });
  const open = records.flatMap((record) => {
    const sale = progress.data?.get(String(record.presaleAddress));
    return sale?.isPresaleOpen ? [{ record, sale }] : [];
  });
  // Nothing to say without registered presales or without a chain to read them from.
  if (!progress.isSuccess) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {translate("app.sale_insight.open_sales")}
      </Typography>
      {progress.isSuccess && open.length === 0 && (
        <Typography color="text.secondary">{translate("app.sale_insight.no_open_sales")}</Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {open.map(({ record, sale }) => (
          <Card key={record.id} sx={{ flex: "1 1 280px", maxWidth: 420 }} data-testid="open-sale">
            <CardActionArea component={RouterLink} to={`/ManageSale/${sale.address}`} sx={{ height: "100%" }}>
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ wordBreak: "break-all" }}>
                  {String(record.tokenName || record.tokenSymbol || shortAddress(sale.address))}
                </Typography>
                <Stack spacing={1} sx={{ mt: 1 }}>
                  <ProgressLine currency="BNB" raised={sale.ethEarned} cap={sale.hardCap} dense />
                  <ProgressLine currency="BUSD" raised={sale.busdEarned} cap={sale.busdHardCap} dense />
                  <TimeLeft open endTime={sale.endTime} variant="caption" />
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </>
  );
}
