/**
 * Wallet connection for the chain screens: loads the chain config, reads the
 * connection from web3-react's hooks (the one state there is), reconnects
 * eagerly on load (a saved WalletConnect session first, else the browser
 * wallet), and renders the 'Select a Wallet' chooser, which settles the
 * screens' requests for a wallet.
 */
import { getAddress } from "ethers";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { getChainConfig, type ChainConfig } from "./config";
import { getConnectors, hasBrowserWallet, type WalletConnectors } from "./connectors";
import { ChainError, humanError } from "./errors";
import { WalletChooser } from "./WalletChooser";
import { WalletContext, type WalletContextValue, type WalletStatus } from "./WalletContext";
import { browserProviderFor, ensureChain, type ConnectedWallet, type Eip1193Provider } from "./wallet";

/** localStorage key remembering which wallet was used last ('browser' | 'walletconnect'). */
export const LAST_WALLET_KEY = "chainWallet";
/** The legacy key under which the blocklist screens keep the connected address. */
export const USER_WALLET_KEY = "userwallet";
export const NO_WALLET_MESSAGE = "No Dapp Supported Wallet Found";
const CONNECT_FIRST = "Please connect your wallet";

export interface WalletProviderProps {
  children: ReactNode;
  /** Keep the connected address under this localStorage key (the blocklist screens use 'userwallet'). */
  saveAddressKey?: string;
  /** Reconnect on mount (default true). */
  eager?: boolean;
  /** Called after a successful disconnect (e.g. to show 'Wallet Disconnected !'). */
  onDisconnected?(): void;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface LoadedConfig {
  status: WalletStatus;
  config: ChainConfig | null;
  error: string | null;
}

/**
 * Keeps the chain screens' wallet: its children stay mounted while the chain
 * config loads (the tree does not change shape when it arrives).
 */
export function WalletProvider({ children, saveAddressKey, eager = true, onDisconnected }: WalletProviderProps) {
  const [loaded, setLoaded] = useState<LoadedConfig>({ status: "loading", config: null, error: null });
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

  const connectors = getConnectors();
  const { priority } = connectors;
  const connector = priority.usePriorityConnector();
  const priorityAccount = priority.usePriorityAccount();
  const priorityChainId = priority.usePriorityChainId();
  const isActive = priority.usePriorityIsActive();
  const isActivating = priority.usePriorityIsActivating();
  const account = isActive && priorityAccount ? getAddress(priorityAccount) : null;
  const chainId = isActive ? (priorityChainId ?? null) : null;
  const eip1193 = isActive ? ((connector.provider as Eip1193Provider | undefined) ?? null) : null;
  const kind = isActive ? connectors.kindOf(connector) : null;

  const [chooserOpen, setChooserOpen] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  const error = connectError ?? loaded.error;

  // What the chooser's callbacks need between renders: the request it settles, and whether a pick is still running.
  const request = useRef<Deferred<ConnectedWallet> | null>(null);
  const picking = useRef(0);
  const chooserShown = useRef(false);
  const latest = useRef({ status, error });
  latest.current = { status, error };
  const [reconnect] = useState(() => deferred<void>());

  const showChooser = useCallback((open: boolean) => {
    chooserShown.current = open;
    setChooserOpen(open);
  }, []);

  /** The chooser closed without a wallet: the waiting request fails with what the chooser said. */
  const giveUp = useCallback((reason?: string | null) => {
    const waiting = request.current;
    request.current = null;
    waiting?.reject(new ChainError("no-wallet", reason ?? latest.current.error ?? CONNECT_FIRST));
  }, []);

  useEffect(() => {
    if (status === "loading") return;
    const done = status === "ready" && eager ? connectors.reconnectOnce(() => connectEagerly(connectors)) : Promise.resolve();
    done.catch(logEagerFailure).finally(reconnect.resolve);
  }, [status, eager, connectors, reconnect]);

  useEffect(() => () => giveUp(CONNECT_FIRST), [giveUp]);

  useEffect(() => {
    if (saveAddressKey && account) localStorage.setItem(saveAddressKey, account);
  }, [saveAddressKey, account]);

  // A new BrowserProvider whenever the provider or its chain changes (ethers #4506).
  const provider = useMemo(() => (eip1193 ? browserProviderFor(eip1193, chainId) : null), [eip1193, chainId]);

  const connect = useCallback(
    async (which: "browser" | "walletconnect") => {
      if (!config) return false;
      const { metaMask, walletConnect } = connectors;
      setConnectError(null);
      let failure: string | null = null;
      picking.current++;
      try {
        if (which === "browser") {
          if (!hasBrowserWallet()) {
            console.log(NO_WALLET_MESSAGE);
            failure = NO_WALLET_MESSAGE;
            return false;
          }
          if (walletConnect.provider) await walletConnect.deactivate();
          await metaMask.activate();
        } else {
          if (metaMask.provider) metaMask.resetState();
          await walletConnect.activate(config.chainId);
        }
        localStorage.setItem(LAST_WALLET_KEY, which);
        showChooser(false);
        const connected = connectors.connected();
        if (connected) {
          request.current?.resolve(connected);
          request.current = null;
        }
        return true;
      } catch (e) {
        failure = humanError(e);
        return false;
      } finally {
        picking.current--;
        if (failure) setConnectError(failure);
        // Closed while this pick was running, and it brought no wallet: the request ends here.
        if (!chooserShown.current && picking.current === 0) giveUp(failure);
      }
    },
    [config, connectors, showChooser, giveUp],
  );

  const disconnect = useCallback(async () => {
    try {
      if (connector.deactivate) await connector.deactivate();
      else await connector.resetState();
    } finally {
      localStorage.removeItem(LAST_WALLET_KEY);
      if (saveAddressKey) localStorage.removeItem(saveAddressKey);
      onDisconnected?.();
    }
  }, [connector, saveAddressKey, onDisconnected]);

  const closeChooser = useCallback(() => {
    showChooser(false);
    if (picking.current === 0) giveUp();
  }, [showChooser, giveUp]);

  const requestWallet = useCallback(async (): Promise<ConnectedWallet> => {
    await reconnect.promise;
    const now = latest.current;
    if (now.status === "off") throw new ChainError("no-config", "Chain features are turned off on this server (CHAIN=none)");
    if (now.status === "error") throw new ChainError("network", now.error ?? "The chain configuration could not be loaded");
    const connected = connectors.connected();
    if (connected) return connected;
    if (!request.current) {
      request.current = deferred();
      showChooser(true);
    }
    return request.current.promise;
  }, [reconnect, connectors, showChooser]);

  const value = useMemo<WalletContextValue>(
    () => ({
      status,
      config,
      account,
      chainId,
      kind,
      isActive,
      isActivating: status === "loading" || isActivating,
      onRightChain: isActive && !!config && chainId === config.chainId,
      provider,
      eip1193,
      hasBrowserWallet: hasBrowserWallet(),
      error,
      connect,
      disconnect,
      ensureChain: () => (config ? ensureChain(eip1193, config) : Promise.reject(new Error(loaded.error ?? "The chain is not available"))),
      chooserOpen,
      openChooser: () => showChooser(true),
      closeChooser,
      reconnected: reconnect.promise,
      requestWallet,
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
      showChooser,
      closeChooser,
      reconnect,
      requestWallet,
    ],
  );

  return (
    <WalletContext.Provider value={value}>
      {children}
      {config && <WalletChooser />}
    </WalletContext.Provider>
  );
}

/** Lets the next WalletProvider reconnect eagerly again (done once per page load otherwise). */
export function resetEagerConnect() {
  getConnectors().forgetReconnect();
}

const logEagerFailure = (e: unknown) => console.warn("Wallet: could not reconnect:", humanError(e));

/**
 * A stale WalletConnect session can leave its restore waiting on the relay for ever, and every
 * requestWallet() waits for the restore: past this deadline the session is dropped as failed.
 */
const WALLETCONNECT_RESTORE_MS = 10_000;

async function restoreWithin(restore: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("WalletConnect restore timed out")), ms);
  });
  try {
    await Promise.race([restore, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A saved WalletConnect session first, else the browser wallet, else log that there is none. */
async function connectEagerly({ metaMask, walletConnect }: WalletConnectors): Promise<void> {
  if (localStorage.getItem(LAST_WALLET_KEY) === "walletconnect") {
    try {
      await restoreWithin(walletConnect.connectEagerly(), WALLETCONNECT_RESTORE_MS);
      return;
    } catch {
      localStorage.removeItem(LAST_WALLET_KEY);
      await walletConnect.deactivate().catch(() => {});
      await import("./walletConnect").then((m) => m.clearWalletConnectStorage()).catch(() => {});
    }
  }
  if (hasBrowserWallet()) await metaMask.connectEagerly();
  else console.log(NO_WALLET_MESSAGE);
}
