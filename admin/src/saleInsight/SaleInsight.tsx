import { Alert, Box, CircularProgress, Stack, Typography } from "@mui/material";
import { lazy, Suspense } from "react";
import { useTranslate } from "react-admin";
import { useSale } from "../pages/ManageSale/useSale";
import { SaleSection } from "../pages/ManageSale/SaleSection";
import { ContributorsList } from "./ContributorsList";
import { IndexerStatus } from "./IndexerStatus";
import { ProgressLine } from "./ProgressLine";
import { TimeLeft } from "./TimeLeft";
import { useOnNewBlock, useSaleInsight } from "./useSaleInsight";
import { WhitelistList } from "./WhitelistList";

const LABELS = "app.sale_insight";

/** The charts library loads with this section only, after the screen's first paint. */
const SaleCharts = lazy(() => import("./SaleCharts"));

/** The progress bars, from the chain read the screen already holds (so they are exact even when the indexer lags). */
function SaleProgress() {
  const translate = useTranslate();
  const { state } = useSale();
  if (!state) return null;
  return (
    <SaleSection title={translate(`${LABELS}.progress`)}>
      <Stack spacing={2}>
        <ProgressLine currency="BNB" raised={state.ethEarned} cap={state.hardCap} />
        <ProgressLine currency="BUSD" raised={state.busdEarned} cap={state.busdHardCap} />
        <TimeLeft open={state.isPresaleOpen} endTime={state.endTime} />
      </Stack>
    </SaleSection>
  );
}

/**
 * ManageSale's insight: the indexer's state, progress per currency, the
 * charts, contributors and whitelist. The gateway is polled; the chain is read
 * again only when a new block has been indexed.
 */
export function SaleInsight() {
  const translate = useTranslate();
  const sale = useSale();
  const { stats, status, error, indexedBlock } = useSaleInsight(sale.address);
  useOnNewBlock(indexedBlock, () => void sale.reload());
  return (
    <Stack spacing={2}>
      <IndexerStatus status={status} />
      {error && <Alert severity="warning">{translate(`${LABELS}.insight_failed`, { error: translate(error.message) })}</Alert>}
      <SaleProgress />
      {stats && (
        <Suspense
          fallback={
            <Box sx={{ p: 2 }}>
              <CircularProgress size={20} />
            </Box>
          }
        >
          <SaleCharts address={sale.address} stats={stats} />
        </Suspense>
      )}
      {stats && (
        <Typography color="text.secondary" data-testid="contributor-count">
          {translate(`${LABELS}.contributors`, { smart_count: stats.contributors })}
        </Typography>
      )}
      <ContributorsList
        presale={sale.address}
        indexedBlock={indexedBlock}
        tokenDecimals={sale.state?.token.decimals ?? Number(sale.record?.tokenDecimal ?? 18)}
      />
      <WhitelistList presale={sale.address} indexedBlock={indexedBlock} />
    </Stack>
  );
}
