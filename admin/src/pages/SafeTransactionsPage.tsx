import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { Title, useTranslate } from "react-admin";
import { ConnectButton, WalletProvider } from "../chain";
import { SafeQueue } from "../safe/SafeQueue";

/**
 * /SafeTransactions: every Safe transaction proposed from this admin, across Safes and contracts, newest nonce first,
 * with the same Confirm / Execute / Reject as a presale's queue (the screen reads each Safe's owners and nonce).
 */
export default function SafeTransactionsPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="app.safe.title" />
      <WalletProvider>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={2}
                sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
              >
                <Typography variant="h5" component="h1">
                  {translate("app.safe.title")}
                </Typography>
                <ConnectButton />
              </Stack>
              <Typography color="text.secondary">{translate("app.safe.intro")}</Typography>
              <SafeQueue wide emptyText={translate("app.safe.all_empty")} />
            </Stack>
          </CardContent>
        </Card>
      </WalletProvider>
    </Box>
  );
}
