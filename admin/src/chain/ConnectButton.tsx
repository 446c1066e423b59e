import { Button, type ButtonProps } from "@mui/material";
import { useNotify } from "react-admin";
import { checkAddress, shortAddress } from "./units";
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
    // Checksum case, as the chain writes it; the button's default upper case would turn it into '0XF39F…'.
    const shown = checkAddress(account) ?? account;
    return (
      <Button
        variant="outlined"
        title={`${shown} (click to disconnect)`}
        {...props}
        sx={[{ textTransform: "none" }, ...(Array.isArray(props.sx) ? props.sx : props.sx ? [props.sx] : [])]}
        onClick={async () => {
          await disconnect();
          notify(DISCONNECTED_MESSAGE, { type: "info", messageArgs: { _: DISCONNECTED_MESSAGE } });
        }}
      >
        {shortAddress(shown)}
      </Button>
    );
  }
  return (
    <Button variant="contained" disabled={status !== "ready" || isActivating} {...props} onClick={openChooser}>
      {status === "off" ? "Chain unavailable" : connectLabel}
    </Button>
  );
}
