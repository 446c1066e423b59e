import { createPresaleThroughFactory, getContract, mined, readPresale } from "@presale/abis";
import { parseEther, parseUnits } from "ethers";
import { errorCode, fieldErrors, startSignedIn, startTestApp, TestApp } from "../support/testApp";

describe("chain on a local anvil", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ chain: true }));
  }, 60_000);
  afterAll(() => app.close());

  const records = async () =>
    (
      await app.gql(
        `{ allLaunchPads(sortField: "id", sortOrder: "ASC") { pid presaleAddress tokenAddress tokenSymbol tokenDecimal priceToken priceTokenCrypto bnbMinimumContribution bnbMaximumContribution busdMinimumContribution busdMaximumContribution hardCap busdHardCap } }`,
      )
    ).body.data.allLaunchPads;

  it("serves the active chain config publicly, with the deployed addresses", async () => {
    const res = await app.gql(
      `{ chainConfig { chainId rpcUrl explorerUrl contracts { farm pairFactory presaleFactory staking token stable multicall3 } } }`,
    );
    const config = res.body.data.chainConfig;
    const local = app.services.chain.localChain!;
    expect(config.chainId).toBe(31337);
    expect(config.rpcUrl).toBe(local.rpcUrl);
    expect(config.explorerUrl).toBeNull();
    expect(config.contracts).toEqual(local.contracts);
    expect(config.contracts.multicall3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
    // The addresses hold code.
    for (const address of Object.values(config.contracts) as string[])
      expect((await local.provider.getCode(address)).length).toBeGreaterThan(2);
  });

  it("imports the factory's presales that have no record, once, with amounts in human units", async () => {
    const local = app.services.chain.localChain!;
    expect(await records()).toEqual([]);
    const first = await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
    // The demo presale (account 0's) and the second one, owned by the local chain's Safe.
    expect(first.body.data.reconcileLaunchPads).toBe(2);
    const [demo, safeOwned] = await records();
    expect(safeOwned).toMatchObject({ presaleAddress: local.safePresale!.presaleAddress, tokenSymbol: "MDT" });
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
    expect(await records()).toHaveLength(2);
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

  describe("transaction history", () => {
    const record = (hash: string, auth = token) =>
      app.gql(
        `mutation($h: String!) { recordChainTransaction(hash: $h) { hash contract contractAddress presaleAddress functionName args wallet userName blockNumber status } }`,
        { h: hash },
        auth,
      );

    it("records a mined transaction as read from the chain: who, what, hash, block, result", async () => {
      const local = app.services.chain.localChain!;
      const presale = getContract("Presale", local.demoPresale!.presaleAddress, await local.signer(0));
      const tx = await presale.setHardCap(parseEther("123"));
      const receipt = await mined(tx);
      const res = await record(tx.hash);
      expect(res.body.data.recordChainTransaction).toEqual({
        hash: tx.hash.toLowerCase(),
        contract: "Presale",
        contractAddress: local.demoPresale!.presaleAddress,
        presaleAddress: local.demoPresale!.presaleAddress,
        functionName: "setHardCap",
        args: JSON.stringify({ _hardCap: parseEther("123").toString() }).replace(
          "_hardCap",
          presale.interface.getFunction("setHardCap")!.inputs[0].name,
        ),
        wallet: local.accounts[0],
        userName: "admin",
        blockNumber: receipt!.blockNumber,
        status: "success",
      });
      // Recording again changes nothing.
      await record(tx.hash);
      const all = await app.gql(`{ _allChainTransactionsMeta { count } }`, {}, token);
      expect(all.body.data._allChainTransactionsMeta.count).toBe(1);
    });

    it("ties a deposit (token transfer to a presale) and a blocklist call to their contracts, newest first", async () => {
      const local = app.services.chain.localChain!;
      const signer = await local.signer(0);
      const token0 = getContract("SaleToken", local.contracts.token, signer);
      const deposit = await token0.transfer(local.demoPresale!.presaleAddress, 1000n);
      await mined(deposit);
      const block = await token0.addBlacklistedUser(local.accounts[7]);
      await mined(block);
      expect((await record(deposit.hash)).body.data.recordChainTransaction).toMatchObject({
        contract: "SaleToken",
        functionName: "transfer",
        presaleAddress: local.demoPresale!.presaleAddress,
      });
      expect((await record(block.hash)).body.data.recordChainTransaction).toMatchObject({
        functionName: "addBlacklistedUser",
        presaleAddress: null,
      });

      const forPresale = await app.gql(
        `query($p: String) { allChainTransactions(filter: { presaleAddress: $p }) { functionName } }`,
        { p: local.demoPresale!.presaleAddress },
        token,
      );
      expect(forPresale.body.data.allChainTransactions.map((t: { functionName: string }) => t.functionName)).toEqual([
        "transfer",
        "setHardCap",
      ]);
      const byContract = await app.gql(`{ allChainTransactions(filter: { contract: "SaleToken" }) { functionName } }`, {}, token);
      expect(byContract.body.data.allChainTransactions.map((t: { functionName: string }) => t.functionName)).toEqual([
        "addBlacklistedUser",
        "transfer",
      ]);
    });

    it("refuses bad or unknown hashes and anonymous callers, and offers no way to forge an entry", async () => {
      expect(fieldErrors(await record("0x1234"))).toEqual({ hash: "Hash must be 0x followed by 64 hex digits" });
      expect(fieldErrors(await record(`0x${"ab".repeat(32)}`))).toEqual({ hash: `No transaction 0x${"ab".repeat(32)} on chain 31337` });
      expect(errorCode(await record(`0x${"ab".repeat(32)}`, ""))).toBe("UNAUTHENTICATED");
      const schema = await app.gql(`{ __schema { mutationType { fields { name } } } }`);
      const names = schema.body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name);
      expect(names.filter((n: string) => /ChainTransaction/.test(n))).toEqual(["recordChainTransaction"]);
    });
  });

  it("lets only admins reconcile", async () => {
    expect(errorCode(await app.gql(`mutation { reconcileLaunchPads }`))).toBe("UNAUTHENTICATED");
  });
});

describe("WALLETCONNECT_PROJECT_ID", () => {
  it("reaches the admin with the chain config", async () => {
    const app = await startTestApp({ chain: true, env: { WALLETCONNECT_PROJECT_ID: "project-123" } });
    try {
      const res = await app.gql(`{ chainConfig { walletConnectProjectId } }`);
      expect(res.body.data.chainConfig.walletConnectProjectId).toBe("project-123");
    } finally {
      await app.close();
    }
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
