/**
 * The two wallets of the 'Select a Wallet' chooser, as web3-react v8
 * connectors: the browser wallet (@web3-react/metamask: window.ethereum) and
 * WalletConnect v2, whose code loads only when it is used. One pair for the
 * page's life, so every screen shares the connection; their web3-react stores
 * are the only record of which wallet is connected.
 */
import { getPriorityConnector, initializeConnector, type Web3ReactHooks } from "@web3-react/core";
import { MetaMask } from "@web3-react/metamask";
import { Connector, type Actions, type Web3ReactStore } from "@web3-react/types";
import { getAddress } from "ethers";
import { requireChainConfig } from "./config";
import type { ConnectedWallet, Eip1193Provider, WalletKind } from "./wallet";

/** The WalletConnect connector, loaded from its own chunk on first use; same API as @web3-react/walletconnect-v2's. */
export class LazyWalletConnect extends Connector {
  private inner: Promise<Connector> | null = null;

  private load(): Promise<Connector> {
    if (!this.inner) {
      // The real connector reports through these actions; its provider is mirrored here before each update.
      let real: Connector | undefined;
      const actions: Actions = {
        startActivation: () => this.actions.startActivation(),
        update: (state) => {
          this.provider = real?.provider;
          this.actions.update(state);
        },
        resetState: () => {
          this.provider = real?.provider;
          this.actions.resetState();
        },
      };
      this.inner = Promise.all([requireChainConfig(), import("./walletConnect")]).then(
        ([config, module]) => (real = module.createWalletConnect(actions, config, this.onError)),
        (e) => {
          this.inner = null;
          throw e;
        },
      );
    }
    return this.inner;
  }

  async connectEagerly(): Promise<void> {
    const real = await this.load();
    await real.connectEagerly?.();
    this.provider = real.provider;
  }

  async activate(chainId?: number): Promise<void> {
    const real = await this.load();
    await real.activate(chainId ?? (await requireChainConfig()).chainId);
    this.provider = real.provider;
  }

  async deactivate(): Promise<void> {
    if (this.inner) await (await this.inner).deactivate?.();
    this.provider = undefined;
    this.actions.resetState();
  }
}

export interface WalletConnectors {
  metaMask: MetaMask;
  walletConnect: LazyWalletConnect;
  list: [Connector, Web3ReactHooks, Web3ReactStore][];
  /** Hooks over whichever connector is active (browser wallet first). */
  priority: ReturnType<typeof getPriorityConnector>;
  kindOf(connector: Connector): WalletKind;
  /** The wallet that is connected now (browser wallet first), read from the stores outside React; null when none. */
  connected(): ConnectedWallet | null;
  /** Runs `reconnect` once per page load (the eager reconnect); every caller gets that one promise. */
  reconnectOnce(reconnect: () => Promise<void>): Promise<void>;
  /** Lets the next reconnectOnce run again (a fresh page, in tests). */
  forgetReconnect(): void;
}

const logError = (error: Error) => console.warn("Wallet:", error.message);

function createConnectors(): WalletConnectors {
  const [metaMask, metaMaskHooks, metaMaskStore] = initializeConnector<MetaMask>((actions) => new MetaMask({ actions, onError: logError }));
  const [walletConnect, walletConnectHooks, walletConnectStore] = initializeConnector<LazyWalletConnect>(
    (actions) => new LazyWalletConnect(actions, logError),
  );
  const list: WalletConnectors["list"] = [
    [metaMask, metaMaskHooks, metaMaskStore],
    [walletConnect, walletConnectHooks, walletConnectStore],
  ];
  let reconnected: Promise<void> | null = null;
  return {
    metaMask,
    walletConnect,
    list,
    priority: getPriorityConnector(...list),
    kindOf: (connector) => (connector === walletConnect ? "walletconnect" : "browser"),
    connected() {
      for (const [connector, , store] of list) {
        const { accounts, chainId, activating } = store.getState();
        // web3-react's own rule for "active": a chain, an account, no activation running.
        if (!activating && chainId && accounts?.length && connector.provider)
          return { provider: connector.provider as Eip1193Provider, account: getAddress(accounts[0]) };
      }
      return null;
    },
    reconnectOnce(reconnect) {
      reconnected ??= reconnect();
      return reconnected;
    },
    forgetReconnect() {
      reconnected = null;
    },
  };
}

const pageConnectors = createConnectors();

/** The page's connectors (the same objects on every call). */
export const getConnectors = (): WalletConnectors => pageConnectors;

/** Is there a browser wallet (window.ethereum)? */
export const hasBrowserWallet = () => typeof window !== "undefined" && !!(window as { ethereum?: unknown }).ethereum;
