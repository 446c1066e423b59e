import { act, render, waitFor } from "@testing-library/react";
import { graphql, HttpResponse } from "msw";
import { server } from "../support/setup";
import { addChainParameter, getChainConfig, resetChainConfig, setChainConfig, type ChainConfig } from "../../src/chain/config";
import { ChainError } from "../../src/chain/errors";
import { browserProviderFor, ensureChain, type Eip1193Provider } from "../../src/chain/wallet";
import { useWallet } from "../../src/chain/useWallet";
import { WalletProvider } from "../../src/chain/WalletProvider";
import { dropBrowserWallet, walletProbe } from "../support/chain";

const config: ChainConfig = {
  chainId: 97,
  rpcUrl: "https://data-seed-prebsc-1-s1.binance.org:8545",
  explorerUrl: "https://testnet.bscscan.com",
  contracts: { farm: "0x0", pairFactory: "0x0", presaleFactory: "0x0", staking: "0x0", token: "0x0", stable: "0x0", multicall3: "0x0" },
};

/** A wallet on chain `start` that knows the chains in `known`, with one account (lower case, as some wallets answer); records requests. */
function fakeWallet(
  start: number,
  known: number[],
  behaviour: { rejectSwitch?: boolean; rejectAdd?: boolean; addWithoutSwitch?: boolean } = {},
) {
  const account = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
  let chainId = start;
  const chains = new Set(known);
  const calls: { method: string; params?: unknown }[] = [];
  const listeners = new Map<string, ((...a: any[]) => void)[]>();
  const provider: Eip1193Provider & { calls: typeof calls; emit(event: string, ...args: unknown[]): void } = {
    calls,
    async request({ method, params }) {
      calls.push({ method, params });
      if (method === "eth_chainId") return `0x${chainId.toString(16)}`;
      if (method === "eth_requestAccounts" || method === "eth_accounts") return [account];
      if (method === "wallet_switchEthereumChain") {
        if (behaviour.rejectSwitch) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        const wanted = Number((params as [{ chainId: string }])[0].chainId);
        if (!chains.has(wanted)) throw Object.assign(new Error(`Unrecognized chain ID`), { code: 4902 });
        chainId = wanted;
        return null;
      }
      if (method === "wallet_addEthereumChain") {
        if (behaviour.rejectAdd) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        const switchParams = (params as [{ chainId: string }])[0];
        chains.add(Number(switchParams.chainId));
        if (!behaviour.addWithoutSwitch) chainId = Number(switchParams.chainId);
        return null;
      }
      throw new Error(`unexpected ${method}`);
    },
    on(event, fn) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
    },
    removeListener(event, fn) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((l) => l !== fn),
      );
    },
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return provider;
}

const methods = (w: { calls: { method: string }[] }) => w.calls.map((c) => c.method);

describe("ensureChain", () => {
  it("does nothing when the wallet is already on the chain", async () => {
    const wallet = fakeWallet(97, [97]);
    await expect(ensureChain(wallet, config)).resolves.toBe(97);
    expect(methods(wallet)).toEqual(["eth_chainId"]);
  });

  it("switches a wallet that knows the chain", async () => {
    const wallet = fakeWallet(56, [56, 97]);
    await expect(ensureChain(wallet, config)).resolves.toBe(97);
    expect(methods(wallet)).toEqual(["eth_chainId", "wallet_switchEthereumChain", "eth_chainId"]);
    expect(wallet.calls[1].params).toEqual([{ chainId: "0x61" }]);
  });

  it("calls wallet_switchEthereumChain, then wallet_addEthereumChain on 4902", async () => {
    const wallet = fakeWallet(56, [56]);
    await expect(ensureChain(wallet, config)).resolves.toBe(97);
    expect(methods(wallet)).toEqual(["eth_chainId", "wallet_switchEthereumChain", "wallet_addEthereumChain", "eth_chainId", "eth_chainId"]);
    expect(wallet.calls[2].params).toEqual([
      {
        chainId: "0x61",
        chainName: "BNB Smart Chain Testnet",
        nativeCurrency: { name: "Test BNB", symbol: "tBNB", decimals: 18 },
        rpcUrls: [config.rpcUrl],
        blockExplorerUrls: ["https://testnet.bscscan.com"],
      },
    ]);
  });

  it("switches again when adding the chain did not switch to it", async () => {
    const wallet = fakeWallet(56, [56], { addWithoutSwitch: true });
    await expect(ensureChain(wallet, config)).resolves.toBe(97);
    expect(methods(wallet)).toEqual([
      "eth_chainId",
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "eth_chainId",
      "wallet_switchEthereumChain",
      "eth_chainId",
    ]);
  });

  it("says plainly when the user refuses", async () => {
    await expect(ensureChain(fakeWallet(56, [56, 97], { rejectSwitch: true }), config)).rejects.toMatchObject({
      kind: "rejected",
      message: "Switch the wallet to BNB Smart Chain Testnet (chain 97) to continue",
    });
    await expect(ensureChain(fakeWallet(56, [56], { rejectAdd: true }), config)).rejects.toThrow(
      "Add BNB Smart Chain Testnet to the wallet to continue",
    );
    await expect(ensureChain(null, config)).rejects.toThrow("Please connect your wallet");
  });

  it("gives the local chain's parameters without an explorer", () => {
    expect(addChainParameter({ chainId: 31337, rpcUrl: "http://127.0.0.1:8545", explorerUrl: null })).toEqual({
      chainId: "0x7a69",
      chainName: "Local chain (anvil)",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["http://127.0.0.1:8545"],
    });
  });
});

describe("the connected wallet", () => {
  afterEach(() => {
    dropBrowserWallet();
    resetChainConfig();
  });

  it("follows the provider's chainChanged and accountsChanged, and rebuilds the BrowserProvider on a chain change", async () => {
    setChainConfig(config);
    const wallet = fakeWallet(97, [97]);
    (window as { ethereum?: unknown }).ethereum = wallet;
    const probe = walletProbe();
    const seen: (number | null)[] = [];
    const Screen = () => {
      const { chainId } = useWallet();
      if (chainId !== null && seen.at(-1) !== chainId) seen.push(chainId);
      return null;
    };
    const tree = (
      <WalletProvider eager={false}>
        <probe.WalletProbe />
        <Screen />
      </WalletProvider>
    );
    const view = render(tree);
    await waitFor(() => expect(probe.current().status).toBe("ready"));
    await act(() => probe.current().connect("browser"));
    expect(probe.current().account).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    const first = probe.current().provider;
    view.rerender(tree);
    expect(probe.current().provider).toBe(first);
    act(() => wallet.emit("chainChanged", "0x38"));
    expect(probe.current().chainId).toBe(56);
    const second = probe.current().provider;
    expect(second).not.toBe(first);
    expect(browserProviderFor(wallet, 56)).toBe(second);
    act(() => wallet.emit("accountsChanged", []));
    expect(probe.current().account).toBeNull();
    expect(seen).toEqual([97, 56]);
  });
});

describe("chain config", () => {
  afterEach(() => resetChainConfig());

  it("asks the gateway once and shares the answer", async () => {
    let requests = 0;
    server.use(
      graphql.query("ChainConfig", () => {
        requests++;
        return HttpResponse.json({ data: { chainConfig: { ...config, explorerUrl: "https://testnet.bscscan.com/" } } });
      }),
    );
    resetChainConfig();
    const [a, b] = await Promise.all([getChainConfig(), getChainConfig()]);
    expect(await getChainConfig()).toBe(a);
    expect(b).toBe(a);
    expect(requests).toBe(1);
    expect(a).toEqual(config);
  });

  it("is null when the gateway runs without a chain, and retried after a failure", async () => {
    let fail = true;
    server.use(
      graphql.query("ChainConfig", () =>
        fail ? HttpResponse.json({ errors: [{ message: "boom" }] }) : HttpResponse.json({ data: { chainConfig: null } }),
      ),
    );
    resetChainConfig();
    await expect(getChainConfig()).rejects.toThrow("boom");
    fail = false;
    await expect(getChainConfig()).resolves.toBeNull();
    setChainConfig(config);
    await expect(getChainConfig()).resolves.toBe(config);
  });
});

it("ChainError is an Error with a kind", () => {
  const error = new ChainError("revert", "x", { reason: "r" });
  expect(error).toBeInstanceOf(Error);
  expect([error.kind, error.reason, error.name]).toEqual(["revert", "r", "ChainError"]);
});
