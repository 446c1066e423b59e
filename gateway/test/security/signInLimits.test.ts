import bcrypt from "bcryptjs";
import http from "http";
import type { AddressInfo } from "net";
import { events, LOGIN } from "../support/signIn";
import { ADMIN, errorCode, fieldErrors, startTestApp, TEST_DB, withTestApp } from "../support/testApp";
import { interleavedRatio, timed } from "../support/timing";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A JSON POST over a real socket from a chosen local address (127.0.0.1, 127.0.0.2, ...): the IP the gateway sees. */
function postFrom(port: number, from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method: "POST",
        path,
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": data.length, ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/** The product on a real port, so each test can choose the address it calls from. */
async function listening(env: Record<string, string> = {}) {
  const app = await startTestApp({ env });
  const server = app.express.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    login: (from: string, email: string, password: string, code?: string, headers?: Record<string, string>) =>
      postFrom(port, from, "/graphql", { query: LOGIN, variables: { e: email, p: password, c: code } }, headers),
    rest: (from: string, path: string, body: unknown, headers?: Record<string, string>) => postFrom(port, from, path, body, headers),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await app.close();
    },
  };
}

const codeOf = (res: Answer) => res.body.errors?.[0]?.extensions?.code;

describe("sign-in brute-force protection", () => {
  it("100 parallel wrong guesses for one email from one IP get at most 10 password checks", async () => {
    const proxy = await listening();
    const compare = jest.spyOn(bcrypt, "compare");
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, () => proxy.login("127.0.0.1", ADMIN.email, "wrong-guess")));
      const checks = compare.mock.calls.length;
      expect(checks).toBeLessThanOrEqual(10);
      expect(answers.filter((a) => codeOf(a) === "UNAUTHENTICATED")).toHaveLength(checks);
      const limited = answers.filter((a) => a.status === 429);
      expect(limited).toHaveLength(100 - checks);
      // Every refusal says when to come back.
      for (const answer of limited) {
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
        expect(codeOf(answer)).toBe("TOO_MANY_REQUESTS");
      }
      expect(await events(proxy.app, "wrong_password")).toBe(checks);
      expect(await events(proxy.app, "limited")).toBe(100 - checks);
    } finally {
      compare.mockRestore();
      await proxy.close();
    }
  });

  it("blocks the (email, IP) pair, not the owner: the right password from another address still signs in", async () => {
    const proxy = await listening();
    try {
      for (let i = 0; i < 10; i++) expect(codeOf(await proxy.login("127.0.0.1", ADMIN.email, "wrong-guess"))).toBe("UNAUTHENTICATED");
      const blocked = await proxy.login("127.0.0.1", ADMIN.email, ADMIN.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThanOrEqual(14 * 60);
      expect(blocked.body.errors[0].message).toMatch(/try again in 15 minutes/);
      const owner = await proxy.login("127.0.0.2", ADMIN.email, ADMIN.password);
      expect(owner.status).toBe(200);
      expect(owner.body.data.login.token).toEqual(expect.any(String));
      // The same address may still sign in to other accounts: only the pair is blocked.
      expect(codeOf(await proxy.login("127.0.0.1", "someone@example.com", "x"))).toBe("UNAUTHENTICATED");
    } finally {
      await proxy.close();
    }
  });

  it("blocks an address after LOGIN_MAX_FAILURES_PER_IP failures a day, whatever the emails", async () => {
    const proxy = await listening({ LOGIN_MAX_FAILURES_PER_IP: "5" });
    try {
      for (let i = 0; i < 5; i++) expect(codeOf(await proxy.login("127.0.0.3", `nobody${i}@example.com`, "x"))).toBe("UNAUTHENTICATED");
      const blocked = await proxy.login("127.0.0.3", ADMIN.email, ADMIN.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(23 * 3600);
      expect((await proxy.login("127.0.0.4", ADMIN.email, ADMIN.password)).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it("slows a much-attacked email down instead of locking it", async () => {
    const proxy = await listening({ LOGIN_SLOWDOWN_AFTER: "3" });
    try {
      // Never refused, whatever the count: each guess is checked (and slowed), none locked out.
      for (let i = 0; i < 5; i++) expect(codeOf(await proxy.login(`127.0.1.${i + 1}`, ADMIN.email, "wrong-guess"))).toBe("UNAUTHENTICATED");
      const { res: owner, ms } = await timed(() => proxy.login("127.0.0.9", ADMIN.email, ADMIN.password));
      expect(owner.status).toBe(200);
      // Two failures past the threshold: 500 ms of delay. A lower bound holds on any machine (a slower one only adds).
      expect(ms).toBeGreaterThanOrEqual(495);
    } finally {
      await proxy.close();
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY says the proxy is trusted", async () => {
    const direct = await listening();
    try {
      for (let i = 0; i < 10; i++)
        await direct.login("127.0.0.1", ADMIN.email, "wrong-guess", undefined, { "X-Forwarded-For": `10.0.0.${i}` });
      expect((await direct.login("127.0.0.1", ADMIN.email, ADMIN.password, undefined, { "X-Forwarded-For": "10.0.0.99" })).status).toBe(
        429,
      );
    } finally {
      await direct.close();
    }
    const proxied = await listening({ TRUST_PROXY: "loopback" });
    try {
      for (let i = 0; i < 10; i++)
        await proxied.login("127.0.0.1", ADMIN.email, "wrong-guess", undefined, { "X-Forwarded-For": "10.0.0.1" });
      expect((await proxied.login("127.0.0.1", ADMIN.email, ADMIN.password, undefined, { "X-Forwarded-For": "10.0.0.1" })).status).toBe(
        429,
      );
      expect((await proxied.login("127.0.0.1", ADMIN.email, ADMIN.password, undefined, { "X-Forwarded-For": "10.0.0.2" })).status).toBe(
        200,
      );
    } finally {
      await proxied.close();
    }
  });
});

describe("registration", () => {
  const REGISTER = `mutation($e: String) { register(name: "New", email: $e, password: "new-user-pass", password2: "new-user-pass") { message approved } }`;

  it("answers the same for a taken and a free email, in about the same time", async () => {
    // At the deployed bcrypt cost (the suites' lowest one makes the hash too quick to cover a database write).
    const proxy = await listening({ REGISTRATIONS_PER_IP: "100", PASSWORD_HASH_ROUNDS: "10" });
    try {
      const answers: unknown[] = [];
      const register = async (email: string) => {
        const { res, ms } = await timed(() => proxy.rest("127.0.0.1", "/graphql", { query: REGISTER, variables: { e: email } }));
        expect(res.body.data.register.message).toBe(
          "If this address can be registered, the account now waits for an administrator's approval",
        );
        answers.push(res.body.data.register);
        return ms;
      };
      let free = 0;
      // Taken and free alternately, so that the machine's load weighs on both alike.
      const { ratio } = await interleavedRatio(
        () => register(ADMIN.email),
        () => register(`free${free++}@example.com`),
        15,
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      // Both hash the password: neither answer is the fast one.
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it("answers a taken email as slowly as a free one when the database is slow to write", async () => {
    const proxy = await listening({ REGISTRATIONS_PER_IP: "100" });
    const { ds } = proxy.app.services;
    // Every new user's row takes 400 ms to write, as on a database busy with other work.
    if (TEST_DB === "mysql") {
      await ds.query("CREATE TRIGGER slow_users BEFORE INSERT ON users FOR EACH ROW SET @slept = SLEEP(0.4)");
    } else {
      (
        ds.driver as unknown as { databaseConnection: { function(name: string, fn: (ms: number) => number): void } }
      ).databaseConnection.function("pause_ms", (ms) => {
        for (const end = Date.now() + ms; Date.now() < end;);
        return 0;
      });
      await ds.query("CREATE TRIGGER slow_users BEFORE INSERT ON users BEGIN SELECT pause_ms(400); END");
    }
    try {
      const register = async (email: string) => {
        const { res, ms } = await timed(() => proxy.rest("127.0.0.1", "/graphql", { query: REGISTER, variables: { e: email } }));
        expect(res.body.data.register.approved).toBe(false);
        return ms;
      };
      let slow = 0;
      // Free first: the taken email's answer matches how long creations take lately.
      const { ratio: freeOverTaken, first: free } = await interleavedRatio(
        () => register(`slow${slow++}@example.com`),
        () => register(ADMIN.email),
        9,
      );
      // The write's 400 ms are there, on any machine (a slower one only adds)...
      expect(Math.min(...free)).toBeGreaterThan(400);
      // ... and the taken email waits as long: without the wait it answered after the hash alone, in a fraction of
      // the free one's time.
      const takenOverFree = 1 / freeOverTaken;
      expect(takenOverFree).toBeGreaterThan(0.7);
      expect(takenOverFree).toBeLessThan(2);
    } finally {
      await ds.query("DROP TRIGGER IF EXISTS slow_users");
      await proxy.close();
    }
  }, 120_000);

  it("takes REGISTRATIONS_PER_IP an hour from one address, then 429 with Retry-After", async () => {
    const proxy = await listening();
    try {
      for (let i = 0; i < 5; i++) {
        expect((await proxy.rest("127.0.0.5", "/graphql", { query: REGISTER, variables: { e: `r${i}@example.com` } })).status).toBe(200);
      }
      const refused = await proxy.rest("127.0.0.5", "/graphql", { query: REGISTER, variables: { e: "r9@example.com" } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await proxy.rest("127.0.0.6", "/graphql", { query: REGISTER, variables: { e: "r9@example.com" } })).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it("REST registration takes JSON only, so a cross-site form cannot post it", async () => {
    await withTestApp({}, async (app) => {
      const form = await app.http
        .post("/api/register")
        .type("form")
        .send("name=X&email=x@example.com&password=new-user-pass&password2=new-user-pass");
      expect([form.status, form.body.message]).toEqual([415, "Send the registration as JSON (Content-Type: application/json)"]);
      const json = await app.http
        .post("/api/register")
        .send({ name: "X", email: "x@example.com", password: "new-user-pass", password2: "new-user-pass" });
      expect(json.status).toBe(200);
    });
  });

  it("still tells an admin in Add User that an email is taken", async () => {
    await withTestApp({}, async (app) => {
      const res = await app.gql(
        `mutation { createUser(name: "D", email: "${ADMIN.email}", password: "some-password", role: "editor") { id } }`,
        {},
        await app.adminToken(),
      );
      expect(fieldErrors(res)).toEqual({ email: "Email already exists" });
    });
  });
});

describe("limits shared through Redis (REDIS_URL)", () => {
  const prefix = `presale-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  afterAll(async () => {
    const { Redis } = await import("ioredis");
    const redis = new Redis("redis://127.0.0.1:6379");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts failures across replicas, under REDIS_PREFIX", async () => {
    const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, LOGIN_MAX_FAILURES: "4" };
    const [a, b] = [await listening(env), await listening(env)];
    try {
      // Each guess is refused as wrong (401), so counted: none answered 503 while a replica was still connecting to Redis.
      for (let i = 0; i < 2; i++) {
        for (const replica of [a, b]) expect(codeOf(await replica.login("127.0.0.1", ADMIN.email, "wrong-guess"))).toBe("UNAUTHENTICATED");
      }
      const refused = await a.login("127.0.0.1", ADMIN.email, ADMIN.password);
      expect(refused.status).toBe(429);
      expect((await b.login("127.0.0.1", ADMIN.email, ADMIN.password)).status).toBe(429);
      const { Redis } = await import("ioredis");
      const redis = new Redis("redis://127.0.0.1:6379");
      expect((await redis.keys(`${prefix}login:*`)).length).toBeGreaterThan(0);
      await redis.quit();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("fails closed with 503 when Redis does not answer", async () => {
    await withTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1", REDIS_PREFIX: prefix } }, async (app) => {
      const res = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
      expect([res.status, errorCode(res)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect(res.body.errors![0].message).toMatch(/Sign-in is unavailable/);
    });
  });
});
