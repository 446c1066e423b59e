/**
 * WalletConnect without the network: the real module (and its relay) is
 * replaced by a stand-in connector; what is tested is the lazy loading, the
 * options given to WalletConnect, and the eager-reconnect order.
 */
import { render, waitFor } from "@testing-library/react";
import { Connector, type Actions } from "@web3-react/types";
import { setChainConfig, type ChainConfig } from "../../src/chain/config";
import { getConnectors } from "../../src/chain/connectors";
import { walletConnectOptions } from "../../src/chain/walletConnectOptions";
import { LAST_WALLET_KEY, NO_WALLET_MESSAGE, resetEagerConnect, WalletProvider } from "../../src/chain/WalletProvider";
import { walletProbe } from "../support/chain";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const fakeProvider = { request: jest.fn(async () => null), on: jest.fn(), removeListener: jest.fn() };
const behaviour = { eagerFails: false };
const created: jest.Mock[] = [];

class FakeWalletConnect extends Connector {
  async activate(chainId?: number) {
    this.provider = fakeProvider as never;
    this.actions.update({ accounts: [ACCOUNT], chainId: chainId ?? 1 });
  }
  async connectEagerly() {
    if (behaviour.eagerFails) throw new Error("No active session found. Connect your wallet first.");
    await this.activate(31337);
  }
  async deactivate() {
    this.provider = undefined;
    this.actions.resetState();
  }
}

const clearStorage = jest.fn(async () => {});
jest.mock("../../src/chain/walletConnect", () => {
  const create = jest.fn((actions: Actions) => new FakeWalletConnect(actions));
  created.push(create);
  return { createWalletConnect: create, clearWalletConnectStorage: () => clearStorage() };
});

const local: ChainConfig = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: null,
  contracts: { farm: "", pairFactory: "", presaleFactory: "", staking: "", token: "", stable: "", multicall3: "" },
};

describe("walletConnectOptions", () => {
  it("makes the active chain the required default, with 56 and 97 optional and in rpcMap", () => {
    expect(walletConnectOptions(local, "pid")).toMatchObject({
      projectId: "pid",
      chains: [31337],
      optionalChains: [56, 97],
      showQrModal: true,
      rpcMap: {
        56: "https://bsc-dataseed.binance.org",
        97: "https://data-seed-prebsc-1-s1.binance.org:8545",
        31337: "http://127.0.0.1:8545",
      },
    });
    const testnet = walletConnectOptions({ ...local, chainId: 97, rpcUrl: "https://my-node.example/97" }, "pid");
    expect(testnet).toMatchObject({ chains: [97], optionalChains: [56], rpcMap: { 97: "https://my-node.example/97" } });
  });
});

describe("the lazy WalletConnect connector", () => {
  beforeEach(() => setChainConfig(local));

  it("loads WalletConnect once, on first use, and exposes its provider and state", async () => {
    const { walletConnect, priority } = getConnectors();
    expect(created).toHaveLength(0); // the module is not even loaded yet
    await walletConnect.activate();
    await walletConnect.activate();
    expect(created[0]).toHaveBeenCalledTimes(1);
    expect(walletConnect.provider).toBe(fakeProvider);
    expect(getConnectors().walletConnect).toBe(walletConnect);
    expect(priority).toBeDefined();
    await walletConnect.deactivate();
    expect(walletConnect.provider).toBeUndefined();
  });
});

describe("eager reconnect", () => {
  const probe = walletProbe();

  beforeEach(() => {
    resetEagerConnect();
    setChainConfig(local);
  });

  it("restores a saved WalletConnect session first", async () => {
    behaviour.eagerFails = false;
    localStorage.setItem(LAST_WALLET_KEY, "walletconnect");
    const view = render(
      <WalletProvider>
        child
        <probe.WalletProbe />
      </WalletProvider>,
    );
    await waitFor(() => expect(probe.current()).toMatchObject({ account: ACCOUNT, chainId: 31337, kind: "walletconnect" }));
    view.unmount();
    await getConnectors().walletConnect.deactivate();
  });

  it("falls back to the browser wallet (here: none) and forgets a dead WalletConnect session", async () => {
    behaviour.eagerFails = true;
    localStorage.setItem(LAST_WALLET_KEY, "walletconnect");
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    render(
      <WalletProvider>
        child
        <probe.WalletProbe />
      </WalletProvider>,
    );
    await waitFor(() => expect(log).toHaveBeenCalledWith(NO_WALLET_MESSAGE));
    expect(clearStorage).toHaveBeenCalled();
    expect(localStorage.getItem(LAST_WALLET_KEY)).toBeNull();
    expect(probe.current().account).toBeNull();
    log.mockRestore();
  });
});
