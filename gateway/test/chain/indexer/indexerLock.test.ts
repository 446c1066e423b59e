import type { LocalChain } from "@presale/abis/node";
import { startSignedIn, startTestApp, type TestApp } from "../../support/testApp";
import { demoSale, indexerFor } from "../../support/indexer";

/** Two replicas on one database (on MariaDB, the shared server; on SQLite, one file): one indexes, the other takes over when it stops. */
describe("chain indexer: one replica at a time", () => {
  let first: TestApp;
  let second: TestApp;
  let token: string;
  let local: LocalChain;
  beforeAll(async () => {
    ({ app: first, token } = await startSignedIn({ chain: true }));
    second = await startTestApp({ sameDatabaseAs: first, admin: false });
    local = first.services.chain.localChain!;
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("lets one indexer index while the other waits, then hands over when the holder stops", async () => {
    const sale = await demoSale(local);
    await sale.start(7);
    const holder = indexerFor(first);
    const standby = indexerFor(first, {}, undefined, second);
    try {
      expect(await holder.pollOnce()).toBe(true);
      expect(await standby.pollOnce()).toBe(false);
      await sale.buyBnb(1, "0.5");
      expect(await standby.pollOnce()).toBe(false);
      expect(await holder.pollOnce()).toBe(true);
      await holder.stop();

      await sale.buyBnb(2, "0.6");
      expect(await standby.pollOnce()).toBe(true);
      const res = await first.gql(`{ allContributions { buyer } }`, {}, token);
      expect(res.body.data.allContributions).toHaveLength(2);
      expect((await first.services.indexStatus()).indexedBlock).toBe(await local.provider.getBlockNumber());
    } finally {
      await holder.stop();
      await standby.stop();
    }
  });
});
