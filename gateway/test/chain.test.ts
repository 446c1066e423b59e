import { createPresaleThroughFactory, readPresale } from "@presale/abis";
import { parseEther, parseUnits } from "ethers";
import { errorCode, startTestApp, TestApp } from "./support/testApp";

describe("chain on a local anvil", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ chain: true });
    token = await app.adminToken();
  }, 60_000);
  afterAll(() => app.close());

  const records = async () =>
    (await app.gql(`{ allLaunchPads(sortField: "id", sortOrder: "ASC") { pid presaleAddress tokenAddress tokenSymbol tokenDecimal priceToken priceTokenCrypto bnbMinimumContribution bnbMaximumContribution busdMinimumContribution busdMaximumContribution hardCap busdHardCap } }`)).body.data.allLaunchPads;

  it("serves the active chain config publicly, with the deployed addresses", async () => {
    const res = await app.gql(`{ chainConfig { chainId rpcUrl explorerUrl contracts { farm pairFactory presaleFactory staking token stable multicall3 } } }`);
    const config = res.body.data.chainConfig;
    const local = app.services.chain.localChain!;
    expect(config.chainId).toBe(31337);
    expect(config.rpcUrl).toBe(local.rpcUrl);
    expect(config.explorerUrl).toBeNull();
    expect(config.contracts).toEqual(local.contracts);
    expect(config.contracts.multicall3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
    // The addresses hold code.
    for (const address of Object.values(config.contracts) as string[]) expect((await local.provider.getCode(address)).length).toBeGreaterThan(2);
  });

  it("imports the factory's presales that have no record, once, with amounts in human units", async () => {
    const local = app.services.chain.localChain!;
    expect(await records()).toEqual([]);
    const first = await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
    expect(first.body.data.reconcileLaunchPads).toBe(1);
    const [demo] = await records();
    const onChain = await readPresale(local.provider, local.demoPresale!.presaleAddress);
    expect(demo).toMatchObject({
      pid: onChain.pid,
      presaleAddress: onChain.presaleAddress,
      tokenAddress: onChain.tokenAddress,
      tokenSymbol: "DST",
      tokenDecimal: 18,
    });
    expect(parseUnits(demo.priceTokenCrypto, 18)).toBe(onChain.priceBUSD);
    expect(parseEther(demo.busdMaximumContribution)).toBe(onChain.maxBUSD);
    expect(parseEther(demo.hardCap)).toBe(onChain.hardCap);

    const again = await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
    expect(again.body.data.reconcileLaunchPads).toBe(0);
    expect(await records()).toHaveLength(1);
  });

  it("picks up a presale created on chain whose save never reached the database", async () => {
    const local = app.services.chain.localChain!;
    const signer = await local.signer(0);
    const created = await createPresaleThroughFactory(signer, local.contracts.presaleFactory, {
      token: local.contracts.stable,
      priceBNB: parseUnits("1000", 18),
      priceBUSD: parseUnits("2", 18),
      maxBNB: parseEther("5"),
      minBNB: parseEther("0.1"),
      maxBUSD: parseEther("1000"),
      minBUSD: parseEther("10"),
      hardCap: parseEther("100"),
      busdHardCap: parseEther("50000"),
      pid: 8,
      staker: local.contracts.staking,
    });
    const res = await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
    expect(res.body.data.reconcileLaunchPads).toBe(1);
    const added = (await records()).find((r: { presaleAddress: string }) => r.presaleAddress === created.presaleAddress);
    expect(added).toMatchObject({ pid: 8, priceToken: "1000", priceTokenCrypto: "2", bnbMinimumContribution: "0.1", busdHardCap: "50000" });
  });

  it("lets only admins reconcile", async () => {
    expect(errorCode(await app.gql(`mutation { reconcileLaunchPads }`))).toBe("UNAUTHENTICATED");
  });
});

describe("CHAIN=none", () => {
  it("answers chainConfig with null and starts nothing", async () => {
    const app = await startTestApp();
    try {
      const res = await app.gql(`{ chainConfig { chainId } }`);
      expect(res.body.data.chainConfig).toBeNull();
      expect(app.services.chain.localChain).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
