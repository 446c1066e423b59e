import { startSignedIn, type TestApp } from "../../support/testApp";
import type { Change } from "../../../src/changes/feed";
import { indexerFor, mine, rpcRelay, until } from "../../support/indexer";
import { createWebhook } from "../../support/webhooks";
import { safeFixture } from "../../support/safe";

/** The chain indexer follows each Safe with proposals: executions from anywhere set executed, and spend their nonce. */
describe("Safe transactions: executions followed by the chain indexer", () => {
  let app: TestApp;
  let token: string;
  let fx: ReturnType<typeof safeFixture>;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ chain: true }));
    fx = safeFixture(app);
  }, 60_000);
  afterAll(() => app.close());

  const byHash = async () => new Map((await fx.stored(token)).transactions.map((t) => [t.safeTxHash as string, t]));

  it("marks an execution by a script executed, replaces the other proposal at its nonce, resumes after a restart", async () => {
    const nonce = await fx.chainNonce();
    const [dataA, dataB, dataC] = [fx.busdHardCap("1000"), fx.busdHardCap("2000"), fx.busdHardCap("3000")];
    const [txA, txB, txC] = [fx.txOf(dataA, nonce), fx.txOf(dataB, nonce), fx.txOf(dataC, nonce + 1)];
    const first = (await fx.propose(token, { data: dataA, signature: await fx.sign(0, txA) })).body.data.proposeSafeTransaction;
    const rival = (await fx.propose(token, { data: dataB, signature: await fx.sign(1, txB), nonce })).body.data.proposeSafeTransaction;
    const next = (await fx.propose(token, { data: dataC, signature: await fx.sign(0, txC) })).body.data.proposeSafeTransaction;
    expect([first.nonce, rival.nonce, next.nonce]).toEqual([nonce, nonce, nonce + 1]);
    expect((await fx.confirm(token, first.safeTxHash, await fx.sign(2, txA))).body.data.confirmSafeTransaction.status).toBe("executable");
    // Fully signed, but not the next nonce: it waits.
    expect((await fx.confirm(token, next.safeTxHash, await fx.sign(1, txC))).body.data.confirmSafeTransaction.status).toBe("pending");

    const indexer = indexerFor(app, { confirmations: 0 });
    let indexedBlock: number;
    try {
      await indexer.pollOnce();
      const executedHash = await fx.execute(5, txA, (await byHash()).get(first.safeTxHash)!.signatures);
      await indexer.pollOnce();
      const rows = await byHash();
      expect(rows.get(first.safeTxHash)).toMatchObject({ status: "executed", executedTxHash: executedHash });
      expect(rows.get(rival.safeTxHash)!.status).toBe("replaced");
      expect(rows.get(next.safeTxHash)!.status).toBe("executable");
      const late = await fx.confirm(token, rival.safeTxHash, await fx.sign(2, txB));
      expect(late.body.errors?.[0].extensions?.fieldErrors.safeTxHash).toMatch(/is replaced: it takes no more signatures/);
      indexedBlock = (await app.services.indexStatus()).indexedBlock!;
    } finally {
      await indexer.stop();
    }

    // While no indexer runs, a script executes the next one; a new indexer (a restarted gateway) resumes at its cursor.
    const executedC = await fx.execute(6, txC, (await byHash()).get(next.safeTxHash)!.signatures);
    const relay = await rpcRelay(fx.local.rpcUrl);
    const restarted = indexerFor(app, { confirmations: 0 }, relay.url);
    try {
      await restarted.pollOnce();
      expect(relay.state.ranges[0][0]).toBe(indexedBlock + 1);
      const rows = await byHash();
      expect(rows.get(next.safeTxHash)).toMatchObject({ status: "executed", executedTxHash: executedC });
      expect(rows.get(first.safeTxHash)!.status).toBe("executed");
      expect(rows.get(rival.safeTxHash)!.status).toBe("replaced");
      expect(await fx.presale.connect(fx.local.provider).getFunction("BUSDhardCap")()).toBe(3000n * 10n ** 18n);
      const executed = await app.gql(`{ _allSafeTransactionsMeta(filter: { status: "executed" }) { count } }`, {}, token);
      expect(executed.body.data._allSafeTransactionsMeta.count).toBe(2);
    } finally {
      await restarted.stop();
      await relay.close();
    }
  });

  it("runs by itself once started, as npm start does, and tells the change stream of a new status", async () => {
    const heard: Change[] = [];
    const stop = app.services.changes.listen((change) => heard.push(change));
    const indexer = app.services.startIndexer()!;
    try {
      const nonce = await fx.chainNonce();
      const data = fx.busdHardCap("4000");
      const tx = fx.txOf(data, nonce);
      const proposed = (await fx.propose(token, { data, signature: await fx.sign(1, tx) })).body.data.proposeSafeTransaction;
      const confirmed = await fx.confirm(token, proposed.safeTxHash, await fx.sign(2, tx));
      expect(confirmed.body.data.confirmSafeTransaction.status).toBe("executable");
      const [row] = (
        await app.gql(
          `query($f: SafeTransactionFilter) { allSafeTransactions(filter: $f) { id signatures } }`,
          { f: { safeTxHash: proposed.safeTxHash } },
          token,
        )
      ).body.data.allSafeTransactions;
      await fx.execute(7, tx, row.signatures);
      await until(async () => (await byHash()).get(proposed.safeTxHash)!.status === "executed");
      await until(() => heard.some((change) => change.resource === "SafeTransaction" && change.id === row.id && change.actor === "system"));
    } finally {
      stop();
      await indexer.stop();
    }
  });

  it("spends the nonce of a proposal a plain Safe (no SafeL2 event) executed, from its ExecutionSuccess alone", async () => {
    const nonce = (await fx.chainNonce()) + 10;
    const [ran, other] = ["5000", "6000"].map((busd) => fx.txOf(fx.busdHardCap(busd), nonce));
    const [ranRow, otherRow] = await Promise.all(
      [ran, other].map(
        async (tx, index) =>
          (await fx.propose(token, { data: tx.data, signature: await fx.sign(index, tx), nonce })).body.data.proposeSafeTransaction,
      ),
    );
    // What the indexer reads from a Safe whose singleton is not SafeL2: only the ExecutionSuccess of the hash it ran.
    const store = indexerFor(app).store;
    const { indexedBlock } = await app.services.indexStatus();
    const block = { number: indexedBlock! + 1000, hash: "0x" + "ab".repeat(32), timestamp: Math.floor(Date.now() / 1000) };
    await store.apply({
      fromBlock: block.number,
      to: block,
      headBlock: block.number,
      presales: [],
      blocks: new Map([[block.number, block]]),
      events: [
        {
          blockNumber: block.number,
          blockHash: block.hash,
          txHash: "0x" + "cd".repeat(32),
          logIndex: 0,
          address: fx.local.safe,
          name: "ExecutionSuccess",
          args: { txHash: ranRow.safeTxHash },
        },
      ],
    });
    const rows = await byHash();
    expect(rows.get(ranRow.safeTxHash)).toMatchObject({ status: "executed", executedTxHash: "0x" + "cd".repeat(32) });
    expect(rows.get(otherRow.safeTxHash)!.status).toBe("replaced");
  });

  // Last: it leaves two proposals open, which later defaults of the next nonce would count.
  it("audits each status it sets (webhooks follow), and reopens the proposals a reorg took the execution of", async () => {
    const hook = await createWebhook(app, "https://hooks.example.com/safe", ["SafeTransaction"]);
    const nonce = await fx.chainNonce();
    const [txA, txB] = [fx.txOf(fx.busdHardCap("7000"), nonce), fx.txOf(fx.busdHardCap("8000"), nonce + 1)];
    const first = (await fx.propose(token, { data: txA.data, signature: await fx.sign(0, txA), nonce })).body.data.proposeSafeTransaction;
    const second = (await fx.propose(token, { data: txB.data, signature: await fx.sign(0, txB), nonce: nonce + 1 })).body.data
      .proposeSafeTransaction;
    await fx.confirm(token, first.safeTxHash, await fx.sign(1, txA));
    await fx.confirm(token, second.safeTxHash, await fx.sign(1, txB));
    const indexer = indexerFor(app, { confirmations: 0 });
    try {
      await indexer.pollOnce();
      const snapshot = await fx.local.provider.send("evm_snapshot", []);
      const executedHash = await fx.execute(8, txA, (await byHash()).get(first.safeTxHash)!.signatures);
      await indexer.pollOnce();
      let rows = await byHash();
      expect(rows.get(first.safeTxHash)).toMatchObject({ status: "executed", executedTxHash: executedHash });
      expect(rows.get(second.safeTxHash)!.status).toBe("executable");
      const idA = rows.get(first.safeTxHash)!.id as string;
      const eventsOf = async (id: string) =>
        (
          await app.gql(
            `query($f: AuditEventFilter) { allAuditEvents(filter: $f, sortField: "id", sortOrder: "ASC") { actorName transport operation txHash chainId changes } }`,
            { f: { resource: "SafeTransaction", recordId: id } },
            token,
          )
        ).body.data.allAuditEvents as { actorName: string; transport: string; operation: string; txHash: string | null; changes: string }[];
      const statusesOf = async (id: string) =>
        (await eventsOf(id)).flatMap((event) => JSON.parse(event.changes).filter((c: { field: string }) => c.field === "status"));
      const executed = (await eventsOf(idA)).at(-1)!;
      expect(executed).toMatchObject({
        actorName: "system",
        transport: "chain",
        operation: "update",
        txHash: executedHash,
        chainId: fx.local.chainId,
      });
      expect((await statusesOf(idA)).at(-1)).toMatchObject({ before: "executable", after: "executed" });
      const deliveries = async () =>
        (await app.services.ds.query(`SELECT eventType, recordKey FROM webhook_deliveries WHERE webhookId = ? ORDER BY id`, [hook.id])) as {
          eventType: string;
          recordKey: string;
        }[];
      const ofA = async () => (await deliveries()).filter((delivery) => delivery.recordKey === `SafeTransaction:${idA}`);
      // Proposed, confirmed, executed: each a delivery.
      expect(await ofA()).toEqual([
        { eventType: "SafeTransaction.create", recordKey: `SafeTransaction:${idA}` },
        { eventType: "SafeTransaction.update", recordKey: `SafeTransaction:${idA}` },
        { eventType: "SafeTransaction.update", recordKey: `SafeTransaction:${idA}` },
      ]);

      // A reorg takes the execution: A is the Safe's next transaction again, fully signed; B waits for its nonce.
      await fx.local.provider.send("evm_revert", [snapshot]);
      await mine(fx.local, 3);
      await indexer.pollOnce();
      rows = await byHash();
      expect(rows.get(first.safeTxHash)).toMatchObject({ status: "executable", executedTxHash: null });
      expect(rows.get(second.safeTxHash)!.status).toBe("pending");
      expect((await statusesOf(idA)).at(-1)).toMatchObject({ before: "executed", after: "executable" });
      expect(await ofA()).toHaveLength(4);
    } finally {
      await indexer.stop();
    }
  });
});
