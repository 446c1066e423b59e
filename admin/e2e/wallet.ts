import type { BrowserContext } from "playwright-core";

export interface InjectedWallet {
  /** anvil's JSON-RPC URL: every call the page makes through window.ethereum goes there. */
  rpcUrl: string;
  /** The account the wallet exposes (one of anvil's unlocked accounts). */
  account: string;
  /** The chain id the wallet reports at first (a wrong one makes the app ask to switch). */
  chainId: number;
  /** anvil's own chain id: transactions sent while the wallet is on another chain are refused. */
  rpcChainId: number;
  /** Chain ids the wallet "knows": switching to another answers 4902 until it is added. */
  knownChains?: number[];
}

/**
 * An EIP-1193 provider injected into every page (as a browser wallet would),
 * forwarding to anvil, whose accounts are unlocked, so eth_sendTransaction is
 * signed by anvil itself. window.__walletCalls records each method called.
 */
export async function injectWallet(context: BrowserContext, wallet: InjectedWallet) {
  await context.addInitScript((w: InjectedWallet) => {
    const listeners: Record<string, ((...args: unknown[]) => void)[]> = {};
    const emit = (event: string, value: unknown) => (listeners[event] ?? []).forEach((fn) => fn(value));
    let chainId = w.chainId;
    const known = new Set(w.knownChains ?? [w.chainId]);
    let connected = false;
    let id = 0;
    const calls: string[] = [];
    (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(w.rpcUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const body = await res.json();
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
      return body.result;
    };
    const hex = (n: number) => `0x${n.toString(16)}`;
    const ethereum = {
      isMetaMask: true,
      async request({ method, params = [] }: { method: string; params?: unknown[] }) {
        calls.push(method);
        switch (method) {
          case "eth_requestAccounts":
            connected = true;
            emit("connect", { chainId: hex(chainId) });
            return [w.account];
          case "eth_accounts":
            return connected ? [w.account] : [];
          case "eth_chainId":
            return hex(chainId);
          case "net_version":
            return String(chainId);
          case "wallet_switchEthereumChain": {
            const target = parseInt((params[0] as { chainId: string }).chainId, 16);
            if (!known.has(target)) throw Object.assign(new Error("Unrecognized chain ID"), { code: 4902 });
            chainId = target;
            emit("chainChanged", hex(chainId));
            return null;
          }
          case "wallet_addEthereumChain":
            known.add(parseInt((params[0] as { chainId: string }).chainId, 16));
            return null;
          case "wallet_revokePermissions":
            connected = false;
            return null;
          default:
            if (method === "eth_sendTransaction" && chainId !== w.rpcChainId) {
              throw Object.assign(new Error("The wallet is on another chain"), { code: 4901 });
            }
            return rpc(method, params as unknown[]);
        }
      },
      on(event: string, fn: (...args: unknown[]) => void) {
        (listeners[event] ??= []).push(fn);
        return ethereum;
      },
      removeListener(event: string, fn: (...args: unknown[]) => void) {
        listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
        return ethereum;
      },
    };
    (window as unknown as { ethereum: typeof ethereum }).ethereum = ethereum;
  }, wallet);
}
