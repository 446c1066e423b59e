import { Alert, AlertTitle, Box, Chip, Stack, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { checkAddress, isSafeOwner, sameAddress, useWallet, type SafeOwner } from "../../chain";

/**
 * "Owned by Safe 0x… (2 of 3)" with its owners (the connected one marked), and, when the connected wallet is not one of
 * them, why nothing it does can reach the Safe.
 */
export function SafeOwnerPanel({ safe }: { safe: SafeOwner }) {
  const translate = useTranslate();
  const { account } = useWallet();
  const owner = isSafeOwner(safe, account);
  return (
    <Stack spacing={1} data-testid="safe-owner">
      <Alert severity="info" icon={false}>
        <AlertTitle sx={{ wordBreak: "break-all" }}>
          {translate("app.safe.owned_by", { address: safe.address, threshold: safe.threshold, count: safe.owners.length })}
        </AlertTitle>
        <Typography variant="body2" component="div">
          {translate("app.safe.owners")}:
        </Typography>
        <Box
          component="ul"
          sx={{ m: 0, pl: 2.5, fontFamily: "monospace", wordBreak: "break-all" }}
          aria-label={translate("app.safe.owners")}
        >
          {safe.owners.map((o) => (
            <li key={o}>
              {o}
              {sameAddress(o, account) && <Chip size="small" sx={{ ml: 1 }} label={translate("app.safe.you")} />}
            </li>
          ))}
        </Box>
        {owner && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate("app.safe.proposal_hint")}
          </Typography>
        )}
      </Alert>
      {account && !owner && (
        <Alert severity="warning" data-testid="not-safe-owner">
          {translate("app.safe.not_owner", { account: checkAddress(account) ?? account })}
        </Alert>
      )}
    </Stack>
  );
}
