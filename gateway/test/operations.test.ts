import { loadConfig } from "../src/config";
import { withTestApp } from "./support/testApp";

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
      await app.services.chain.reconcileLaunchPads();
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
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    await withTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1", REDIS_PREFIX: `ops-test-${process.pid}:` } }, async (app) => {
      const started = Date.now();
      const res = await app.http.get("/readyz");
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ready: false, redis: "down", database: "up", images: "up", down: ["redis"] });
      expect(Date.now() - started).toBeLessThan(3000);
      await app.http.get("/healthz").expect(200);
    });
  });
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
