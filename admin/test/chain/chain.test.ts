/**
 * Reads and writes against a real anvil with the product's contracts (started
 * here on a port in 8800-8899 and stopped after). Only the gateway's
 * recordChainTransaction is answered by msw.
 */
import { startLocalChain, type LocalChain } from "@presale/abis/node";
import { setChainConfig } from "../../src/chain/config";
import { closeReadProviders, readMany, readPresale, readToken, readBlacklisted } from "../../src/chain/reads";
import { sendTransaction } from "../../src/chain/transactions";
import { parseBnb, parseAmount } from "../../src/chain/units";
import {
  allowLocalChain,
  connectBrowserWallet,
  dropBrowserWallet,
  fakeHistory,
  injectedWallet,
  PORT_RANGE,
  rpcLog,
} from "../support/chain";

let chain: LocalChain;
let presale: string;

beforeAll(async () => {
  allowLocalChain();
  chain = await startLocalChain({ portRange: PORT_RANGE });
  presale = chain.demoPresale!.presaleAddress;
  setChainConfig({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, explorerUrl: null, contracts: chain.contracts });
}, 120_000);

beforeEach(() => {
  allowLocalChain(); // test/support/setup.ts resets msw's handlers after each test
  rpcLog.length = 0;
});

afterAll(async () => {
  dropBrowserWallet();
  closeReadProviders();
  await chain?.stop();
});

describe("reads", () => {
  it("reads every presale value in one HTTP request, one eth_call through Multicall3", async () => {
    const state = await readPresale(presale, { tokenHint: chain.contracts.token });
    expect(rpcLog).toEqual([{ url: expect.stringContaining(String(chain.port)), methods: ["eth_call"] }]);
    const demo = chain.demoPresale!;
    expect(state).toMatchObject({
      address: presale,
      tokenAddress: chain.contracts.token,
      staker: chain.contracts.staking,
      owner: chain.accounts[0],
      busd: chain.contracts.stable,
      tokenRatePerEth: demo.priceBNB,
      tokenRatePercrypto: demo.priceBUSD,
      minEthLimit: demo.minBNB,
      maxEthLimit: demo.maxBNB,
      busdMinEthLimit: demo.minBUSD,
      busdMaxEthLimit: demo.maxBUSD,
      hardCap: demo.hardCap,
      busdHardCap: demo.busdHardCap,
      ethEarned: 0n,
      busdEarned: 0n,
      intervalSeconds: 0n,
      isPresaleOpen: false,
      isWhitelist: false,
      isClaimable: false,
      iscrypto: true,
      currentPoolId: 0n,
      bnbBalance: 0n,
      token: { address: chain.contracts.token, symbol: "DST", name: "Demo Sale Token", decimals: 18, balance: demo.deposited },
    });
    expect(typeof state.hardCap).toBe("bigint");
    expect(state.blockNumber).toBe(await chain.provider.getBlockNumber());
  });

  it("reads the token in a second call when the hint is missing", async () => {
    const state = await readPresale(presale);
    expect(rpcLog.map((r) => r.methods)).toEqual([["eth_call"], ["eth_call"]]);
    expect(state.token.balance).toBe(chain.demoPresale!.deposited);
  });

  it("batches any calls, decodes each, and tells failures apart", async () => {
    const [symbol, balance, pools, notThere] = await readMany([
      { address: chain.contracts.token, contract: "SaleToken", fn: "symbol" },
      { address: chain.contracts.stable, contract: "StableCoin", fn: "balanceOf", args: [chain.accounts[1]] },
      { address: chain.contracts.staking, contract: "Staking", fn: "poolLength" },
      { address: chain.accounts[5], contract: "IERC20", fn: "decimals", allowFailure: true },
    ]);
    expect(rpcLog).toHaveLength(1);
    expect([symbol, balance, pools, notThere]).toEqual(["DST", parseBnb("1000000"), 11n, undefined]);
    await expect(readMany([{ address: chain.accounts[5], contract: "IERC20", fn: "decimals" }])).rejects.toThrow(/no contract at/);
    await expect(readToken(chain.accounts[5])).rejects.toThrow(`No ERC-20 token at ${chain.accounts[5]}`);
    expect(await readToken(chain.contracts.stable, chain.accounts[0])).toMatchObject({ symbol: "BUSD", decimals: 18 });
    const listed = await readBlacklisted([chain.accounts[3]]);
    expect(listed.get(chain.accounts[3])).toBe(false);
  });
});

describe("sendTransaction", () => {
  it("sends from the owner, waits for the receipt, records it, and the new value reads at the receipt's block", async () => {
    const history = fakeHistory();
    const wallet = injectedWallet(chain.rpcUrl, chain.accounts[0]);
    await connectBrowserWallet(wallet);
    const submitted: string[] = [];
    const receipt = await sendTransaction({
      contract: "Presale",
      address: presale,
      fn: "setHardCap",
      args: [parseBnb("123")],
      onSubmitted: (hash) => submitted.push(hash),
    });
    expect(receipt.status).toBe(1);
    expect(submitted).toEqual([receipt.hash]);
    expect(history).toEqual([receipt.hash]);
    // the chain check and the account come first; the one eth_sendTransaction is the wallet's last request
    expect(wallet.methods().slice(0, 2)).toEqual(["eth_chainId", "eth_accounts"]);
    expect(wallet.methods().filter((m) => m === "eth_sendTransaction")).toHaveLength(1);
    expect(wallet.methods().at(-1)).toBe("eth_sendTransaction");
    expect((await readPresale(presale, { blockTag: receipt.blockNumber })).hardCap).toBe(parseBnb("123"));
    expect((await readPresale(presale, { blockTag: receipt.blockNumber - 1 })).hardCap).toBe(chain.demoPresale!.hardCap);
    expect((await readPresale(presale, { minBlock: receipt.blockNumber })).hardCap).toBe(parseBnb("123"));
  });

  it("refuses a non-owner wallet before any signature", async () => {
    const history = fakeHistory();
    const wallet = injectedWallet(chain.rpcUrl, chain.accounts[1]);
    await expect(
      sendTransaction({ contract: "Presale", address: presale, fn: "setHardCap", args: [1n], wallet: { provider: wallet } }),
    ).rejects.toMatchObject({
      kind: "not-owner",
      message: `The connected wallet ${chain.accounts[1]} is not the owner of this presale (owner ${chain.accounts[0]})`,
    });
    expect(wallet.methods()).not.toContain("eth_sendTransaction");
    expect(history).toEqual([]);
    // the token's blocklist names its contract
    await expect(
      sendTransaction({ contract: "SaleToken", fn: "addBlacklistedUser", args: [chain.accounts[4]], wallet: { provider: wallet } }),
    ).rejects.toThrow(`The connected wallet ${chain.accounts[1]} is not the owner of the token contract (owner ${chain.accounts[0]})`);
  });

  it("shows a reverting call's reason in plain words, without sending it", async () => {
    fakeHistory();
    const wallet = injectedWallet(chain.rpcUrl, chain.accounts[0]);
    const owner = { provider: wallet };
    const send = (fn: string, args: unknown[] = [], address = presale) =>
      sendTransaction({ contract: "Presale", address, fn, args, wallet: owner });

    await expect(send("startPresale", [0n])).rejects.toMatchObject({
      kind: "revert",
      message: "Presale: duration must be at least one day",
    });
    await expect(send("closePresale")).rejects.toThrow("Presale is not open");

    // open the demo sale; finalising it while open is refused with the original screen's words
    expect((await send("startPresale", [3n])).status).toBe(1);
    await expect(send("finalizeSale", [chain.contracts.staking])).rejects.toThrow("Ensure that sale is stop or Not");
    expect(wallet.methods().filter((m) => m === "eth_sendTransaction")).toHaveLength(1);
    const closed = await send("closePresale");
    const finalized = await send("finalizeSale", [chain.contracts.staking]);
    const state = await readPresale(presale, { blockTag: finalized.blockNumber });
    expect(state).toMatchObject({ isPresaleOpen: false, isClaimable: true, intervalSeconds: 3n * 86_400n });
    expect(closed.blockNumber).toBeLessThan(finalized.blockNumber);

    // a new presale through the factory has no tokens: Start Sale says to deposit first
    const created = await sendTransaction({
      contract: "PresaleFactory",
      fn: "createPresale",
      args: [
        chain.contracts.token,
        parseAmount("10", 18),
        parseAmount("1", 18),
        parseBnb("1"),
        parseBnb("0.1"),
        parseBnb("10"),
        parseBnb("1"),
        parseBnb("5"),
        parseBnb("50"),
        1n,
        chain.contracts.staking,
      ],
      wallet: owner,
    });
    const fresh = await readMany(
      [{ address: chain.contracts.presaleFactory, contract: "PresaleFactory", fn: "getPresale", args: [chain.contracts.token] }],
      {
        blockTag: created.blockNumber,
      },
    );
    await expect(send("startPresale", [1n], fresh[0] as string)).rejects.toThrow("Deposit tokens first!!!");
  });

  it("asks the wallet to switch chains (adding the chain on 4902) before sending", async () => {
    fakeHistory();
    const wallet = injectedWallet(chain.rpcUrl, chain.accounts[0], { startChainId: 56 });
    const receipt = await sendTransaction({
      contract: "Presale",
      address: presale,
      fn: "setMinEthLimit",
      args: [parseBnb("0.2")],
      wallet: { provider: wallet },
    });
    expect(receipt.status).toBe(1);
    expect(wallet.methods().slice(0, 4)).toEqual(["eth_chainId", "wallet_switchEthereumChain", "wallet_addEthereumChain", "eth_chainId"]);
    expect(wallet.methods()).toContain("eth_sendTransaction");
  });

  it("keeps the receipt when the history cannot record it", async () => {
    const history = fakeHistory({ fail: true });
    const wallet = injectedWallet(chain.rpcUrl, chain.accounts[0]);
    const recorded: unknown[] = [];
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const receipt = await sendTransaction({
      contract: "SaleToken",
      fn: "transfer",
      args: [chain.accounts[2], 5n],
      wallet: { provider: wallet },
      onRecorded: (entry, error) => recorded.push(entry ?? (error as Error).message),
    });
    warn.mockRestore();
    expect(receipt.status).toBe(1);
    expect(history).toEqual([receipt.hash]);
    expect(recorded).toEqual(["history is down"]);
  });

  it("says so when no wallet is connected", async () => {
    dropBrowserWallet();
    await expect(sendTransaction({ contract: "Presale", address: presale, fn: "closePresale" })).rejects.toMatchObject({
      kind: "no-wallet",
      message: "Please connect your wallet",
    });
  });
});
