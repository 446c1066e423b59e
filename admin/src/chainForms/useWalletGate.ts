import { useCallback, useEffect, useRef } from "react";
import { ChainError, useWallet, type Eip1193Provider } from "../chain";

/** The wallet a chain form sends from. */
export interface ConnectedWallet {
  account: string;
  provider: Eip1193Provider;
}

interface Waiter {
  resolve(wallet: ConnectedWallet): void;
  reject(error: unknown): void;
}

/** How long to wait, once the chooser closes, for the new account to reach React (web3-react reports it a moment later). */
const GRACE_MS = 1500;
/** On open, let an eager reconnect start before offering the chooser. */
const OPEN_DELAY_MS = 300;

/**
 * "Connect the wallet if needed": `requireWallet()` resolves at once with the
 * connected wallet, or opens 'Select a Wallet' and resolves once an account
 * is connected (rejects when the chooser is closed without one). With
 * `connectOnOpen`, the chooser is offered as soon as the form opens and no
 * wallet reconnected by itself. Needs a <WalletProvider> around it.
 */
export function useWalletGate({ connectOnOpen = false }: { connectOnOpen?: boolean } = {}) {
  const wallet = useWallet();
  const latest = useRef(wallet);
  latest.current = wallet;
  const waiters = useRef<Waiter[]>([]);
  const openedByUs = useRef(false);
  const asked = useRef(false);

  const settle = (fn: (w: Waiter) => void) => waiters.current.splice(0).forEach(fn);

  // An account arrived: hand it to whoever waits, and close the chooser we opened.
  useEffect(() => {
    if (!wallet.account || !wallet.eip1193) return;
    const connected = { account: wallet.account, provider: wallet.eip1193 };
    settle((w) => w.resolve(connected));
    if (openedByUs.current && latest.current.chooserOpen) latest.current.closeChooser();
    openedByUs.current = false;
  }, [wallet.account, wallet.eip1193]);

  // The chooser closed (or an activation ended) without an account: give up.
  useEffect(() => {
    if (wallet.chooserOpen || wallet.isActivating || waiters.current.length === 0) return;
    const timer = setTimeout(() => {
      const now = latest.current;
      if (now.account || now.chooserOpen || now.isActivating) return;
      openedByUs.current = false;
      settle((x) => x.reject(new ChainError("no-wallet", now.error ?? "Please connect your wallet")));
    }, GRACE_MS);
    return () => clearTimeout(timer);
  }, [wallet.chooserOpen, wallet.isActivating]);

  useEffect(() => () => settle((w) => w.reject(new ChainError("no-wallet", "Please connect your wallet"))), []);

  const requireWallet = useCallback((): Promise<ConnectedWallet> => {
    const now = latest.current;
    if (now.status === "off")
      return Promise.reject(new ChainError("no-config", "Chain features are turned off on this server (CHAIN=none)"));
    if (now.status === "error")
      return Promise.reject(new ChainError("network", now.error ?? "The chain configuration could not be loaded"));
    if (now.account && now.eip1193) return Promise.resolve({ account: now.account, provider: now.eip1193 });
    return new Promise<ConnectedWallet>((resolve, reject) => {
      waiters.current.push({ resolve, reject });
      openedByUs.current = true;
      now.openChooser();
    });
  }, []);

  // Connect on open: once the config is in and no eager reconnect is running, offer the chooser (once per opening).
  const ready = wallet.status === "ready" && !wallet.isActivating;
  useEffect(() => {
    if (!connectOnOpen) {
      asked.current = false;
      return;
    }
    if (!ready || asked.current || latest.current.account) return;
    const timer = setTimeout(() => {
      const now = latest.current;
      if (asked.current || now.account || now.isActivating) return;
      asked.current = true;
      requireWallet().catch(() => {
        /* the form says so when it needs the wallet */
      });
    }, OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [connectOnOpen, ready, requireWallet]);

  return { requireWallet, account: wallet.account };
}
