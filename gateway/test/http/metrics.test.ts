import { SYSTEM } from "../../src/auth/access";
import { Redis } from "ioredis";
import net from "net";
import { loadConfig } from "../../src/config";
import { withTestApp } from "../support/testApp";

/** The value of one sample line of the Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => l.startsWith(name + "{") && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("/metrics", () => {
  it("counts requests by route pattern, GraphQL operations by name and errors by code, in Prometheus's format", async () => {
    await withTestApp({}, async (app) => {
      const junk = `junk${Date.now()}`;
      await app.http.get("/api/get/news").expect(200);
      await app.http.get(`/Images/${junk}.png`).expect(404);
      await app.http.get(`/api/${junk}`);
      await app.gql("query OpsNewsCount { _allNewsMeta { count } }");
      await app.gql("query OpsBroken { noSuchField }");
      const res = await app.http.get("/metrics").expect(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.text;
      expect(sample(text, "http_requests_total", { method: "GET", route: "/api/get/news", status: "200" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_requests_total", { route: "/Images/:name", status: "404" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/api/get/news" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "graphql_operations_total", { operation: "OpsNewsCount", type: "query", outcome: "ok" })).toBe(1);
      // A document that does not validate is not trusted with a name of its own.
      expect(sample(text, "graphql_operations_total", { operation: "invalid", outcome: "error" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "errors_total", { transport: "graphql", code: "GRAPHQL_VALIDATION_FAILED" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "errors_total", { transport: "http", code: "404" })).toBeGreaterThanOrEqual(1);
      expect(text).toContain("process_cpu_user_seconds_total");
      expect(text).toContain("chain_rpc_calls_total");
      expect(text).toContain("cache_lookups_total");
      // Raw paths never become label values.
      expect(text).not.toContain(junk);
    });
  });

  it("counts sign-ins refused by the limiter", async () => {
    await withTestApp({ env: { LOGIN_MAX_FAILURES: "1" } }, async (app) => {
      const before = sample((await app.http.get("/metrics")).text, "limiter_blocks_total", { transport: "graphql" }) ?? 0;
      for (let i = 0; i < 3; i++)
        await app.gql(`mutation { login(email: "admin@example.com", password: "wrong-password-${i}") { token } }`);
      const after = sample((await app.http.get("/metrics")).text, "limiter_blocks_total", { transport: "graphql" }) ?? 0;
      expect(after - before).toBeGreaterThanOrEqual(1);
    });
  });

  it("with METRICS_TOKEN answers only its bearer", async () => {
    const token = "metrics-token-0123456789";
    await withTestApp({ env: { METRICS_TOKEN: token } }, async (app) => {
      const none = await app.http.get("/metrics");
      expect(none.status).toBe(401);
      expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(none.text).not.toContain("http_requests_total");
      await app.http.get("/metrics").set("Authorization", `Bearer ${token}x`).expect(401);
      await app.http.get("/metrics").set("Authorization", "Bearer short").expect(401);
      await app.http.get("/metrics").set("Authorization", `Bearer ${token}`).expect(200);
    });
  });

  it("counts the chain node's JSON-RPC calls by method", async () => {
    await withTestApp({ chain: true }, async (app) => {
      const before =
        sample((await app.http.get("/metrics")).text, "chain_rpc_calls_total", { method: "eth_getLogs", outcome: "sent" }) ?? 0;
      await app.services.chain.reconcileLaunchPads(SYSTEM);
      const after = sample((await app.http.get("/metrics")).text, "chain_rpc_calls_total", { method: "eth_getLogs", outcome: "sent" }) ?? 0;
      expect(after).toBeGreaterThan(before);
    });
  }, 60_000);
});

describe("operations configuration", () => {
  it("refuses a short METRICS_TOKEN and a REPLICA_ID that could not label a log line", () => {
    expect(() => loadConfig({ DATA_DIR: "/tmp/presale-config-test", JWT_SECRET: "x".repeat(32), METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: "/tmp/presale-config-test", JWT_SECRET: "x".repeat(32), REPLICA_ID: "a b" })).toThrow(
      /REPLICA_ID must be/,
    );
    expect(() => loadConfig({ DATA_DIR: "/tmp/presale-config-test", JWT_SECRET: "x".repeat(32), STARTUP_LOCK_TIMEOUT_S: "0" })).toThrow(
      /STARTUP_LOCK_TIMEOUT_S must be a whole number between 1 and 86400/,
    );
  });
});

/**
 * A TCP proxy to the local Redis (127.0.0.1:6379) that can hang: connected, it then passes nothing on either way, as a
 * Redis that stopped answering; closed, connections to it are refused.
 */
async function redisThatHangs() {
  let hung = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(6379, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined).on("close", () => (client.destroy(), upstream.destroy(), sockets.delete(socket)));
    }
    client.on("data", (chunk: Buffer) => void (hung || upstream.write(chunk)));
    upstream.on("data", (chunk: Buffer) => void (hung || client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hang: () => void (hung = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What `request` answers; fails naming `what` when it does not answer within `ms` (generous: it catches a hang). */
async function answerOf<T>(what: string, request: PromiseLike<T>, ms = 30_000): Promise<T> {
  let ceiling: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.resolve(request),
    new Promise<never>((_, reject) => (ceiling = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms))),
  ]).finally(() => clearTimeout(ceiling));
}

describe("/readyz", () => {
  it("is 200 naming every check when the database, its migrations and the image store answer", async () => {
    await withTestApp({ env: { REPLICA_ID: "replica-a" } }, async (app) => {
      const res = await app.http.get("/readyz").expect(200);
      expect(res.body).toEqual({
        ready: true,
        replica: "replica-a",
        database: "up",
        migrations: "up",
        redis: "not configured",
        images: "up",
      });
    });
  });

  it("is 503 naming the migrations while one of this version's is not applied", async () => {
    await withTestApp({}, async (app) => {
      // As a replica of a newer version sees the database before its migrations ran.
      const [last] = await app.services.ds.query("SELECT MAX(id) AS id FROM migrations");
      await app.services.ds.query("DELETE FROM migrations WHERE id = ?", [last.id]);
      const res = await app.http.get("/readyz").expect(503);
      expect(res.body).toMatchObject({ ready: false, database: "up", migrations: "down", down: ["migrations"] });
    });
  });

  it("is 503 naming Redis when the configured Redis does not answer, and /healthz stays 200", async () => {
    const redis = await redisThatHangs();
    const prefix = `ops-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
    try {
      await withTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix } }, async (app) => {
        expect((await app.http.get("/readyz")).body).toMatchObject({ ready: true, redis: "up" });
        // Hung: its PING never answers, and /readyz answers all the same (the probe's own bound ends the wait).
        redis.hang();
        const res = await answerOf("/readyz while Redis hangs", app.http.get("/readyz"));
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ ready: false, redis: "down", database: "up", images: "up", down: ["redis"] });
        await answerOf("/healthz while Redis hangs", app.http.get("/healthz").expect(200));
        // Gone: every connection refused.
        await redis.close();
        const refused = await answerOf("/readyz while Redis refuses connections", app.http.get("/readyz"));
        expect([refused.status, refused.body.down]).toEqual([503, ["redis"]]);
        await answerOf("/healthz while Redis refuses connections", app.http.get("/healthz").expect(200));
      });
    } finally {
      await redis.close();
      const client = new Redis(6379, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
      const keys = await client.keys(`${prefix}*`).catch(() => []);
      if (keys.length) await client.del(...keys);
      client.disconnect();
    }
  }, 120_000);
});

describe("log lines", () => {
  it("carry the replica's id", async () => {
    const lines: string[] = [];
    await withTestApp(
      { logTo: { write: (line) => lines.push(line) }, env: { REPLICA_ID: "replica-b", LOG_LEVEL: "info" } },
      async (app) => {
        await app.http.get("/api/get/news").expect(200);
      },
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((l) => JSON.parse(l).replica)).toEqual(lines.map(() => "replica-b"));
  });
});
