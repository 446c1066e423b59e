/**
 * What <WalletProvider> gives the chain screens through useWallet(), in a
 * file of its own so the hook, the chooser and the provider do not import
 * each other.
 */
import type { BrowserProvider } from "ethers";
import { createContext } from "react";
import type { ChainConfig } from "./config";
import type { ConnectedWallet, Eip1193Provider, WalletKind } from "./wallet";

export type WalletStatus = "loading" | "ready" | "off" | "error";

export interface WalletContextValue {
  /** 'off': the gateway runs without a chain (CHAIN=none); 'error': the config could not be loaded. */
  status: WalletStatus;
  config: ChainConfig | null;
  account: string | null;
  chainId: number | null;
  kind: WalletKind | null;
  isActive: boolean;
  isActivating: boolean;
  /** True when the wallet is on the configured chain. */
  onRightChain: boolean;
  /** ethers 6 over the wallet (rebuilt when the chain changes); null when disconnected. */
  provider: BrowserProvider | null;
  eip1193: Eip1193Provider | null;
  hasBrowserWallet: boolean;
  /** The last connection error, in plain words. */
  error: string | null;
  connect(kind: "browser" | "walletconnect"): Promise<boolean>;
  disconnect(): Promise<void>;
  /** Asks the wallet to switch to (or add) the configured chain. */
  ensureChain(): Promise<number>;
  chooserOpen: boolean;
  openChooser(): void;
  closeChooser(): void;
  /** Settles once the chain config is in and the eager reconnect (if any) has finished, whatever its outcome. */
  reconnected: Promise<void>;
  /**
   * The connected wallet, once the eager reconnect has finished; else opens
   * 'Select a Wallet' and settles when the user has picked one (the account
   * after activate()) or closed it (a ChainError 'Please connect your wallet',
   * or the connection error the chooser showed).
   */
  requestWallet(): Promise<ConnectedWallet>;
}

export const WalletContext = createContext<WalletContextValue | null>(null);
