/** Test helpers: a local anvil chain reachable through msw, and an injected EIP-1193 wallet that forwards to it. */
import { graphql, http, HttpResponse, passthrough } from "msw";
import { server } from "./setup";
import { getConnectors } from "../../src/chain/connectors";
import { useWallet } from "../../src/chain/useWallet";
import type { WalletContextValue } from "../../src/chain/WalletContext";
import type { Eip1193Provider } from "../../src/chain/wallet";

/** anvil ports for the admin's chain tests. */
export const PORT_RANGE: [number, number] = [8800, 8899];
const LOCAL_RPC = /^http:\/\/127\.0\.0\.1:88\d\d\/?$/;

/** Every JSON-RPC HTTP request that reached anvil (one entry per request; a batch is one entry). */
export const rpcLog: { url: string; methods: string[] }[] = [];

/** Lets requests to the local anvil through msw (test/support/setup.ts refuses unhandled requests) and logs them. */
export function allowLocalChain() {
  server.use(
    http.post(LOCAL_RPC, async ({ request }) => {
      const body = await request.clone().json();
      const calls = Array.isArray(body) ? body : [body];
      rpcLog.push({ url: request.url, methods: calls.map((c: { method: string }) => c.method) });
      return passthrough();
    }),
  );
}

/** The gateway's recordChainTransaction, answered here; returns the hashes it was called with. */
export function fakeHistory(options: { fail?: boolean } = {}) {
  const hashes: string[] = [];
  server.use(
    graphql.mutation("RecordChainTransaction", ({ variables }) => {
      hashes.push(variables.hash as string);
      if (options.fail)
        return HttpResponse.json({ errors: [{ message: "history is down", extensions: { code: "INTERNAL_SERVER_ERROR" } }] });
      return HttpResponse.json({
        data: {
          recordChainTransaction: {
            id: String(hashes.length),
            hash: variables.hash,
            status: "success",
            blockNumber: 1,
            contract: "Presale",
            functionName: "x",
            presaleAddress: null,
          },
        },
      });
    }),
  );
  return hashes;
}

export interface TestWallet extends Eip1193Provider {
  /** Every request the app made to the wallet, in order. */
  calls: { method: string; params?: unknown }[];
  methods(): string[];
  /** Answers another account from now on (as when the user picks another account in the wallet). */
  useAccount(account: string): void;
}

/**
 * An injected wallet (as the e2e tests inject into the page): answers its one
 * account, forwards everything else to anvil, whose accounts are unlocked.
 * With `startChainId`, it pretends to be on another chain that does not know
 * the local one until wallet_addEthereumChain is called.
 */
export function injectedWallet(rpcUrl: string, account: string, options: { startChainId?: number } = {}): TestWallet {
  const calls: TestWallet["calls"] = [];
  let id = 0;
  let chainId: number | null = options.startChainId ?? null;
  const known = new Set<number>(chainId ? [chainId] : []);
  let addedReal = chainId === null;
  const forward = async (method: string, params?: unknown) => {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
    return body.result;
  };
  return {
    calls,
    methods: () => calls.map((c) => c.method),
    useAccount: (next) => {
      account = next;
    },
    async request({ method, params }) {
      calls.push({ method, params });
      switch (method) {
        case "eth_accounts":
        case "eth_requestAccounts":
          return [account];
        case "eth_chainId":
          return chainId === null ? forward(method) : `0x${chainId.toString(16)}`;
        case "wallet_switchEthereumChain": {
          const wanted = Number((params as [{ chainId: string }])[0].chainId);
          if (chainId === null) return null; // already on the real chain
          if (known.has(wanted)) {
            chainId = wanted;
            return null;
          }
          const real = Number(await forward("eth_chainId"));
          if (!addedReal || wanted !== real) throw Object.assign(new Error(`Unrecognized chain ID "${wanted}"`), { code: 4902 });
          chainId = null; // on the real chain from now on
          return null;
        }
        case "wallet_addEthereumChain":
          addedReal = true;
          chainId = null; // MetaMask switches to the chain it adds
          return null;
        default:
          if (chainId !== null) throw Object.assign(new Error("wrong chain"), { code: 4901 });
          return forward(method, params);
      }
    },
  };
}

/** A child for <WalletProvider> that renders nothing and keeps what useWallet() gave it last. */
export function walletProbe() {
  let last: WalletContextValue | null = null;
  function WalletProbe() {
    last = useWallet();
    return null;
  }
  return {
    WalletProbe,
    current(): WalletContextValue {
      if (!last) throw new Error("<WalletProbe> is not rendered");
      return last;
    },
  };
}

/**
 * Makes `wallet` the page's browser wallet (window.ethereum) and connects it
 * through the real MetaMask connector, as picking 'Browser wallet' does; the
 * requests the connection made are then forgotten.
 */
export async function connectBrowserWallet(wallet: TestWallet) {
  (window as { ethereum?: unknown }).ethereum = Object.assign(wallet, { on: () => {}, removeListener: () => {} });
  await getConnectors().metaMask.activate();
  wallet.calls.length = 0;
}

/** Disconnects the browser wallet and takes it off the page. */
export function dropBrowserWallet() {
  getConnectors().metaMask.resetState();
  delete (window as { ethereum?: unknown }).ethereum;
}
