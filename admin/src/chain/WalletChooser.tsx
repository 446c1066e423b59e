import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import {
  Alert,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from "@mui/material";
import { useState } from "react";
import { useWallet } from "./useWallet";

/**
 * The 'Select a Wallet' dialog: the browser wallet (MetaMask or any injected
 * EIP-1193 wallet) or WalletConnect. WalletProvider renders it; open it with
 * useWallet().openChooser() (ConnectButton does).
 */
export function WalletChooser() {
  const { chooserOpen, closeChooser, connect, error, hasBrowserWallet } = useWallet();
  const [busy, setBusy] = useState<null | "browser" | "walletconnect">(null);
  const choose = async (kind: "browser" | "walletconnect") => {
    setBusy(kind);
    try {
      await connect(kind);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open={chooserOpen} onClose={closeChooser} aria-labelledby="wallet-chooser-title" maxWidth="xs" fullWidth>
      <DialogTitle id="wallet-chooser-title">Select a Wallet</DialogTitle>
      <DialogContent>
        <List>
          <ListItemButton onClick={() => choose("browser")} disabled={busy !== null}>
            <ListItemIcon>
              <AccountBalanceWalletIcon />
            </ListItemIcon>
            <ListItemText
              primary="Browser wallet"
              secondary={hasBrowserWallet ? "MetaMask or another wallet in this browser" : "No wallet found in this browser"}
            />
            {busy === "browser" && <CircularProgress size={20} />}
          </ListItemButton>
          <ListItemButton onClick={() => choose("walletconnect")} disabled={busy !== null}>
            <ListItemIcon>
              <QrCode2Icon />
            </ListItemIcon>
            <ListItemText primary="WalletConnect" secondary="Scan a QR code with a mobile wallet" />
            {busy === "walletconnect" && <CircularProgress size={20} />}
          </ListItemButton>
        </List>
        {error && (
          <Alert severity="warning" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}
