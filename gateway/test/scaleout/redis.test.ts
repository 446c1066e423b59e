import { EventEmitter } from "events";
import { connect, createServer, type AddressInfo } from "net";
import { performance } from "perf_hooks";
import { Redis } from "ioredis";
import { RedisVersions, TRUST_MS } from "../../src/cache/redisVersions";
import { createLogger } from "../../src/logger";
import { openStream } from "../support/changes";
import { freePort, OwnRedis } from "../support/ownRedis";
import { ADMIN, errorCode, startTestApp, TestApp } from "../support/testApp";

/**
 * Two replicas (two apps in this process) sharing one database and one Redis
 * (a redis-server of this file's own, on a free port, so that it can be
 * stopped mid-test), under one key prefix.
 */

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
const NEWS = `query { allNews(perPage: 100) { heading } }`;
/** A kept answer carries the cache's strong ETag (express tags the others W/ by itself). */
const kept = (res: { headers: Record<string, string> }) => /^"[\w-]+"$/.test(res.headers.etag ?? "");

/**
 * Polls `check` every 20 ms until it holds; fails naming `what` after `ms` (generous: it catches what never happens,
 * not a slow machine). Timed by performance.now(), which the faked clock below leaves alone.
 */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("two replicas sharing state through Redis", () => {
  const prefix = `presale-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  let redis: OwnRedis;
  let replicaA: TestApp;
  let replicaB: TestApp;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const env = { REDIS_URL: `redis://127.0.0.1:${redis.port}`, REDIS_PREFIX: prefix, LOGIN_MAX_FAILURES: "4" };
    replicaA = await startTestApp({ env });
    replicaB = await startTestApp({ env, sameDatabaseAs: replicaA });
    for (const heading of ["First", "Second"])
      await replicaA.gql(`mutation($h: String!) { createNews(heading: $h) { id } }`, { h: heading }, await replicaA.adminToken());
  }, 60_000);

  afterAll(async () => {
    // B first: A drops the shared database.
    await replicaB?.close();
    await replicaA?.close();
    const client = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
    const keys = await client.keys(`${prefix}*`).catch(() => []);
    if (keys.length) await client.del(...keys);
    client.disconnect();
    await redis?.stop();
  }, 30_000);

  const restNews = (app: TestApp) => app.http.get("/api/get/news");
  const headings = (res: { body: { Heading: string }[] }) => res.body.map((row) => row.Heading).sort();
  const gqlNews = (app: TestApp) => app.http.post("/graphql").set("Content-Type", "application/json").send({ query: NEWS });
  const gqlHeadings = (res: { body: { data: { allNews: { heading: string }[] } } }) =>
    res.body.data.allNews.map((row) => row.heading).sort();

  it("limits sign-in failures spread over both replicas as one", async () => {
    const guess = () => ({ e: "nobody@example.com", p: "wrong-guess" });
    for (let i = 0; i < 2; i++) {
      expect(errorCode(await replicaA.gql(LOGIN, guess()))).toBe("UNAUTHENTICATED");
      expect(errorCode(await replicaB.gql(LOGIN, guess()))).toBe("UNAUTHENTICATED");
    }
    // The fifth attempt, wherever it lands, is over LOGIN_MAX_FAILURES=4.
    const refused = await replicaB.gql(LOGIN, guess());
    expect([refused.status, errorCode(refused)]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect((await replicaA.gql(LOGIN, guess())).status).toBe(429);
  }, 30_000);

  it("shows a write made through A in B's cached public answers (REST and GraphQL)", async () => {
    // B keeps both answers (read again until it does: a replica whose version reads came back late reads uncached
    // meanwhile). A kept answer has no expiry: only the shared versions can make B read the lists again.
    await until("B to keep both lists", async () => kept(await restNews(replicaB)) && kept(await gqlNews(replicaB)));
    expect(headings(await restNews(replicaB))).toEqual(["First", "Second"]);

    const token = await replicaA.adminToken();
    expect((await replicaA.gql(`mutation { createNews(heading: "Third") { id } }`, {}, token)).body.errors).toBeUndefined();
    await until("B's REST list to show the write", async () => headings(await restNews(replicaB)).includes("Third"));
    await until("B's GraphQL list to show the write", async () => gqlHeadings(await gqlNews(replicaB)).includes("Third"));
    // And B keeps the new answers again.
    await until("B to keep the new answer", async () => kept(await restNews(replicaB)));
  }, 120_000);

  it("refuses on B, at once, a session ended on A", async () => {
    const login = await replicaA.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
    const token = `Bearer ${login.body.data.login.token}`;
    const mine = `query { mySignIns { id } }`;
    // B has looked the session up (and keeps the lookup for SESSION_CACHE_MS, 2 s by default).
    expect((await replicaB.gql(mine, {}, token)).body.errors).toBeUndefined();
    expect((await replicaA.gql(`mutation { logout }`, {}, token)).body.data.logout).toBe(true);
    expect(errorCode(await replicaB.gql(mine, {}, token))).toBe("UNAUTHENTICATED");
  }, 30_000);

  it("catches up within TRUST_MS without the published change, and never reuses a version once Redis lost its counts", async () => {
    const client = new Redis(redis.port, "127.0.0.1", { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await until("the client to connect", async () => client.status === "ready");
    // The mirror's clock and re-read timer are fake, so TRUST_MS is counted on its own clock, whatever the machine's speed
    // (Redis answers in real time); its subscriber hears nothing, so only a re-read can find a count.
    jest.useFakeTimers({
      doNotFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "nextTick", "queueMicrotask", "hrtime", "performance"],
    });
    const deaf = Object.assign(new EventEmitter(), { subscribe: async () => 1, disconnect: () => undefined });
    jest.spyOn(client, "duplicate").mockReturnValue(deaf as unknown as Redis);
    const ownPrefix = `${prefix}versions-test:`;
    const versions = new RedisVersions(client, ownPrefix, createLogger("silent"));
    try {
      await until("the first read", async () => versions.of("News") !== undefined);
      const first = versions.of("News");
      // A count that no message announces (as if the message were lost): the periodic re-read finds it, while the first
      // read is still trusted.
      await client.hincrby(`${ownPrefix}versions`, "News", 1);
      jest.advanceTimersByTime(TRUST_MS - 1);
      await until("the re-read to see the count", async () => ![undefined, first].includes(versions.of("News")));
      const counted = versions.of("News");
      // Redis loses the hash (a restart without persistence): counting starts again, under a new epoch.
      await client.del(`${ownPrefix}versions`);
      await versions.bump("News");
      await until("the new epoch", async () => versions.of("News") !== undefined && versions.of("News") !== counted);
      expect([first, counted]).not.toContain(versions.of("News"));
    } finally {
      await versions.close();
      client.disconnect();
      jest.useRealTimers();
    }
  }, 90_000);

  it("tells a change stream on B of a write made through A", async () => {
    const server = replicaB.express.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const stream = await openStream((server.address() as AddressInfo).port, await replicaB.adminToken(), { variables: { r: ["News"] } });
    try {
      expect(stream.status).toBe(200);
      const made = await replicaA.gql(`mutation { createNews(heading: "Heard on B") { id } }`, {}, await replicaA.adminToken());
      // Redis's pub/sub is B's only way to hear of it.
      const heard = await stream.until((events) => events.length > 0);
      expect(heard).toEqual([expect.objectContaining({ resource: "News", id: made.body.data.createNews.id, op: "create" })]);
      // Gone again: the tests below count the headings.
      const id = made.body.data.createNews.id;
      expect(
        (await replicaA.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id }, await replicaA.adminToken())).body.errors,
      ).toBeUndefined();
    } finally {
      stream.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("with Redis stopped: sign-in answers 503, reads and writes still work uncached; all recovers when Redis returns", async () => {
    const token = await replicaA.adminToken();
    await until("B to keep the list", async () => kept(await restNews(replicaB)));
    await redis.stop();

    const login = await replicaA.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
    expect([login.status, errorCode(login)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect(login.body.errors![0].message).toMatch(/Sign-in is unavailable/);
    const register = await replicaB.gql(
      `mutation { register(email: "new@example.com", name: "new", password: "new-pass-123", password2: "new-pass-123") { message } }`,
    );
    expect([register.status, errorCode(register), register.body.errors![0].message]).toEqual([
      503,
      "SERVICE_UNAVAILABLE",
      expect.stringMatching(/Registration is unavailable/),
    ]);
    const health = await replicaA.http.get("/healthz");
    expect([health.status, health.body]).toEqual([200, { db: "up", images: "up", redis: "down" }]);

    // A write through A (its session checked in the database) shows on B at once: B reads uncached.
    expect((await replicaA.gql(`mutation { createNews(heading: "Fourth") { id } }`, {}, token)).body.errors).toBeUndefined();
    const all = ["First", "Fourth", "Second", "Third"];
    const rest = await restNews(replicaB);
    expect([rest.status, kept(rest), headings(rest)]).toEqual([200, false, all]);
    const graphql = await gqlNews(replicaB);
    expect([graphql.status, kept(graphql), gqlHeadings(graphql)]).toEqual([200, false, all]);

    await redis.start();
    // ioredis reconnects with a growing delay (at most 2 s); then sign-in, the shared versions and /healthz are back.
    await until("sign-in to work again", async () => (await replicaA.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password })).status === 200);
    await until("B to keep answers again", async () => kept(await restNews(replicaB)) && kept(await gqlNews(replicaB)));
    expect((await replicaB.http.get("/healthz")).body).toEqual({ db: "up", images: "up", redis: "up" });
    expect((await replicaA.gql(`mutation { createNews(heading: "Fifth") { id } }`, {}, token)).body.errors).toBeUndefined();
    await until("B's list to show a write made after the restart", async () => headings(await restNews(replicaB)).includes("Fifth"));
    await until("B's GraphQL list to show it", async () => gqlHeadings(await gqlNews(replicaB)).includes("Fifth"));
  }, 180_000);
});

describe("a replica starting while its Redis connection is being made", () => {
  const prefix = `presale-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}-slow:`;
  let redis: OwnRedis;
  let proxy: ReturnType<typeof createServer>;
  let app: TestApp | undefined;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    // Accepts at once, forwards only after 500 ms: ioredis is connected but not ready (its INFO unanswered) for that long.
    proxy = createServer((client) => {
      const upstream = connect(redis.port, "127.0.0.1");
      const held: Buffer[] = [];
      client.on("data", (chunk: Buffer) => held.push(chunk));
      setTimeout(() => {
        client.removeAllListeners("data");
        for (const chunk of held) upstream.write(chunk);
        client.pipe(upstream).pipe(client);
      }, 500);
      const end = () => (client.destroy(), upstream.destroy());
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
    }).listen(0, "127.0.0.1");
    await new Promise((r) => proxy.once("listening", r));
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    const client = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
    const keys = await client.keys(`${prefix}*`).catch(() => []);
    if (keys.length) await client.del(...keys);
    client.disconnect();
    proxy.close();
    await redis.stop();
  }, 30_000);

  it("answers its first sign-in (it waits for the connection before serving), never 503", async () => {
    const port = (proxy.address() as AddressInfo).port;
    app = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix } });
    const login = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
    expect([login.status, login.body.errors]).toEqual([200, undefined]);
  }, 30_000);
});
