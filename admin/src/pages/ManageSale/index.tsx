import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { Title, useTranslate } from "react-admin";
import { checkAddress, WalletProvider } from "../../chain";
import { useExplorerUrl } from "../../resources/ChainTransaction/useExplorerUrl";
import { BalancesCard } from "./BalancesCard";
import { DepositCard } from "./DepositCard";
import { PresaleHistory } from "./PresaleHistory";
import { PresaleValues } from "./PresaleValues";
import { SaleCard } from "./SaleCard";
import { SaleSafeQueue } from "./SaleSafeQueue";
import { SaleInsight } from "../../saleInsight/SaleInsight";
import { SaleHeader } from "./SaleHeader";
import { SettingsCard } from "./SettingsCard";
import { AccessDenied, useAccess, useAllowed } from "../../ui/access";
import { LoadingScreen } from "../../ui/LoadingScreen";
import { SaleContext, useSaleState } from "./useSale";
import { WhitelistDialog } from "./WhitelistDialog";

const LABELS = "app.manage_sale";

/** /ManageSale without a presale, or with something that is not an address. */
function ChoosePresale({ invalid }: { invalid?: string }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(`${LABELS}.title`)}
        </Typography>
        {invalid && (
          <Alert severity="error" sx={{ mb: 2, wordBreak: "break-all" }}>
            {translate(`${LABELS}.invalid_address`, { address: invalid })}
          </Alert>
        )}
        <Typography variant="h6" component="h2">
          {translate(`${LABELS}.choose_title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${LABELS}.choose_text`)}
        </Typography>
        <Button component={RouterLink} to="/LaunchPad" variant="contained">
          {translate(`${LABELS}.to_launchpad`)}
        </Button>
      </CardContent>
    </Card>
  );
}

/** `acts`: the role may act on the sale (chain on LaunchPad); `insight`: it may read the sale insight figures. */
function ManageSale({ address, acts, insight }: { address: string; acts: boolean; insight: boolean }) {
  const translate = useTranslate();
  const sale = useSaleState(address);
  const explorerUrl = useExplorerUrl();
  const [whitelistOpen, setWhitelistOpen] = useState(false);
  const { state, reading, error } = sale;
  return (
    <SaleContext.Provider value={sale}>
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <SaleHeader />
          </CardContent>
        </Card>
        {!state && reading && !error && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", p: 2 }}>
            <CircularProgress size={20} />
            <Typography>{translate(`${LABELS}.loading`)}</Typography>
          </Stack>
        )}
        {state && !acts && <Alert severity="info">{translate(`${LABELS}.read_only`)}</Alert>}
        {state && (
          <>
            <SaleSafeQueue />
            <BalancesCard />
            {/* One column below lg; minmax(0, …) lets a column shrink below its widest line (a 1fr column would not). */}
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" },
                alignItems: "start",
              }}
            >
              {acts && (
                <Stack spacing={2}>
                  <SettingsCard />
                  <DepositCard />
                </Stack>
              )}
              <Stack spacing={2}>
                {acts && <SaleCard onAddWhitelist={() => setWhitelistOpen(true)} />}
                <PresaleValues />
              </Stack>
            </Box>
          </>
        )}
        {insight && <SaleInsight />}
        <PresaleHistory explorerUrl={explorerUrl} />
      </Stack>
      {acts && <WhitelistDialog open={whitelistOpen} onClose={() => setWhitelistOpen(false)} />}
    </SaleContext.Provider>
  );
}

/**
 * /ManageSale/{PresaleAddress}: one presale run from the connected wallet,
 * every value read from the chain in one call and again after each mined
 * transaction. /ManageSale alone asks to choose a presale.
 */
export default function ManageSalePage() {
  const { id } = useParams();
  const address = id ? checkAddress(id) : null;
  // A presale's page for who may read presales; its actions for who may act on them (the gateway checks both again).
  const readable = useAccess("list", "LaunchPad");
  const acts = useAllowed("chain", "LaunchPad");
  const insight = useAllowed("read", "SaleInsight");
  if (readable === undefined) return <LoadingScreen />;
  if (!readable) return <AccessDenied />;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={`${LABELS}.title`} />
      {address ? (
        <WalletProvider>
          <ManageSale key={address} address={address} acts={acts} insight={insight} />
        </WalletProvider>
      ) : (
        <ChoosePresale invalid={id} />
      )}
    </Box>
  );
}
