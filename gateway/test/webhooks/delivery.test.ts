import { Webhook } from "standardwebhooks";
import { createWebhook, FAST, once, payloadOf, type Received, startReceiver, webhookApp, write } from "../support/webhooks";

const headersOf = (request: Received) => ({
  "webhook-id": request.headers["webhook-id"],
  "webhook-timestamp": request.headers["webhook-timestamp"],
  "webhook-signature": request.headers["webhook-signature"],
});

describe("webhook deliveries (Standard Webhooks, from the outbox)", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let product: Awaited<ReturnType<typeof webhookApp>>;

  beforeEach(async () => {
    receiver = await startReceiver();
    product = await webhookApp();
  });
  afterEach(async () => {
    await product?.close();
    await receiver?.close();
  });

  it("delivers a createNews at once (the commit wakes the worker), signed so that the standardwebhooks package verifies it, with the record as read", async () => {
    // The worker's next poll is a minute away (its first ran at start): within the wait below only the change's wake-up can send it.
    await product.close();
    product = await webhookApp({ ...FAST, WEBHOOK_POLL_MS: "60000" });
    const { secret } = await createWebhook(product.app, receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const made = await write(product.app, `mutation { createNews(heading: "Hooked", description: "first") { id } }`);
    await receiver.until((received) => received.length === 1, 30_000);

    const [request] = receiver.received;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toMatch(/^msg_/);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,/);
    // The receiver's side: the package checks the signature and the timestamp, and answers the payload.
    const verified = new Webhook(secret).verify(request.body, headersOf(request)) as ReturnType<typeof payloadOf>;
    expect(verified).toEqual({
      type: "News.create",
      timestamp: expect.any(String),
      change: { resource: "News", id: made.createNews.id, op: "create", version: 1, actor: "admin", at: expect.any(String) },
      data: expect.objectContaining({ id: made.createNews.id, heading: "Hooked", description: "first", visible: true, version: 1 }),
    });
    // Another secret does not verify it.
    const other = await createWebhook(product.app, `${receiver.url}?other`);
    expect(() => new Webhook(other.secret).verify(request.body, headersOf(request))).toThrow();
  }, 120_000);

  it("follows only the resources and operations asked for; a delete carries the change alone", async () => {
    await createWebhook(product.app, receiver.url, ["News"], ["create", "delete"]);
    const made = await write(product.app, `mutation { createNews(heading: "Soon gone") { id } }`);
    const id = made.createNews.id as string;
    await write(product.app, `mutation($id: ID!) { updateNews(id: $id, heading: "Not told") { id } }`, { id });
    await write(product.app, `mutation { createBlocklistEntry(walletAddress: "0x${"ab".repeat(20)}") { id } }`);
    await write(product.app, `mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id });
    // The outbox rows commit with the writes: these two are all there is to send.
    const queued = await product.app.gql(`{ allWebhookDeliveries(perPage: 100) { eventType } }`, {}, await product.app.adminToken());
    expect(queued.body.data.allWebhookDeliveries.map((delivery: { eventType: string }) => delivery.eventType).sort()).toEqual([
      "News.create",
      "News.delete",
    ]);
    await receiver.until((received) => received.length === 2);
    expect(receiver.received.map(payloadOf).map((payload) => [payload.type, payload.data === null])).toEqual([
      ["News.create", false],
      ["News.delete", true],
    ]);
  });

  it("with the receiver down, then failing, delivers every change made meanwhile once it is back, in order per record, with the same webhook-id on retries", async () => {
    await createWebhook(product.app, receiver.url);
    const token = await product.app.adminToken();
    const attempts = async () =>
      (await product.app.gql(`{ allWebhookDeliveries(perPage: 100) { attempts lastError } }`, {}, token)).body.data
        .allWebhookDeliveries as {
        attempts: number;
        lastError: string | null;
      }[];
    // Down: connections refused.
    await receiver.stop();
    const first = (await write(product.app, `mutation { createNews(heading: "A0") { id } }`)).createNews.id as string;
    const second = (await write(product.app, `mutation { createNews(heading: "B0") { id } }`)).createNews.id as string;
    for (let i = 1; i <= 3; i++) {
      await write(product.app, `mutation($id: ID!, $h: String!) { updateNews(id: $id, heading: $h) { id } }`, { id: first, h: `A${i}` });
      await write(product.app, `mutation($id: ID!, $h: String!) { updateNews(id: $id, heading: $h) { id } }`, { id: second, h: `B${i}` });
    }
    const tried = await once("a delivery tried three times", attempts, (deliveries) =>
      deliveries.some((delivery) => delivery.attempts >= 3),
    );
    expect(tried.find((delivery) => delivery.attempts >= 3)?.lastError).toMatch(/ECONNREFUSED/);
    // Back, but failing: each record's first delivery is retried (the others wait behind it), the receiver sees the attempts.
    receiver.answer(503);
    await receiver.restart();
    await receiver.until((received) => received.length >= 4);
    expect(receiver.delivered()).toEqual([]);
    receiver.answer(200);
    await receiver.until(() => receiver.delivered().length === 8);

    const delivered = receiver.delivered().map(payloadOf);
    for (const [id, prefix] of [
      [first, "A"],
      [second, "B"],
    ]) {
      const headings = delivered.filter((payload) => payload.change.id === id).map((payload) => payload.data?.heading);
      expect(headings).toEqual([0, 1, 2, 3].map((i) => `${prefix}${i}`));
    }
    // Every failed attempt was of a delivery later delivered under the same webhook-id; none delivered twice.
    const deliveredIds = receiver.delivered().map((request) => request.headers["webhook-id"]);
    expect(new Set(deliveredIds).size).toBe(8);
    const failedIds = new Set(receiver.received.filter((request) => request.status >= 300).map((request) => request.headers["webhook-id"]));
    for (const id of failedIds) expect(deliveredIds).toContain(id);
    type Logged = { status: string; attempts: number; webhookMessageId: string };
    const log = await once(
      "every delivery recorded as delivered",
      async () =>
        (await product.app.gql(`{ allWebhookDeliveries(perPage: 100) { status attempts webhookMessageId } }`, {}, token)).body.data
          .allWebhookDeliveries as Logged[],
      (deliveries) => deliveries.every((delivery) => delivery.status === "delivered"),
    );
    expect(log.every((delivery) => delivery.status === "delivered")).toBe(true);
    expect(Math.max(...log.map((delivery) => delivery.attempts))).toBeGreaterThan(1);
  }, 120_000);

  it("keeps delivering to other endpoints while one holds its requests unanswered", async () => {
    // A held attempt lasts a minute (WEBHOOK_TIMEOUT_MS at its most), longer than the wait below: it is still under way then.
    await product.close();
    product = await webhookApp({ ...FAST, WEBHOOK_TIMEOUT_MS: "60000" });
    const slow = await startReceiver();
    try {
      slow.hold(true);
      const held = await createWebhook(product.app, slow.url);
      await createWebhook(product.app, receiver.url);
      await write(product.app, `mutation { createNews(heading: "First") { id } }`);
      await slow.until((received) => received.length === 1);
      await write(product.app, `mutation { createNews(heading: "Second") { id } }`);
      await receiver.until((received) => received.length === 2, 30_000);
      // The first held attempt has neither an answer nor its timeout yet: the other endpoint's delivery did not wait for it.
      const [first] = (await product.app.services.ds.query(
        `SELECT status, attempts FROM webhook_deliveries WHERE webhookId = ? ORDER BY id`,
        [Number(held.id)],
      )) as { status: string; attempts: unknown }[];
      expect([first.status, Number(first.attempts)]).toEqual(["sending", 1]);
    } finally {
      await slow.close();
    }
  }, 120_000);

  it("does not follow a redirect: the attempt fails and is retried, the target is never called", async () => {
    await createWebhook(product.app, receiver.url);
    receiver.answer(302, { location: `http://127.0.0.1:${receiver.port}/elsewhere` });
    await write(product.app, `mutation { createNews(heading: "Redirected") { id } }`);
    await receiver.until((received) => received.length >= 2);
    expect(receiver.received.every((request) => request.path === "/hook")).toBe(true);
    const res = await product.app.gql(`{ allWebhookDeliveries { status responseStatus lastError } }`, {}, await product.app.adminToken());
    expect(res.body.data.allWebhookDeliveries[0]).toMatchObject({
      responseStatus: 302,
      lastError: expect.stringMatching(/redirects are not followed/),
    });
    expect(res.body.data.allWebhookDeliveries[0].status).not.toBe("delivered");
  });

  it("marks a delivery failed at the end of its retry window and disables the endpoint after WEBHOOK_MAX_FAILURES; /readyz stays ready", async () => {
    await product.close();
    product = await webhookApp({ ...FAST, WEBHOOK_RETRY_FOR_MS: "1000", WEBHOOK_MAX_FAILURES: "2" });
    const { id } = await createWebhook(product.app, receiver.url);
    receiver.answer(500);
    await write(product.app, `mutation { createNews(heading: "F1") { id } }`);
    await write(product.app, `mutation { createNews(heading: "F2") { id } }`);
    const token = await product.app.adminToken();
    const webhook = await once(
      "the endpoint disabled",
      async () =>
        (await product.app.gql(`query($id: ID!) { Webhook(id: $id) { enabled disabledReason consecutiveFailures } }`, { id }, token)).body
          .data.Webhook as { enabled: boolean; disabledReason: string | null; consecutiveFailures: number } | undefined,
      (webhook) => !webhook?.enabled,
    );
    expect(webhook).toEqual({
      enabled: false,
      consecutiveFailures: 2,
      disabledReason: expect.stringMatching(/^Disabled after 2 failed deliveries in a row \(last: answered 500\)/),
    });
    const log = await product.app.gql(`{ allWebhookDeliveries { status } }`, {}, token);
    expect(log.body.data.allWebhookDeliveries.map((d: { status: string }) => d.status)).toEqual(["failed", "failed"]);
    expect((await product.app.http.get("/readyz")).status).toBe(200);
    // Disabled: a new change is not queued for it; the system's disabling is in the audit trail.
    await write(product.app, `mutation { createNews(heading: "F3") { id } }`);
    expect((await product.app.gql(`{ _allWebhookDeliveriesMeta { count } }`, {}, token)).body.data._allWebhookDeliveriesMeta.count).toBe(2);
    const events = await product.app.services.ds.query(
      `SELECT actorName, operation FROM audit_events WHERE resource = 'Webhook' ORDER BY id`,
    );
    expect(events.map((event: { actorName: string; operation: string }) => `${event.actorName} ${event.operation}`)).toEqual([
      "admin create",
      "system update",
    ]);
    const metrics = await product.app.http.get("/metrics");
    expect(metrics.text).toMatch(/webhook_deliveries_total\{outcome="failed"\} \d+/);
    expect(metrics.text).toMatch(/webhook_queue_length 0/);
    expect(metrics.text).toMatch(/webhook_oldest_pending_seconds 0/);
  }, 120_000);

  it("Redeliver sends a delivery again under its webhook-id; Send test event sends a signed webhook.test", async () => {
    const { id, secret } = await createWebhook(product.app, receiver.url);
    await write(product.app, `mutation { createNews(heading: "Again") { id } }`);
    await receiver.until((received) => received.length === 1);
    const token = await product.app.adminToken();
    const [delivery] = await once(
      "the delivery recorded as delivered",
      async () =>
        (
          await product.app.gql(
            `query($w: ID) { allWebhookDeliveries(filter: { webhookId: $w }) { id status attempts responseStatus webhookMessageId } }`,
            { w: id },
            token,
          )
        ).body.data.allWebhookDeliveries as { id: string; status: string; webhookMessageId: string }[],
      ([first]) => first?.status === "delivered",
    );
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 200 });
    const again = await product.app.gql(`mutation($d: ID!) { redeliverWebhook(deliveryId: $d) { id status } }`, { d: delivery.id }, token);
    expect(again.body.data.redeliverWebhook).toEqual({ id: delivery.id, status: expect.stringMatching(/pending|sending|delivered/) });
    await receiver.until((received) => received.length === 2);
    expect(receiver.received[1].headers["webhook-id"]).toBe(delivery.webhookMessageId);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);

    const test = await product.app.gql(`mutation($id: ID!) { sendTestWebhook(id: $id) { eventType webhookMessageId } }`, { id }, token);
    expect(test.body.data.sendTestWebhook.eventType).toBe("webhook.test");
    await receiver.until((received) => received.length === 3);
    const verified = new Webhook(secret).verify(receiver.received[2].body, headersOf(receiver.received[2]));
    expect(verified).toMatchObject({ type: "webhook.test", change: null, data: { webhookId: id } });
  });
});
