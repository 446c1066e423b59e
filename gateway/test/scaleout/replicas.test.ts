import { ChildProcess, spawn } from "child_process";
import { Redis } from "ioredis";
import { createConnection } from "mysql2/promise";
import { migrations } from "@presale/db";
import { seedContent } from "../../../db/src/seed/content";
import { files } from "../support/files";
import { startS3rver, type LocalS3 } from "../support/s3rver";
import {
  ADMIN_PASSWORD,
  freePort,
  freshMysqlDatabase,
  spawnGateway,
  tempDir,
  waitFor,
  type GatewayProcess,
} from "../support/gatewayProcess";

/**
 * Two gateway processes as a deployment runs them: one MariaDB database, one Redis
 * (the machine's, under a key prefix of this run), one S3-compatible store (s3rver,
 * started here), each replica with its own DATA_DIR so nothing is shared through files.
 */
const RUN = `scaleout-${process.pid}-${Date.now().toString(36)}`;
const MACHINE_REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const JWT_SECRET = "replicas-test-secret-".padEnd(48, "x");
const ADMIN_EMAIL = "admin@example.com";
/** Failed sign-ins in a row for one email and address before it is blocked: spread over two replicas, each sees half. */
const MAX_FAILURES = 4;

/** Hands out the replicas in turn, as the proxy in front of them does. */
function roundRobin<T>(items: T[]) {
  let next = 0;
  return () => items[next++ % items.length];
}

/** A request gives up after this: generous, it catches a hang, not a slow machine. */
const REQUEST_CEILING_MS = 30_000;

async function gql(gateway: GatewayProcess, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(REQUEST_CEILING_MS),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
}

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
const signIn = (gateway: GatewayProcess, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => gql(gateway, LOGIN, { e: email, p: password });
async function adminToken(gateway: GatewayProcess) {
  const res = await signIn(gateway);
  if (!res.body.data?.login?.token) throw new Error(`sign-in failed: ${JSON.stringify(res)}`);
  return `Bearer ${res.body.data.login.token}`;
}
/** The public news list's headings, and whether the answer was a kept one (it carries the cache's strong ETag). */
const newsList = async (gateway: GatewayProcess) => {
  const res = await fetch(`${gateway.url}/api/get/news`, { signal: AbortSignal.timeout(REQUEST_CEILING_MS) });
  expect(res.status).toBe(200);
  const headings = ((await res.json()) as { Heading: string }[]).map((n) => n.Heading);
  return { headings, kept: /^"[\w-]+"$/.test(res.headers.get("etag") ?? "") };
};
const newsHeadings = async (gateway: GatewayProcess) => (await newsList(gateway)).headings;
/** What `request` answers; a request that gave up (REQUEST_CEILING_MS) fails naming `what` it asked. */
const answerTo = <T>(what: string, request: Promise<T>) =>
  request.catch((error: unknown) => {
    throw new Error(`no answer to ${what}: ${String(error)}`);
  });

/**
 * Polls `check` every 50 ms until it is true; fails naming `what` after `ms` (generous: it catches what never
 * happens, not a slow machine).
 */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A redis-server of this test's own, on a port of its own, for the outage case. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const client = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await until(`redis-server to start on port ${port}`, async () => {
      await client.connect().catch(() => undefined);
      return (await client.ping()) === "PONG";
    });
  } finally {
    client.disconnect();
  }
  return child;
}
const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("two replicas behind a round-robin", () => {
  let db: Awaited<ReturnType<typeof freshMysqlDatabase>>;
  let s3: LocalS3;
  const dirs: ReturnType<typeof tempDir>[] = [];
  const gateways: GatewayProcess[] = [];
  let replicaA: GatewayProcess;
  let replicaB: GatewayProcess;

  const replica = async (name: string, env: Record<string, string>) => {
    const dir = tempDir(`presale-${name}-`);
    dirs.push(dir);
    const gateway = await spawnGateway({
      DATABASE_URL: db.url,
      DATA_DIR: dir.dir,
      JWT_SECRET,
      REPLICA_ID: name,
      LOG_LEVEL: "info",
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      ...s3.env,
      ...env,
    });
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    db = await freshMysqlDatabase();
    s3 = await startS3rver();
    const shared = { REDIS_URL: MACHINE_REDIS, REDIS_PREFIX: `${RUN}:` };
    // Both spawned in the same tick, on the empty database.
    [replicaA, replicaB] = await Promise.all([replica("replica-a", shared), replica("replica-b", shared)]);
    await Promise.all([waitFor(replicaA), waitFor(replicaB)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
    await s3?.close();
    await db?.drop();
    const redis = new Redis(MACHINE_REDIS, { maxRetriesPerRequest: 1 });
    try {
      for (let cursor = "0"; ;) {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${RUN}:*`, "COUNT", 500);
        if (keys.length) await redis.del(...keys);
        if ((cursor = next) === "0") break;
      }
    } finally {
      redis.disconnect();
    }
    dirs.forEach((d) => d.remove());
  }, 30_000);

  it("started at the same moment on an empty database, end with one schema and one seed", async () => {
    const conn = await createConnection(db.url);
    try {
      const [applied] = (await conn.query("SELECT COUNT(*) AS n, COUNT(DISTINCT name) AS d FROM migrations")) as unknown as [
        { n: number; d: number }[],
      ];
      expect(applied.map((m) => [Number(m.n), Number(m.d)])).toEqual([[migrations.length, migrations.length]]);
      const [[users]] = (await conn.query("SELECT COUNT(*) AS n FROM users")) as unknown as [{ n: number }[]];
      expect(Number(users.n)).toBe(1);
    } finally {
      await conn.end();
    }
    expect(await newsHeadings(replicaA)).toHaveLength(seedContent.news.length);
    expect(await newsHeadings(replicaB)).toHaveLength(seedContent.news.length);
    // Every log line names the replica that wrote it.
    expect(replicaA.output()).toContain('"replica":"replica-a"');
    expect(replicaB.output()).toContain('"replica":"replica-b"');
    // The pool gauges read mysql2's pool of the running process.
    const metrics = await (await fetch(`${replicaA.url}/metrics`)).text();
    expect(metrics).toMatch(/^db_pool_connections\{state="open"\} [1-9]/m);
    expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/api\/get\/news",status="200"\} [1-9]/m);
  });

  it("limits sign-in failures spread over both replicas as one", async () => {
    const next = roundRobin([replicaA, replicaB]);
    const email = `limited-${RUN}@example.com`;
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await signIn(next(), email, `wrong-password-${i}`);
      expect(res.body.errors?.[0]?.extensions?.code).not.toBe("TOO_MANY_REQUESTS");
    }
    // Each replica saw half the failures; only a shared count blocks the next attempt, wherever it lands.
    for (const gateway of [next(), next()]) {
      const res = await signIn(gateway, email, "wrong-password-again");
      expect([res.status, res.body.errors?.[0]?.extensions?.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    }
  });

  it("serves an image uploaded through A from B, byte for byte", async () => {
    const token = await adminToken(replicaA);
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({
        query: `mutation($f: Upload) { createNews(heading: "With image", file: $f) { imageUri } }`,
        variables: { f: null },
      }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.f"] }));
    form.append("0", new Blob([files.png], { type: "image/png" }), "news.png");
    const res = await fetch(`${replicaA.url}/graphql`, {
      method: "POST",
      headers: { Authorization: token, "apollo-require-preflight": "true" },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { data?: { createNews: { imageUri: string } } };
    expect(res.status).toBe(200);
    const name = body.data!.createNews.imageUri;
    const served = await fetch(`${replicaB.url}/Images/${encodeURIComponent(name)}`, { signal: AbortSignal.timeout(5000) });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(files.png)).toBe(true);
  });

  it("shows on B a write made through A to a public list B has cached", async () => {
    const token = await adminToken(replicaA);
    const heading = `Fresh ${RUN}`;
    // B answers from its cache (asked again until it does: a replica whose version reads came back late reads uncached
    // meanwhile). A kept answer has no expiry: only the shared versions can make B read the list again.
    await until("B to keep the list", async () => (await newsList(replicaB)).kept);
    expect(await newsHeadings(replicaB)).not.toContain(heading);
    const created = await gql(replicaA, `mutation($h: String) { createNews(heading: $h) { id } }`, { h: heading }, token);
    expect(created.body.errors).toBeUndefined();
    await until("B's list to show the write made through A", async () => (await newsHeadings(replicaB)).includes(heading));
  });

  it("refuses on B a session ended on A", async () => {
    const token = await adminToken(replicaA);
    const me = async (gateway: GatewayProcess) => (await gql(gateway, "{ me { email } }", {}, token)).body.data?.me;
    expect(await me(replicaB)).toEqual({ email: ADMIN_EMAIL });
    expect((await gql(replicaA, "mutation { logout }", {}, token)).body.data?.logout).toBe(true);
    expect(await me(replicaB)).toBeNull();
    const write = await gql(replicaB, `mutation { createSetting(name: "after-logout", value: "1") { id } }`, {}, token);
    expect(write.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("while Redis is down answers sign-in 503 and still serves reads, then recovers when it is back", async () => {
    const port = await freePort();
    let redis = await startRedisServer(port);
    try {
      const own = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `${RUN}-outage:` };
      const [replicaC, replicaD] = await Promise.all([replica("replica-c", own), replica("replica-d", own)]);
      await Promise.all([waitFor(replicaC), waitFor(replicaD)]);
      expect((await signIn(replicaC)).status).toBe(200);

      // Hung (stopped, its connections open and unanswered): nothing waits for it, every answer below still comes.
      redis.kill("SIGSTOP");
      for (const gateway of [replicaC, replicaD]) {
        const refused = await answerTo("a sign-in while Redis hangs", signIn(gateway));
        expect(refused.status).toBe(503);
        expect(await answerTo("the news list while Redis hangs", newsHeadings(gateway))).toEqual(
          expect.arrayContaining([seedContent.news[0].heading]),
        );
        expect((await answerTo("a GraphQL count while Redis hangs", gql(gateway, "{ _allNewsMeta { count } }"))).status).toBe(200);
        const ready = await answerTo(
          "/readyz while Redis hangs",
          fetch(`${gateway.url}/readyz`, { signal: AbortSignal.timeout(REQUEST_CEILING_MS) }),
        );
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ redis: "down", down: ["redis"] });
      }

      // Down: connections refused.
      await stopProcess(redis);
      for (const gateway of [replicaC, replicaD]) expect((await signIn(gateway)).status).toBe(503);

      redis = await startRedisServer(port);
      for (const gateway of [replicaC, replicaD]) {
        await until(`sign-in on ${gateway.url} to work again`, async () => (await signIn(gateway)).status === 200);
        expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
      }
    } finally {
      await stopProcess(redis);
    }
  }, 180_000);
});
