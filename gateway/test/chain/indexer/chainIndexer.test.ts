import { parseEther } from "ethers";
import type { LocalChain } from "@presale/abis/node";
import { startSignedIn, type TestApp } from "../../support/testApp";
import { demoSale, indexerFor, mine, rpcRelay, until } from "../../support/indexer";

type Row = Record<string, any>;

describe("chain indexer: contributions, whitelist and figures from the chain", () => {
  let app: TestApp;
  let token: string;
  let local: LocalChain;
  let sale: Awaited<ReturnType<typeof demoSale>>;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ chain: true }));
    local = app.services.chain.localChain!;
    sale = await demoSale(local);
    await sale.start(7);
  }, 60_000);
  afterAll(() => app.close());

  const contributions = async (args = "", auth = token) => {
    const res = await app.gql(
      `{ allContributions${args} { id presaleAddress buyer currency amountPaid tokens blockNumber txHash logIndex boughtAt } }`,
      {},
      auth,
    );
    expect(res.body.errors).toBeUndefined();
    return res.body.data.allContributions as Row[];
  };
  const whitelist = async () =>
    (
      await app.gql(
        `{ allWhitelistEntries(sortField: "allocation", sortOrder: "ASC") { presaleAddress address allocation addedAt blockNumber } _allWhitelistEntriesMeta { count } }`,
        {},
        token,
      )
    ).body.data;
  const stats = async (address = sale.address) =>
    app.gql(
      `query($a: String!) { presaleStats(address: $a) { raisedBnb raisedBusd averageBnb averageBusd largestBnb largestBusd tokensSold contributors contributions whitelistSize hardCapBnb hardCapBusd percentBnb percentBusd open startTime endTime secondsLeft indexedBlock } }`,
      { a: address },
      token,
    );

  it("indexes BNB and BUSD purchases, whitelisted and not, with exact amounts, sorted numerically", async () => {
    const indexer = indexerFor(app);
    try {
      await sale.buyBnb(1, "0.123456789012345678");
      await sale.buyBusd(2, "50.000000000000000001");
      await sale.toggleWhitelist();
      await sale.whitelist([local.accounts[3]], [parseEther("1")]);
      await sale.buyBnb(3, "0.9");
      // Not on the whitelist: the chain refuses it, so nothing is indexed for it.
      await expect(sale.buyBnb(4, "0.2")).rejects.toThrow();
      expect(await indexer.pollOnce()).toBe(true);

      const rows = await contributions(`(sortField: "amountPaid", sortOrder: "ASC")`);
      // Numeric order: as text, "900…" would sort after "500…01".
      expect(rows.map((r) => [r.buyer, r.currency, r.amountPaid, r.tokens])).toEqual([
        [local.accounts[1], "BNB", "123456789012345678", "123456789012345678000"],
        [local.accounts[3], "BNB", "900000000000000000", "900000000000000000000"],
        [local.accounts[2], "BUSD", "50000000000000000001", "100000000000000000002"],
      ]);
      const receipt = await local.provider.getTransactionReceipt(rows[0].txHash);
      const block = await local.provider.getBlock(receipt!.blockNumber);
      expect(rows[0]).toMatchObject({
        presaleAddress: sale.address,
        blockNumber: receipt!.blockNumber,
        logIndex: receipt!.logs.at(-1)!.index,
        boughtAt: new Date(block!.timestamp * 1000).toISOString(),
      });
      expect((await contributions(`(sortField: "amountPaid", sortOrder: "DESC")`)).map((r) => r.amountPaid)).toEqual([
        "50000000000000000001",
        "900000000000000000",
        "123456789012345678",
      ]);
    } finally {
      await indexer.stop();
    }
  });

  it("filters contributions by presale, buyer, currency, time range and text, and counts them", async () => {
    expect(await contributions(`(filter: { currency: "BUSD" })`)).toHaveLength(1);
    expect(await contributions(`(filter: { buyer: "${local.accounts[3]}" })`)).toHaveLength(1);
    expect(await contributions(`(filter: { presaleAddress: "${sale.address}" })`)).toHaveLength(3);
    expect(await contributions(`(filter: { presaleAddress: "${local.accounts[9]}" })`)).toHaveLength(0);
    const [first] = await contributions(`(sortField: "boughtAt", sortOrder: "ASC", perPage: 1)`);
    expect(await contributions(`(filter: { boughtAt_gte: "${first.boughtAt}" })`)).toHaveLength(3);
    expect(await contributions(`(filter: { boughtAt_lte: "${new Date(Date.parse(first.boughtAt) - 1000).toISOString()}" })`)).toHaveLength(
      0,
    );
    expect(await contributions(`(filter: { q: "${local.accounts[1]}" })`)).toHaveLength(1);
    const meta = await app.gql(`{ _allContributionsMeta(filter: { currency: "BNB" }) { count } }`, {}, token);
    expect(meta.body.data._allContributionsMeta.count).toBe(2);
    const one = await app.gql(`query($id: ID!) { Contribution(id: $id) { buyer } }`, { id: first.id }, token);
    expect(one.body.data.Contribution.buyer).toBe(first.buyer);
  });

  it("keeps one whitelist row per address, with the allocation of its last add", async () => {
    const indexer = indexerFor(app);
    try {
      await sale.whitelist([local.accounts[5], local.accounts[6]], [parseEther("2"), parseEther("3")]);
      await sale.whitelist([local.accounts[5]], [parseEther("4")]);
      await indexer.pollOnce();
      const { allWhitelistEntries, _allWhitelistEntriesMeta } = await whitelist();
      expect(_allWhitelistEntriesMeta.count).toBe(3);
      expect(allWhitelistEntries.map((e: Row) => [e.address, e.allocation])).toEqual([
        [local.accounts[3], parseEther("1").toString()],
        [local.accounts[6], parseEther("3").toString()],
        [local.accounts[5], parseEther("4").toString()],
      ]);
      const latest = await local.provider.getBlock("latest");
      expect(allWhitelistEntries[2]).toMatchObject({ presaleAddress: sale.address, blockNumber: latest!.number });
    } finally {
      await indexer.stop();
    }
  });

  it("sums a presale's figures exactly and buckets its timeline by hour and day", async () => {
    const res = await stats();
    expect(res.body.errors).toBeUndefined();
    const figures = res.body.data.presaleStats;
    const bnb = 123456789012345678n + 900000000000000000n;
    expect(figures).toMatchObject({
      raisedBnb: bnb.toString(),
      raisedBusd: "50000000000000000001",
      averageBnb: (bnb / 2n).toString(),
      averageBusd: "50000000000000000001",
      largestBnb: "900000000000000000",
      largestBusd: "50000000000000000001",
      tokensSold: (123456789012345678000n + 900000000000000000000n + 100000000000000000002n).toString(),
      contributors: 3,
      contributions: 3,
      whitelistSize: 3,
      hardCapBnb: parseEther("100").toString(),
      hardCapBusd: parseEther("50000").toString(),
      open: true,
    });
    expect(figures.percentBnb).toBeCloseTo(1.0234, 4);
    expect(figures.percentBusd).toBeCloseTo(0.1, 4);
    expect(Date.parse(figures.endTime) - Date.parse(figures.startTime)).toBe(7 * 86_400_000);
    expect(figures.secondsLeft).toBeGreaterThan(6 * 86_400);
    expect(figures.indexedBlock).toBe(await local.provider.getBlockNumber());

    const timeline = async (bucket: string) =>
      app.gql(
        `query($a: String!, $b: String!) { presaleTimeline(address: $a, bucket: $b) { at bnb busd cumulativeBnb cumulativeBusd contributions } }`,
        { a: sale.address, b: bucket },
        token,
      );
    for (const bucket of ["hour", "day"]) {
      const points = (await timeline(bucket)).body.data.presaleTimeline;
      const last = points.at(-1);
      expect(last).toMatchObject({ cumulativeBnb: bnb.toString(), cumulativeBusd: "50000000000000000001" });
      expect(points.reduce((n: number, p: Row) => n + p.contributions, 0)).toBe(3);
      const size = bucket === "hour" ? 3_600_000 : 86_400_000;
      for (const point of points) expect(Date.parse(point.at) % size).toBe(0);
    }
    const bad = await timeline("week");
    expect(bad.body.errors?.[0].message).toMatch(/hour or day/);
    const badAddress = await stats("0x123");
    expect(badAddress.body.errors?.[0].message).toMatch(/address/);
    // Unknown presales answer zeros, not an error.
    expect((await stats(local.accounts[9])).body.data.presaleStats).toMatchObject({ raisedBnb: "0", contributions: 0, hardCapBnb: null });
  });

  it("answers admins only", async () => {
    for (const query of [
      `{ allContributions { id } }`,
      `{ allWhitelistEntries { id } }`,
      `{ chainIndexStatus { enabled } }`,
      `{ presaleStats(address: "${sale.address}") { raisedBnb } }`,
    ]) {
      const res = await app.gql(query);
      expect(res.body.errors?.[0].extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    }
  });

  it("resumes from its cursor after a restart, and replaying blocks already indexed writes nothing twice", async () => {
    const relay = await rpcRelay(local.rpcUrl);
    const before = await app.services.indexStatus();
    await sale.buyBnb(7, "0.1").catch(() => undefined);
    await sale.whitelist([local.accounts[7]], [parseEther("1")]);
    await sale.buyBnb(7, "0.25");
    const restarted = indexerFor(app, {}, relay.url);
    try {
      await restarted.pollOnce();
      expect(relay.state.ranges[0][0]).toBe(before.indexedBlock! + 1);
      expect(await contributions()).toHaveLength(4);
      // Rewind the cursor to before every purchase: the same events are read again and skipped.
      await app.services.ds.query(`UPDATE chain_index_cursors SET blockNumber = 0, blockHash = NULL`);
      await restarted.pollOnce();
      expect(await contributions()).toHaveLength(4);
      expect((await whitelist())._allWhitelistEntriesMeta.count).toBe(4);
      const [{ n }] = await app.services.ds.query(`SELECT COUNT(*) AS n FROM chain_events WHERE name = 'TokensBought'`);
      expect(Number(n)).toBe(4);
    } finally {
      await restarted.stop();
      await relay.close();
    }
  });

  it("stays CHAIN_CONFIRMATIONS blocks behind the head", async () => {
    const indexer = indexerFor(app, { confirmations: 3 });
    try {
      await sale.whitelist([local.accounts[2]], [parseEther("1000")]);
      await sale.buyBusd(2, "60");
      await indexer.pollOnce();
      expect(await contributions(`(filter: { currency: "BUSD" })`)).toHaveLength(1);
      let status = await app.services.indexStatus();
      expect(status.headBlock! - status.indexedBlock!).toBe(3);
      await mine(local, 2);
      await indexer.pollOnce();
      expect(await contributions(`(filter: { currency: "BUSD" })`)).toHaveLength(1);
      await mine(local, 1);
      await indexer.pollOnce();
      expect(await contributions(`(filter: { currency: "BUSD" })`)).toHaveLength(2);
      status = await app.services.indexStatus();
      expect(status.headBlock! - status.indexedBlock!).toBe(3);
      expect(status.lastError).toBeNull();
    } finally {
      await indexer.stop();
    }
  });

  it("runs by itself once started (as npm start does), polling the chain", async () => {
    const res = await app.gql(
      `{ chainIndexStatus { enabled headBlock indexedBlock behind confirmations lastError updatedAt } }`,
      {},
      token,
    );
    expect(res.body.data.chainIndexStatus).toMatchObject({ enabled: true, confirmations: 0, lastError: null });
    const indexer = app.services.startIndexer()!;
    try {
      await sale.buyBnb(7, "0.2");
      const head = await local.provider.getBlockNumber();
      await until(async () => (await app.services.indexStatus()).indexedBlock === head);
      expect((await contributions(`(filter: { buyer: "${local.accounts[7]}", currency: "BNB" })`)).length).toBe(2);
      const ready = await app.http.get("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body.indexer).toEqual({ behind: 0, lastError: null });
    } finally {
      await indexer.stop();
    }
  });
  it("follows the sale's settings and lifecycle: a changed hard cap, then closed", async () => {
    const indexer = indexerFor(app);
    try {
      await sale.setHardCap(parseEther("10"));
      await sale.close();
      await indexer.pollOnce();
      const figures = (await stats()).body.data.presaleStats;
      expect(figures).toMatchObject({ hardCapBnb: parseEther("10").toString(), open: false, secondsLeft: null });
      // Percent of the new 10 BNB cap: raised wei / 1e19 × 100.
      expect(figures.percentBnb).toBeCloseTo(Number(figures.raisedBnb) / 1e17, 3);
      const [{ n }] = await app.services.ds.query(
        `SELECT COUNT(*) AS n FROM chain_events WHERE name IN ('SettingChanged', 'PresaleClosed')`,
      );
      expect(Number(n)).toBe(2);
    } finally {
      await indexer.stop();
    }
  });
});
