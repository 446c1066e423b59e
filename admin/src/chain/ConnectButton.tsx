import { Button, type ButtonProps } from "@mui/material";
import { useNotify } from "react-admin";
import { shortAddress } from "./units";
import { useWallet } from "./useWallet";

export const DISCONNECTED_MESSAGE = "Wallet Disconnected !";

/**
 * Connect / disconnect: 'Connect Wallet' opens the chooser; once connected it
 * shows the short address, and a click disconnects ('Wallet Disconnected !').
 */
export function ConnectButton({ connectLabel = "Connect Wallet", ...props }: ButtonProps & { connectLabel?: string }) {
  const { account, isActivating, status, openChooser, disconnect } = useWallet();
  const notify = useNotify();
  if (account) {
    return (
      <Button
        variant="outlined"
        title={`${account} (click to disconnect)`}
        {...props}
        onClick={async () => {
          await disconnect();
          notify(DISCONNECTED_MESSAGE, { type: "info", messageArgs: { _: DISCONNECTED_MESSAGE } });
        }}
      >
        {shortAddress(account)}
      </Button>
    );
  }
  return (
    <Button variant="contained" disabled={status !== "ready" || isActivating} {...props} onClick={openChooser}>
      {status === "off" ? "Chain unavailable" : connectLabel}
    </Button>
  );
}
