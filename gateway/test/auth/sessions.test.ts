import { SessionStore, LAST_SEEN_EVERY_MS } from "../../src/auth/sessionStore";
import { deviceOf } from "../../src/auth/device";
import { closeReplicas, errorCode, startReplicas, startTestApp, type TestApp } from "../support/testApp";

const PASSWORD = "session-pass-123";
const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const LIST = `{ allSessions(sortField: "id", sortOrder: "ASC") { id userId userName ip device current revoked lastSeenAt createdAt } _allSessionsMeta { count } }`;
const END = `mutation($id: ID!) { endSession(id: $id) }`;
const END_OTHERS = `mutation { endOtherSessions }`;
const END_USER = `mutation($userId: ID!) { endUserSessions(userId: $userId) }`;

interface Listed {
  id: string;
  userId: number;
  device: string | null;
  current: boolean;
  revoked: boolean;
  lastSeenAt: string | null;
}

/** Signs in from a device (its user agent); gives the Authorization header. */
async function signIn(app: TestApp, email: string, userAgent = CHROME_WINDOWS, password = PASSWORD): Promise<string> {
  const res = await app.http
    .post("/graphql")
    .set("Content-Type", "application/json")
    .set("User-Agent", userAgent)
    .send({
      query: `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      variables: { e: email, p: password },
    });
  expect(res.body.errors).toBeUndefined();
  return `Bearer ${res.body.data.login.token as string}`;
}

async function makeUser(app: TestApp, admin: string, email: string, role = "editor"): Promise<number> {
  const res = await app.gql(
    `mutation($e: String!, $r: String!) { createUser(name: $e, email: $e, role: $r, password: "${PASSWORD}", approved: true) { id } }`,
    { e: email, r: role },
    admin,
  );
  expect(res.body.errors).toBeUndefined();
  return Number(res.body.data.createUser.id);
}

const list = async (app: TestApp, token: string) => {
  const res = await app.gql(LIST, {}, token);
  expect(res.body.errors).toBeUndefined();
  return { rows: res.body.data.allSessions as Listed[], count: res.body.data._allSessionsMeta.count as number };
};
const live = (rows: Listed[]) => rows.filter((row) => !row.revoked);
const signedIn = async (app: TestApp, token: string) => (await app.gql(`{ me { id } }`, {}, token)).body.data?.me !== null;
const auditOf = (app: TestApp) =>
  app.services.ds.query(`SELECT actorId, recordId, operation, changes FROM audit_events WHERE resource = 'Session' ORDER BY id`) as Promise<
    { actorId: number; recordId: string; operation: string; changes: string }[]
  >;

describe("sessions you can see and end", () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.adminToken();
  }, 60_000);
  afterAll(() => app?.close());

  it("names devices in plain words", () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe("Chrome on Windows");
    expect(deviceOf(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(
      deviceOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15"),
    ).toBe("Safari on macOS");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0")).toBe("Firefox on Linux");
    expect(deviceOf(`${CHROME_WINDOWS} Edg/120.0.0.0`)).toBe("Edge on Windows");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36")).toBe(
      "Chrome on Android",
    );
    expect(deviceOf("curl/8.4.0")).toBe("curl");
    expect(deviceOf(null)).toBeNull();
  });

  it("a user lists only their own sessions, with device, this device and last seen; an admin lists everyone's", async () => {
    const aliceId = await makeUser(app, admin, "alice@example.com");
    await makeUser(app, admin, "bob@example.com");
    const alicePc = await signIn(app, "alice@example.com", CHROME_WINDOWS);
    const alicePhone = await signIn(app, "alice@example.com", SAFARI_IPHONE);
    const bob = await signIn(app, "bob@example.com");

    const mine = await list(app, alicePc);
    expect(mine.count).toBe(2);
    expect(mine.rows.map((row) => [row.userId, row.device, row.current])).toEqual([
      [aliceId, "Chrome on Windows", true],
      [aliceId, "Safari on iPhone", false],
    ]);
    expect(mine.rows[0].lastSeenAt).not.toBeNull();
    // A filter naming someone else still shows only one's own, and one's own row by id only.
    const filtered = await app.gql(
      `{ allSessions(filter: { userId: 1 }) { id } _allSessionsMeta(filter: { userId: 1 }) { count } }`,
      {},
      alicePc,
    );
    expect(filtered.body.data).toEqual({ allSessions: [], _allSessionsMeta: { count: 0 } });
    const bobsId = (await list(app, bob)).rows[0].id;
    expect(errorCode(await app.gql(`query($id: ID!) { Session(id: $id) { id } }`, { id: bobsId }, alicePc))).toBe("NOT_FOUND");
    const own = await app.gql(`query($id: ID!) { Session(id: $id) { id current } }`, { id: mine.rows[1].id }, alicePc);
    expect(own.body.data.Session).toEqual({ id: mine.rows[1].id, current: false });

    const all = await list(app, admin);
    expect(new Set(all.rows.map((row) => row.userId)).size).toBe(3);
    expect(all.count).toBe(all.rows.length);
    expect(all.rows.filter((row) => row.current)).toHaveLength(1);
    // Anonymous callers are refused.
    expect(errorCode(await app.gql(LIST))).toBe("UNAUTHENTICATED");
    void alicePhone;
  });

  it("ends one own session at once, refuses someone else's as an unknown id (NOT_FOUND, nothing written), and audits the end", async () => {
    await makeUser(app, admin, "carol@example.com");
    await makeUser(app, admin, "dave@example.com");
    const carolA = await signIn(app, "carol@example.com");
    const carolB = await signIn(app, "carol@example.com", SAFARI_IPHONE);
    const dave = await signIn(app, "dave@example.com");
    const [, other] = (await list(app, carolA)).rows;
    const daves = (await list(app, dave)).rows[0];
    let before = (await auditOf(app)).length;

    const refused = await app.gql(END, { id: daves.id }, carolA);
    const unknown = await app.gql(END, { id: "999999" }, carolA);
    // Told apart by nothing but the id in the message: another user's session looks like one that does not exist.
    expect([refused.status, errorCode(refused)]).toEqual([unknown.status, "NOT_FOUND"]);
    expect(refused.body.errors![0].message.replace(daves.id, "ID")).toBe(unknown.body.errors![0].message.replace("999999", "ID"));
    expect(await signedIn(app, dave)).toBe(true);
    // Nothing written (no session ended), and the attempt is in the audit trail (recorded without holding the answer).
    const deadline = Date.now() + 30_000;
    while (!(await auditOf(app)).slice(before).length) {
      if (Date.now() > deadline) throw new Error("waited 30 s for the refused attempt in the audit trail");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await auditOf(app)).slice(before)).toEqual([
      {
        actorId: expect.anything(),
        recordId: null,
        operation: "denied",
        changes: JSON.stringify([{ field: "action", before: null, after: "update" }]),
      },
    ]);
    before = (await auditOf(app)).length;

    const ended = await app.gql(END, { id: other.id }, carolA);
    expect(ended.body).toEqual({ data: { endSession: true } });
    expect(await signedIn(app, carolB)).toBe(false);
    expect(await signedIn(app, carolA)).toBe(true);
    expect(live((await list(app, carolA)).rows)).toHaveLength(1);
    // Ended already: nothing more to end.
    expect((await app.gql(END, { id: other.id }, carolA)).body.data.endSession).toBe(false);
    const events = (await auditOf(app)).slice(before);
    expect(events).toEqual([
      {
        actorId: expect.anything(),
        recordId: other.id,
        operation: "update",
        changes: JSON.stringify([{ field: "revoked", before: false, after: true }]),
      },
    ]);
    expect(errorCode(await app.gql(END, { id: "999999" }, carolA))).toBe("NOT_FOUND");
  });

  it("ends every other session of the caller and says how many; an admin ends any user's", async () => {
    const erinId = await makeUser(app, admin, "erin@example.com");
    const here = await signIn(app, "erin@example.com");
    const others = [await signIn(app, "erin@example.com", SAFARI_IPHONE), await signIn(app, "erin@example.com")];
    const res = await app.gql(END_OTHERS, {}, here);
    expect(res.body).toEqual({ data: { endOtherSessions: 2 } });
    for (const token of others) expect(await signedIn(app, token)).toBe(false);
    expect(await signedIn(app, here)).toBe(true);
    expect((await app.gql(END_OTHERS, {}, here)).body.data.endOtherSessions).toBe(0);

    // A user may not end another user's sessions; an admin may, all of them.
    const frankId = await makeUser(app, admin, "frank@example.com");
    const frank = await signIn(app, "frank@example.com");
    expect(errorCode(await app.gql(END_USER, { userId: String(erinId) }, frank))).toBe("FORBIDDEN");
    expect(await signedIn(app, here)).toBe(true);
    const byAdmin = await app.gql(END_USER, { userId: String(erinId) }, admin);
    expect(byAdmin.body).toEqual({ data: { endUserSessions: 1 } });
    expect(await signedIn(app, here)).toBe(false);
    // An admin also ends someone else's single session.
    const franks = (await list(app, frank)).rows[0];
    expect((await app.gql(END, { id: franks.id }, admin)).body.data.endSession).toBe(true);
    expect(await signedIn(app, frank)).toBe(false);
    expect(errorCode(await app.gql(END_USER, { userId: "999999" }, admin))).toBe("NOT_FOUND");
    void frankId;
  });

  it("lets a user whose role asks for two-factor list and end their own sessions before turning it on", async () => {
    const role = await app.gql(`mutation { createRole(name: "guarded", permissions: [], requireTwoFactor: true) { id } }`, {}, admin);
    expect(role.body.errors).toBeUndefined();
    await makeUser(app, admin, "ian@example.com", "guarded");
    const here = await signIn(app, "ian@example.com");
    const there = await signIn(app, "ian@example.com", SAFARI_IPHONE);
    expect(errorCode(await app.gql(`{ allNews { id } allContactMessages { id } }`, {}, here))).toBe("TWO_FACTOR_SETUP_REQUIRED");
    expect((await list(app, here)).count).toBe(2);
    expect((await app.gql(END_OTHERS, {}, here)).body).toEqual({ data: { endOtherSessions: 1 } });
    expect(await signedIn(app, there)).toBe(false);
    // Someone else's sessions: not before two-factor is on.
    expect(errorCode(await app.gql(END_USER, { userId: "1" }, here))).toBe("TWO_FACTOR_SETUP_REQUIRED");
  });

  it("refuses API tokens on every session operation (403), ending nothing", async () => {
    await makeUser(app, admin, "gina@example.com", "admin");
    const gina = await signIn(app, "gina@example.com");
    const created = await app.gql(`mutation { createApiToken(name: "it") { token } }`, {}, gina);
    expect(created.body.errors).toBeUndefined();
    const token = `Bearer ${created.body.data.createApiToken.token as string}`;
    const own = (await list(app, gina)).rows[0];
    for (const [query, variables] of [
      [END, { id: own.id }],
      [END_OTHERS, {}],
      [END_USER, { userId: "1" }],
      [LIST, {}],
    ] as const) {
      const res = await app.gql(query, variables, token);
      expect(errorCode(res)).toBe("FORBIDDEN");
    }
    expect(await signedIn(app, gina)).toBe(true);
    expect(await signedIn(app, admin)).toBe(true);
  });

  it("records lastSeenAt at most once a minute per session", async () => {
    await makeUser(app, admin, "hal@example.com");
    const hal = await signIn(app, "hal@example.com");
    const claims = app.services.auth.tokens.verify(hal.slice("Bearer ".length))!;
    const seenAt = async () => {
      const row = await app.services.ds
        .getRepository<{ jti: string; lastSeenAt: Date | null }>("Session")
        .findOneByOrFail({ jti: claims.sessionId });
      return row.lastSeenAt?.getTime() ?? null;
    };
    let clock = Date.now() + 10 * LAST_SEEN_EVERY_MS;
    const store = new SessionStore(app.services.ds, 0, undefined, () => clock);
    try {
      expect(await store.check(claims)).toBeDefined();
      await store.idle();
      const first = await seenAt();
      expect(Math.abs(first! - clock)).toBeLessThan(1500);
      // Within the minute: no write at all, whatever the number of requests.
      clock += LAST_SEEN_EVERY_MS / 2;
      for (let i = 0; i < 5; i++) await store.check(claims);
      await store.idle();
      expect(await seenAt()).toBe(first);
      // A minute on, it moves.
      clock += LAST_SEEN_EVERY_MS;
      await store.check(claims);
      await store.idle();
      const moved = await seenAt();
      expect(moved! - first!).toBeGreaterThanOrEqual(LAST_SEEN_EVERY_MS);
    } finally {
      store.close();
    }
  });
});

describe("ending sessions with replicas sharing Redis", () => {
  const prefix = `presale-sessions-${process.pid}-`;
  const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix };
  let replicaA: TestApp;
  let replicaB: TestApp;
  beforeAll(async () => {
    [replicaA, replicaB] = await startReplicas(env);
  }, 60_000);
  afterAll(() => closeReplicas([replicaA, replicaB], prefix));

  it("a session ended on one replica is refused on the other at once", async () => {
    const admin = await replicaA.adminToken();
    await makeUser(replicaA, admin, "ivy@example.com");
    const here = await signIn(replicaA, "ivy@example.com");
    const there = await signIn(replicaA, "ivy@example.com", SAFARI_IPHONE);
    // B has looked the other session up (and keeps the lookup for SESSION_CACHE_MS).
    expect(await signedIn(replicaB, there)).toBe(true);
    expect((await replicaA.gql(END_OTHERS, {}, here)).body.data.endOtherSessions).toBe(1);
    expect(await signedIn(replicaB, there)).toBe(false);
    expect(await signedIn(replicaB, here)).toBe(true);
  });
});
