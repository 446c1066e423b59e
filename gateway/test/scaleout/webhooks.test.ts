import { ADMIN_PASSWORD, freshMysqlDatabase, spawnGateway, tempDir, waitFor, type GatewayProcess } from "../support/gatewayProcess";
import { payloadOf, startReceiver } from "../support/webhooks";

const JWT_SECRET = "webhook-kill-test-secret-".padEnd(48, "x");

async function gql(gateway: GatewayProcess, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/**
 * A gateway process killed with SIGKILL after a write committed and while its delivery was being sent (the
 * receiver holds the request without answering): the gateway started again sends it, under the same webhook-id,
 * once the dead sender's claim has run out.
 */
describe("webhook delivery across a killed gateway (built processes, MariaDB)", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("delivers after a restart what a SIGKILLed gateway had committed but not finished sending", async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const database = await freshMysqlDatabase();
    cleanups.push(() => database.drop());
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_RETRY_BASE_MS: "100",
      WEBHOOK_POLL_MS: "100",
    };
    const start = async () => {
      const data = tempDir("presale-webhook-kill-");
      cleanups.push(data.remove);
      const gateway = await spawnGateway({ ...env, DATA_DIR: data.dir });
      cleanups.push(() => gateway.stop());
      await waitFor(gateway);
      return gateway;
    };
    const first = await start();
    const login = await gql(first, `mutation($p: String!) { login(email: "admin@example.com", password: $p) { token } }`, {
      p: ADMIN_PASSWORD,
    });
    const token = `Bearer ${login.login.token}`;
    await gql(first, `mutation($u: String!) { createWebhook(url: $u, resources: ["News"]) { secret } }`, { u: receiver.url }, token);

    // The receiver takes the request and never answers: the gateway is killed in the middle of the send.
    receiver.hold(true);
    const made = await gql(first, `mutation { createNews(heading: "Killed mid-send") { id } }`, {}, token);
    await receiver.until((received) => received.length === 1);
    first.child.kill("SIGKILL");
    await first.exited;
    receiver.hold(false);

    await start();
    await receiver.until((received) => received.length === 2, 30_000);
    const [held, delivered] = receiver.received;
    expect(delivered.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    expect(payloadOf(delivered).change).toMatchObject({ resource: "News", id: made.createNews.id, op: "create" });
  }, 300_000);
});
