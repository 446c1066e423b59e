import { useContext } from "react";
import { WalletContext, type WalletContextValue } from "./WalletContext";

/** The wallet connection of the nearest <WalletProvider>: account, chain, ethers provider, connect/disconnect, chooser. */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error("useWallet() needs a <WalletProvider> around it");
  return value;
}
