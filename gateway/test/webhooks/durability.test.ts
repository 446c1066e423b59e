import { createWebhook, once, payloadOf, startReceiver, webhookApp, write } from "../support/webhooks";

describe("webhook outbox durability and replicas", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const products: Awaited<ReturnType<typeof webhookApp>>[] = [];

  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    // The replicas first: the first app drops the shared database.
    for (const product of products.splice(0).reverse()) await product.close();
    await receiver.close();
  });

  it("commits the delivery with the write: a process whose worker never ran loses nothing, the next one delivers it", async () => {
    // As a gateway killed between the write and the send: its outbox rows are committed, nothing was sent.
    const crashed = await webhookApp(undefined, undefined, false);
    products.push(crashed);
    await createWebhook(crashed.app, receiver.url);
    const made = await write(crashed.app, `mutation { createNews(heading: "Survives") { id } }`);
    // Never claimed (a claim counts an attempt), so never sent.
    const rows = (await crashed.app.services.ds.query(`SELECT status, attempts FROM webhook_deliveries`)) as { attempts: unknown }[];
    expect(rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))).toEqual([{ status: "pending", attempts: 0 }]);
    expect(receiver.received).toEqual([]);

    const restarted = await webhookApp(undefined, crashed.app);
    products.push(restarted);
    await receiver.until((received) => received.length === 1);
    expect(payloadOf(receiver.received[0]).change).toMatchObject({ resource: "News", id: made.createNews.id, op: "create" });
  });

  it("rolls the delivery back with a write that rolls back", async () => {
    const product = await webhookApp();
    products.push(product);
    await createWebhook(product.app, receiver.url);
    const { ds, trail } = product.app.services;
    await expect(
      ds.transaction(async (manager) => {
        await trail.append(manager, {
          actor: undefined,
          via: { transport: "system" },
          resource: "News",
          recordId: 1,
          operation: "create",
          changes: [],
          snapshot: null,
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await ds.query(`SELECT id FROM webhook_deliveries`)).toEqual([]);
  });

  it("two replicas deliver each change once", async () => {
    const first = await webhookApp();
    products.push(first);
    const second = await webhookApp(undefined, first.app);
    products.push(second);
    await createWebhook(first.app, receiver.url);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? second.app : first.app;
      ids.push((await write(app, `mutation($h: String!) { createNews(heading: $h) { id } }`, { h: `Replicated ${i}` })).createNews.id);
    }
    await receiver.until((received) => received.length >= 10);
    // Each delivery claimed once: a second sender would have counted a second attempt before sending, and a delivered
    // one is never claimed again.
    const sent = async () =>
      (await first.app.services.ds.query(`SELECT status, attempts FROM webhook_deliveries`)) as { status: string; attempts: unknown }[];
    await once("every delivery recorded as delivered", sent, (rows) => rows.every((row) => row.status === "delivered"));
    expect((await sent()).map((row) => [row.status, Number(row.attempts)])).toEqual(ids.map(() => ["delivered", 1]));
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(10);
    expect(receiver.received.map((request) => payloadOf(request).change.id).sort()).toEqual([...ids].sort());
  });

  it("prunes finished deliveries past WEBHOOK_LOG_DAYS from the log, never pending ones", async () => {
    const product = await webhookApp(undefined, undefined, false);
    products.push(product);
    await createWebhook(product.app, receiver.url);
    for (let i = 0; i < 3; i++) await write(product.app, `mutation($h: String!) { createNews(heading: $h) { id } }`, { h: `Old ${i}` });
    const { ds, webhookWorker } = product.app.services;
    const [first, second] = (await ds.query(`SELECT id FROM webhook_deliveries ORDER BY id`)) as { id: number }[];
    await ds.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE id = ?`, [first.id]);
    await ds.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE id = ?`, [second.id]);
    const day = 24 * 60 * 60 * 1000;
    expect(await webhookWorker.prune(Date.now() + 29 * day)).toBe(0);
    expect(await webhookWorker.prune(Date.now() + 31 * day)).toBe(2);
    expect(await ds.query(`SELECT status FROM webhook_deliveries`)).toEqual([{ status: "pending" }]);
  });
});
