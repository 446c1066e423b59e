import { useEffect, useRef } from "react";
import { useWallet } from "../chain";

/**
 * "Connect the wallet if needed" for a chain form: `requireWallet()` resolves
 * with the connected wallet, or opens 'Select a Wallet' and settles when the
 * user picks one or closes it (WalletProvider's requestWallet). With
 * `connectOnOpen`, the chooser is offered as soon as the form opens, once the
 * eager reconnect has finished without a wallet (once per opening). Needs a
 * <WalletProvider> around it.
 */
export function useWalletGate({ connectOnOpen = false }: { connectOnOpen?: boolean } = {}) {
  const { requestWallet, account } = useWallet();
  const asked = useRef(false);

  useEffect(() => {
    if (!connectOnOpen) {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    requestWallet().catch(() => {
      /* the form says so when it needs the wallet */
    });
  }, [connectOnOpen, requestWallet]);

  return { requireWallet: requestWallet, account };
}
