/**
 * The two wallets of the 'Select a Wallet' chooser, as web3-react v8
 * connectors: the browser wallet (@web3-react/metamask: window.ethereum) and
 * WalletConnect v2, whose code loads only when it is used. One pair per chain
 * config, kept for the page's life so every screen shares the connection.
 */
import { getPriorityConnector, initializeConnector, type Web3ReactHooks } from "@web3-react/core";
import { MetaMask } from "@web3-react/metamask";
import { Connector, type Actions } from "@web3-react/types";
import { RPC_URLS } from "@presale/abis";
import type { ChainConfig } from "./config";
import type { WalletKind } from "./wallet";

/**
 * WalletConnect v2 options: the active chain is the required (default)
 * chain (web3-react #845/#859: the default chain must be inside `chains`);
 * BSC 56 and BSC testnet 97 are optional; rpcMap serves 56 and 97 from their
 * public RPCs (WalletConnect's own RPC does not serve BSC) and the active chain
 * from the gateway's rpcUrl.
 */
export function walletConnectOptions(config: ChainConfig, projectId: string) {
  const optionalChains = [56, 97].filter((id) => id !== config.chainId);
  return {
    projectId,
    chains: [config.chainId] as [number],
    optionalChains,
    showQrModal: true,
    rpcMap: { 56: RPC_URLS[56], 97: RPC_URLS[97], [config.chainId]: config.rpcUrl },
    metadata: {
      name: "Presale Admin",
      description: "Launchpad and presale back-office",
      url: typeof window !== "undefined" ? window.location.origin : "http://localhost",
      icons: [],
    },
  };
}

/** The WalletConnect connector, loaded from its own chunk on first use; same API as @web3-react/walletconnect-v2's. */
export class LazyWalletConnect extends Connector {
  private inner: Promise<Connector> | null = null;

  constructor(
    actions: Actions,
    private readonly config: ChainConfig,
    onError?: (error: Error) => void,
  ) {
    super(actions, onError);
  }

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
      this.inner = import("./walletConnect").then(
        (m) => (real = m.createWalletConnect(actions, this.config, this.onError)),
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
    await real.activate(chainId ?? this.config.chainId);
    this.provider = real.provider;
  }

  async deactivate(): Promise<void> {
    if (this.inner) await (await this.inner).deactivate?.();
    this.provider = undefined;
    this.actions.resetState();
  }
}

export interface WalletConnectors {
  config: ChainConfig;
  metaMask: MetaMask;
  walletConnect: LazyWalletConnect;
  list: [Connector, Web3ReactHooks][];
  /** Hooks over whichever connector is active (browser wallet first). */
  priority: ReturnType<typeof getPriorityConnector>;
  kindOf(connector: Connector): WalletKind;
}

let cached: { key: string; value: WalletConnectors } | null = null;

const logError = (error: Error) => console.warn("Wallet:", error.message);

/** The connectors for this chain config (the same objects on every call). */
export function getConnectors(config: ChainConfig): WalletConnectors {
  const key = `${config.chainId}@${config.rpcUrl}`;
  if (cached?.key === key) return cached.value;
  const [metaMask, metaMaskHooks] = initializeConnector<MetaMask>((actions) => new MetaMask({ actions, onError: logError }));
  const [walletConnect, walletConnectHooks] = initializeConnector<LazyWalletConnect>(
    (actions) => new LazyWalletConnect(actions, config, logError),
  );
  const list: [Connector, Web3ReactHooks][] = [
    [metaMask, metaMaskHooks],
    [walletConnect, walletConnectHooks],
  ];
  const value: WalletConnectors = {
    config,
    metaMask,
    walletConnect,
    list,
    priority: getPriorityConnector(...list),
    kindOf: (c) => (c === walletConnect ? "walletconnect" : "browser"),
  };
  cached = { key, value };
  return value;
}

/** Is there a browser wallet (window.ethereum)? */
export const hasBrowserWallet = () => typeof window !== "undefined" && !!(window as { ethereum?: unknown }).ethereum;
