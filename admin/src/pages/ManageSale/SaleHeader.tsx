import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Alert, Box, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useNotify, useTranslate } from "react-admin";
import { checkAddress, ConnectButton, sameAddress, useWallet } from "../../chain";
import { copyText } from "../../ui/CopyButton";
import { SafeOwnerPanel } from "./SafeOwnerPanel";
import { useSale } from "./useSale";

const LABELS = "app.manage_sale";

/** Title, presale address with its copy button, the wallet, the sale's state, and who may act. */
export function SaleHeader() {
  const translate = useTranslate();
  const notify = useNotify();
  const { address, state, record, recordLoaded, reading, reload, error } = useSale();
  const { account, status, error: walletError } = useWallet();
  const copy = async () => {
    const ok = await copyText(address);
    notify(ok ? `${LABELS}.copied` : `${LABELS}.copy_failed`, { type: ok ? "success" : "error" });
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
        <Typography variant="h5" component="h1">
          {translate(`${LABELS}.title`)}
        </Typography>
        <ConnectButton />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary">
          {translate(`${LABELS}.presale_address`)}:
        </Typography>
        <Typography component="span" sx={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid="presale-address">
          {address}
        </Typography>
        <Tooltip title={translate(`${LABELS}.copy_address`)}>
          <IconButton aria-label={translate(`${LABELS}.copy_address`)} size="small" onClick={copy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {state && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} data-testid="sale-status">
          <Chip
            size="small"
            color={state.isPresaleOpen ? "success" : "default"}
            label={translate(`${LABELS}.status.${state.isPresaleOpen ? "open" : "closed"}`)}
          />
          <Chip
            size="small"
            color={state.isWhitelist ? "info" : "default"}
            variant="outlined"
            label={translate(`${LABELS}.status.${state.isWhitelist ? "whitelist_on" : "whitelist_off"}`)}
          />
          {state.isClaimable && <Chip size="small" color="secondary" label={translate(`${LABELS}.status.finalised`)} />}
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {translate(`${LABELS}.read_at`, { block: state.blockNumber })}
          </Typography>
          <Tooltip title={translate(`${LABELS}.reread`)}>
            <span>
              <IconButton aria-label={translate(`${LABELS}.reread`)} size="small" onClick={() => void reload()} disabled={reading}>
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      )}
      {status === "off" && <Alert severity="info">{translate(`${LABELS}.chain_off`)}</Alert>}
      {status === "error" && walletError && <Alert severity="error">{walletError}</Alert>}
      {error && (
        <Alert severity="error" role="alert">
          {translate(`${LABELS}.read_error`, { error })}
        </Alert>
      )}
      {recordLoaded && !record && <Alert severity="info">{translate(`${LABELS}.not_registered`)}</Alert>}
      {state && !account && status === "ready" && <Alert severity="info">{translate(`${LABELS}.connect_hint`)}</Alert>}
      {state?.ownerSafe && <SafeOwnerPanel safe={state.ownerSafe} />}
      {state && !state.ownerSafe && account && !sameAddress(account, state.owner) && (
        <Alert severity="warning" data-testid="not-owner">
          {translate(`${LABELS}.not_owner`, { account: checkAddress(account) ?? account, owner: state.owner })}
        </Alert>
      )}
    </Stack>
  );
}
