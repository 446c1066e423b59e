import { createWebhook, FAST, once, startReceiver, webhookApp, write } from "../support/webhooks";

interface Row {
  id: number;
  status: string;
  attempts: number;
  nextAttemptAt: number;
}

/** A failed attempt waits 5 to 10 minutes: far longer than this test, so whatever is tried here was not held back. */
const ENV = { ...FAST, WEBHOOK_RETRY_BASE_MS: "600000", WEBHOOK_RETRY_MAX_MS: "600000", WEBHOOK_IN_FLIGHT_PER_ENDPOINT: "2" };

describe("a failing endpoint is backed off as a whole", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let product: Awaited<ReturnType<typeof webhookApp>>;

  beforeEach(async () => {
    receiver = await startReceiver();
    // The worker starts once the backlog is queued.
    product = await webhookApp(ENV, undefined, false);
  });
  afterEach(async () => {
    await product?.close();
    await receiver?.close();
  });

  const rows = async () =>
    (
      (await product.app.services.ds.query(`SELECT id, status, attempts, nextAttemptAt FROM webhook_deliveries ORDER BY id`)) as Record<
        string,
        unknown
      >[]
    ).map((row) => ({
      id: Number(row.id),
      status: String(row.status),
      attempts: Number(row.attempts),
      nextAttemptAt: Number(row.nextAttemptAt),
    }));

  it("holds its whole backlog after failed attempts, and frees what was never tried once it delivers again", async () => {
    await createWebhook(product.app, receiver.url);
    for (let i = 0; i < 10; i++) await write(product.app, `mutation($h: String!) { createNews(heading: $h) { id } }`, { h: `Held ${i}` });
    receiver.answer(503);
    product.app.services.webhookWorker.start();

    // Its cap, two, are tried and fail; their failures are recorded with their next attempt.
    const failedTwo = (all: Row[]) => all.filter((row) => row.status === "pending" && row.attempts === 1).length === 2;
    const after = await once("two failed attempts recorded", rows, failedTwo);
    const failed = after.filter((row) => row.attempts === 1);
    const held = after.filter((row) => row.attempts === 0);
    expect(held).toHaveLength(8);
    // The other eight wait as long as a failed one, though none of them was tried: the endpoint was asked twice, not ten times.
    const until = Math.min(...failed.map((row) => row.nextAttemptAt));
    for (const row of held) expect([row.id, row.nextAttemptAt >= until]).toEqual([row.id, true]);
    expect(until).toBeGreaterThan(Date.now());
    expect(receiver.received).toHaveLength(2);

    // Back: a new change is tried at once, and its delivery frees the eight that waited only for the endpoint.
    receiver.answer(200);
    await write(product.app, `mutation { createNews(heading: "Back") { id } }`);
    await receiver.until(() => receiver.delivered().length === 9);
    const end = await once(
      "nine deliveries recorded as delivered",
      rows,
      (all) => all.filter((row) => row.status === "delivered").length === 9,
    );
    // The two that failed keep their own wait.
    expect(end.filter((row) => row.status !== "delivered").map((row) => [row.id, row.status, row.attempts])).toEqual(
      failed.map((row) => [row.id, "pending", 1]),
    );
    expect(receiver.received).toHaveLength(11);
  }, 120_000);
});
