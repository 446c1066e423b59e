import type { LocalChain } from "@presale/abis/node";
import { parseEther } from "ethers";
import { startSignedIn, type TestApp } from "../../support/testApp";
import { demoSale, indexerFor, mine, rpcRelay, until } from "../../support/indexer";

type Row = Record<string, any>;

describe("chain indexer: refused ranges, reorgs and RPC outages", () => {
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

  const buyers = async () => {
    const res = await app.gql(`{ allContributions(sortField: "blockNumber", sortOrder: "ASC") { buyer amountPaid } }`, {}, token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.allContributions.map((row: Row) => [row.buyer, row.amountPaid]);
  };
  const whitelist = async () =>
    (
      await app.gql(`{ allWhitelistEntries(sortField: "allocation", sortOrder: "ASC") { address allocation } }`, {}, token)
    ).body.data.allWhitelistEntries.map((row: Row) => [row.address, row.allocation]);

  it("halves a getLogs span the endpoint refuses (BSC's 'exceed maximum block range') until it is accepted", async () => {
    await sale.buyBnb(1, "0.5");
    await mine(local, 20);
    const relay = await rpcRelay(local.rpcUrl, { maxLogSpan: 8 });
    const indexer = indexerFor(app, { logRange: 5000 }, relay.url);
    try {
      await indexer.pollOnce();
      const head = await local.provider.getBlockNumber();
      expect((await app.services.indexStatus()).indexedBlock).toBe(head);
      expect(relay.state.spans.length).toBeGreaterThan(0);
      expect(Math.max(...relay.state.spans)).toBeLessThanOrEqual(8);
      // Every block from 0 to the head was read, once per kind of request.
      const ranges = [...new Map(relay.state.ranges.map((range) => [range[0], range])).values()].sort((a, b) => a[0] - b[0]);
      expect(ranges[0][0]).toBe(0);
      ranges.slice(1).forEach((range, at) => expect(range[0]).toBe(ranges[at][1] + 1));
      expect(ranges.at(-1)![1]).toBe(head);
      expect(await buyers()).toEqual([[local.accounts[1], parseEther("0.5").toString()]]);

      // The endpoint takes wide spans again: after enough accepted ranges the span grows back.
      relay.state.maxLogSpan = Infinity;
      relay.state.spans.length = 0;
      await mine(local, 400);
      await indexer.pollOnce();
      expect((await app.services.indexStatus()).indexedBlock).toBe(await local.provider.getBlockNumber());
      expect(Math.max(...relay.state.spans)).toBeGreaterThan(8);
    } finally {
      await indexer.stop();
      await relay.close();
    }
  });

  it("rolls a reorg back: reverted purchases and whitelist adds go, the new blocks are indexed", async () => {
    const indexer = indexerFor(app);
    try {
      await sale.whitelist([local.accounts[1]], [parseEther("1")]);
      await indexer.pollOnce();
      const snapshot = await local.provider.send("evm_snapshot", []);
      await sale.buyBnb(2, "0.3");
      await sale.whitelist([local.accounts[1], local.accounts[5]], [parseEther("5"), parseEther("2")]);
      await indexer.pollOnce();
      expect(await buyers()).toEqual([
        [local.accounts[1], parseEther("0.5").toString()],
        [local.accounts[2], parseEther("0.3").toString()],
      ]);
      expect(await whitelist()).toEqual([
        [local.accounts[5], parseEther("2").toString()],
        [local.accounts[1], parseEther("5").toString()],
      ]);

      await local.provider.send("evm_revert", [snapshot]);
      await sale.buyBnb(3, "0.7");
      await mine(local, 3);
      await indexer.pollOnce();
      expect(await buyers()).toEqual([
        [local.accounts[1], parseEther("0.5").toString()],
        [local.accounts[3], parseEther("0.7").toString()],
      ]);
      // The re-add was reverted: the first allocation is the current one again; the reverted add is gone.
      expect(await whitelist()).toEqual([[local.accounts[1], parseEther("1").toString()]]);
      const [{ n }] = await app.services.ds.query(`SELECT COUNT(*) AS n FROM chain_events WHERE name = 'TokensBought'`);
      expect(Number(n)).toBe(2);
      expect((await app.services.indexStatus()).indexedBlock).toBe(await local.provider.getBlockNumber());
    } finally {
      await indexer.stop();
    }
  });

  it("keeps answering while the RPC is down, says how far behind it is, backs off, and catches up", async () => {
    const relay = await rpcRelay(local.rpcUrl);
    const indexer = indexerFor(app, { intervalMs: 100 }, relay.url);
    const status = () => app.services.indexStatus();
    try {
      indexer.start();
      const head = await local.provider.getBlockNumber();
      await until(async () => (await status()).indexedBlock === head);

      relay.state.down = true;
      await sale.buyBnb(4, "0.4");
      await until(async () => (await status()).lastError !== null);
      const api = await app.gql(`{ allContributions { buyer } chainIndexStatus { lastError behind } }`, {}, token);
      expect(api.body.errors).toBeUndefined();
      expect(api.body.data.allContributions).toHaveLength(2);
      expect(api.body.data.chainIndexStatus.lastError).toMatch(/503|server|unavailable/i);
      const ready = await app.http.get("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body.indexer.lastError).toBeTruthy();

      // Back-off: the delay doubles after each failure, so a second and a half sees a handful of tries, not one per 100 ms.
      const calls = relay.state.calls;
      await new Promise((r) => setTimeout(r, 1500));
      expect(relay.state.calls - calls).toBeLessThanOrEqual(5);

      // The head is visible again but logs are refused: the status counts the blocks not indexed.
      relay.state.down = false;
      relay.state.refuse.add("eth_getLogs");
      await until(async () => ((await status()).behind ?? 0) > 0, 15_000);
      expect((await status()).lastError).toBeTruthy();

      relay.state.refuse.clear();
      const newHead = await local.provider.getBlockNumber();
      await until(async () => {
        const now = await status();
        return now.indexedBlock === newHead && now.lastError === null;
      }, 20_000);
      expect(await buyers()).toContainEqual([local.accounts[4], parseEther("0.4").toString()]);
      expect((await status()).behind).toBe(0);
    } finally {
      await indexer.stop();
      await relay.close();
    }
  }, 60_000);
});
