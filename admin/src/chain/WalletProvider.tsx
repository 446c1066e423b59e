/**
 * Wallet connection for the chain screens: loads the chain config, keeps the
 * two connectors (browser wallet, WalletConnect), reconnects eagerly on load
 * (a saved WalletConnect session first, else the browser wallet), renders the
 * 'Select a Wallet' chooser, and publishes the connection to useWallet() and
 * to sendTransaction (wallet.ts).
 */
import type { BrowserProvider } from "ethers";
import type { Connector } from "@web3-react/types";
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { getChainConfig, type ChainConfig } from "./config";
import { getConnectors, hasBrowserWallet, type WalletConnectors } from "./connectors";
import { humanError } from "./errors";
import { WalletChooser } from "./WalletChooser";
import { browserProviderFor, ensureChain, setWallet, type Eip1193Provider, type WalletKind } from "./wallet";

/** localStorage key remembering which wallet was used last ('browser' | 'walletconnect'). */
export const LAST_WALLET_KEY = "chainWallet";
/** The legacy key under which the blocklist screens keep the connected address. */
export const USER_WALLET_KEY = "userwallet";
export const NO_WALLET_MESSAGE = "No Dapp Supported Wallet Found";
const EAGER_TIMEOUT_MS = 10_000;

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
}

export const WalletContext = createContext<WalletContextValue | null>(null);

export interface WalletProviderProps {
  children: ReactNode;
  /** Keep the connected address under this localStorage key (the blocklist screens use 'userwallet'). */
  saveAddressKey?: string;
  /** Reconnect on mount (default true). */
  eager?: boolean;
  /** Called after a successful disconnect (e.g. to show 'Wallet Disconnected !'). */
  onDisconnected?(): void;
}

interface Connection {
  connector: Connector | null;
  account: string | null;
  chainId: number | null;
  isActive: boolean;
  isActivating: boolean;
}

const NO_CONNECTION: Connection = { connector: null, account: null, chainId: null, isActive: false, isActivating: false };

/**
 * Keeps the chain screens' wallet: its children stay mounted while the chain
 * config loads (the tree does not change shape when it arrives).
 */
export function WalletProvider({ children, saveAddressKey, eager = true, onDisconnected }: WalletProviderProps) {
  const [loaded, setLoaded] = useState<{ status: WalletStatus; config: ChainConfig | null; error: string | null }>({
    status: "loading",
    config: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    getChainConfig().then(
      (config) => live && setLoaded({ status: config ? "ready" : "off", config, error: null }),
      (e) => live && setLoaded({ status: "error", config: null, error: humanError(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  const { status, config } = loaded;
  const connectors = config ? getConnectors(config) : null;
  const [connection, setConnection] = useState<Connection>(NO_CONNECTION);
  const [chooserOpen, setChooserOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { connector, account, chainId, isActive, isActivating } = connection;
  const eip1193 = isActive && connector ? ((connector.provider as Eip1193Provider | undefined) ?? null) : null;
  const kind = isActive && connector && connectors ? connectors.kindOf(connector) : null;

  useEffect(() => {
    if (eager && connectors) void connectEagerly(connectors);
  }, [eager, connectors]);

  // Publish the connection to sendTransaction (wallet.ts).
  useEffect(() => {
    setWallet(eip1193 && account ? { provider: eip1193, account, chainId, kind } : null);
  }, [eip1193, account, chainId, kind]);

  const saveKey = useRef(saveAddressKey);
  saveKey.current = saveAddressKey;
  useEffect(() => {
    if (saveAddressKey && account) localStorage.setItem(saveAddressKey, account);
  }, [saveAddressKey, account]);

  // A new BrowserProvider whenever the provider or its chain changes (ethers #4506).
  const provider = useMemo(() => (eip1193 ? browserProviderFor(eip1193, chainId) : null), [eip1193, chainId]);

  const connect = useCallback(
    async (which: "browser" | "walletconnect") => {
      if (!connectors) return false;
      const { metaMask, walletConnect } = connectors;
      setError(null);
      try {
        if (which === "browser") {
          if (!hasBrowserWallet()) {
            console.log(NO_WALLET_MESSAGE);
            setError(NO_WALLET_MESSAGE);
            return false;
          }
          if (walletConnect.provider) await walletConnect.deactivate();
          await metaMask.activate();
        } else {
          if (metaMask.provider) metaMask.resetState();
          await walletConnect.activate(connectors.config.chainId);
        }
        localStorage.setItem(LAST_WALLET_KEY, which);
        setChooserOpen(false);
        return true;
      } catch (e) {
        setError(humanError(e));
        return false;
      }
    },
    [connectors],
  );

  const disconnect = useCallback(async () => {
    try {
      if (connector?.deactivate) await connector.deactivate();
      else await connector?.resetState();
    } finally {
      localStorage.removeItem(LAST_WALLET_KEY);
      if (saveKey.current) localStorage.removeItem(saveKey.current);
      setWallet(null);
      onDisconnected?.();
    }
  }, [connector, onDisconnected]);

  const value = useMemo<WalletContextValue>(
    () => ({
      status,
      config,
      account: isActive ? account : null,
      chainId: isActive ? chainId : null,
      kind,
      isActive,
      isActivating: status === "loading" || isActivating,
      onRightChain: isActive && !!config && chainId === config.chainId,
      provider,
      eip1193,
      hasBrowserWallet: hasBrowserWallet(),
      error: error ?? loaded.error,
      connect,
      disconnect,
      ensureChain: () => (config ? ensureChain(eip1193, config) : Promise.reject(new Error(loaded.error ?? "The chain is not available"))),
      chooserOpen,
      openChooser: () => setChooserOpen(true),
      closeChooser: () => setChooserOpen(false),
    }),
    [
      status,
      config,
      account,
      chainId,
      kind,
      isActive,
      isActivating,
      provider,
      eip1193,
      error,
      loaded.error,
      connect,
      disconnect,
      chooserOpen,
    ],
  );

  return (
    <WalletContext.Provider value={value}>
      {connectors && <ConnectionWatcher connectors={connectors} onChange={setConnection} />}
      {children}
      {connectors && <WalletChooser />}
    </WalletContext.Provider>
  );
}

/** Reads web3-react's state of whichever connector is active and hands it up. */
function ConnectionWatcher({ connectors, onChange }: { connectors: WalletConnectors; onChange(c: Connection): void }) {
  const { priority } = connectors;
  const connector = priority.usePriorityConnector();
  const account = priority.usePriorityAccount() ?? null;
  const chainId = priority.usePriorityChainId() ?? null;
  const isActive = priority.usePriorityIsActive();
  const isActivating = priority.usePriorityIsActivating();
  useEffect(() => {
    onChange({ connector, account, chainId, isActive, isActivating });
  }, [onChange, connector, account, chainId, isActive, isActivating]);
  return null;
}

let eagerDone: Promise<void> | null = null;

/** Lets the next WalletProvider reconnect eagerly again (done once per page load otherwise). */
export function resetEagerConnect() {
  eagerDone = null;
}

const withTimeout = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);

/** Once per page load: a saved WalletConnect session first, else the browser wallet, else log that there is none. */
function connectEagerly({ metaMask, walletConnect }: WalletConnectors): Promise<void> {
  if (!eagerDone) {
    eagerDone = (async () => {
      if (localStorage.getItem(LAST_WALLET_KEY) === "walletconnect") {
        try {
          await withTimeout(walletConnect.connectEagerly(), EAGER_TIMEOUT_MS);
          return;
        } catch {
          localStorage.removeItem(LAST_WALLET_KEY);
          await walletConnect.deactivate().catch(() => {});
          await import("./walletConnect").then((m) => m.clearWalletConnectStorage()).catch(() => {});
        }
      }
      if (hasBrowserWallet()) await metaMask.connectEagerly();
      else console.log(NO_WALLET_MESSAGE);
    })();
  }
  return eagerDone;
}
