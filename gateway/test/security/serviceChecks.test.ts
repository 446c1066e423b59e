import { SYSTEM } from "../../src/auth/access";
import type { AuthUser } from "../../src/auth/tokens";
import { SYSTEM_VIA } from "../../src/audit/via";
import { presaleStats, presaleTimeline } from "../../src/chain/indexer/saleInsight";
import { startSignedIn, type TestApp } from "../support/testApp";

/**
 * The webhook, Safe, API token, chain and sale insight services check the caller's permission themselves. Called directly, as a REST
 * route, a job or any transport to come would call them (no GraphQL in between), a caller without the permission is
 * refused with the code GraphQL answers, and nothing is written. The grids are the built-in roles': `viewer` reads and
 * exports what every signed-in person reads, which leaves out webhooks and Safe transactions (admins only).
 */
let app: TestApp;
let admin: AuthUser;
let viewer: AuthUser;
/** An API token of the admin, with the admin's whole grid. */
let adminsToken: AuthUser;
let adminsTokenId: string;
let adminsBearer: string;

const ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const HASH = `0x${"ab".repeat(32)}`;
const SIGNATURE = `0x${"cd".repeat(65)}`;

async function signedIn(bearer: string): Promise<AuthUser> {
  const user = await app.services.auth.authenticate(bearer);
  if (!user) throw new Error(`${bearer.slice(0, 12)}… did not authenticate`);
  return user;
}

async function rowsOf(table: string): Promise<number> {
  const [row] = (await app.services.ds.query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: unknown }[];
  return Number(row.n);
}

beforeAll(async () => {
  const started = await startSignedIn();
  app = started.app;
  admin = await signedIn(started.token);
  const created = await app.gql(
    `mutation { createUser(name: "vera", email: "vera@example.com", role: "viewer", password: "viewer-pass-123") { id } }`,
    {},
    started.token,
  );
  expect(created.body.errors).toBeUndefined();
  const login = await app.gql(`mutation { login(email: "vera@example.com", password: "viewer-pass-123") { token } }`);
  viewer = await signedIn(`Bearer ${login.body.data.login.token}`);
  const made = await app.services.apiTokens.create(admin, { name: "integration" }, SYSTEM_VIA);
  adminsBearer = `Bearer ${made.token}`;
  adminsToken = await signedIn(adminsBearer);
  adminsTokenId = made.apiToken.id;
});
afterAll(() => app?.close());

describe("webhooks", () => {
  const calls: [string, (actor: AuthUser | undefined) => Promise<unknown>][] = [
    ["create", (actor) => app.services.webhooks.create(actor, { url: "https://hooks.example.com/in", resources: ["News"] }, SYSTEM_VIA)],
    ["update", (actor) => app.services.webhooks.update(actor, 1, { enabled: false }, SYSTEM_VIA)],
    ["remove", (actor) => app.services.webhooks.remove(actor, 1, SYSTEM_VIA)],
    ["get", (actor) => app.services.webhooks.get(actor, 1)],
    ["list", (actor) => app.services.webhooks.list(actor, {})],
    ["count", (actor) => app.services.webhooks.count(actor)],
    ["deliveries", (actor) => app.services.webhooks.deliveries(actor, {})],
    ["countDeliveries", (actor) => app.services.webhooks.countDeliveries(actor)],
    ["delivery", (actor) => app.services.webhooks.delivery(actor, 1)],
    ["redeliver", (actor) => app.services.webhooks.redeliver(actor, 1)],
    ["sendTest", (actor) => app.services.webhooks.sendTest(actor, 1)],
  ];

  it.each(calls)("%s refuses a viewer, an API token and an anonymous caller", async (_name, call) => {
    await expect(call(viewer)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/^Your role \(viewer\) may not (read|create|update|delete) Webhook$/),
    });
    await expect(call(adminsToken)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(call(undefined)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await rowsOf("webhooks")).toBe(0);
    expect(await rowsOf("webhook_deliveries")).toBe(0);
  });

  it("lets the admin through", async () => {
    expect(await app.services.webhooks.list(admin, {})).toEqual([]);
    expect(await app.services.webhooks.count(admin)).toBe(0);
    await expect(app.services.webhooks.get(admin, 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("Safe transactions", () => {
  it("reading a Safe, proposing and confirming refuse a viewer and an anonymous caller before anything else", async () => {
    for (const [actor, code] of [
      [viewer, "FORBIDDEN"],
      [undefined, "UNAUTHENTICATED"],
    ] as const) {
      await expect(app.services.safe.info(ADDRESS, actor)).rejects.toMatchObject({ code });
      await expect(
        app.services.safe.propose(
          { safe: ADDRESS, to: ADDRESS, data: "0x", value: "0", nonce: 0, signature: SIGNATURE },
          actor,
          SYSTEM_VIA,
        ),
      ).rejects.toMatchObject({ code });
      await expect(app.services.safe.confirm(HASH, SIGNATURE, actor, SYSTEM_VIA)).rejects.toMatchObject({ code });
    }
    expect(await rowsOf("safe_transactions")).toBe(0);
    expect(await rowsOf("safe_confirmations")).toBe(0);
  });

  it("lets the admin through to the chain, which this app does not have", async () => {
    await expect(app.services.safe.info(ADDRESS, admin)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: { address: "No chain is configured (CHAIN=none): Safe transactions need one" },
    });
  });
});

describe("API tokens", () => {
  it("are made, listed and revoked by a signed-in person only: never with a token, never anonymously, never by the gateway", async () => {
    const before = await rowsOf("api_tokens");
    await expect(app.services.apiTokens.create(adminsToken, { name: "second" }, SYSTEM_VIA)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(app.services.apiTokens.create(undefined, { name: "second" }, SYSTEM_VIA)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(app.services.apiTokens.create(SYSTEM, { name: "second" }, SYSTEM_VIA)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(app.services.apiTokens.list(adminsToken, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(app.services.apiTokens.count(undefined, {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(app.services.apiTokens.revoke(adminsToken, adminsTokenId, SYSTEM_VIA)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await rowsOf("api_tokens")).toBe(before);
    expect(await app.services.auth.authenticate(adminsBearer)).toMatchObject({ id: admin.id });
  });

  it("show a person their own tokens; whoever manages users sees and revokes everyone's", async () => {
    const own = await app.services.apiTokens.create(viewer, { name: "vera's" }, SYSTEM_VIA);
    expect((await app.services.apiTokens.list(viewer, {})).map((token) => token.name)).toEqual(["vera's"]);
    expect(await app.services.apiTokens.count(viewer, {})).toBe(1);
    // Another person's token is not there for a viewer: the same answer as a token that does not exist.
    await expect(app.services.apiTokens.revoke(viewer, adminsTokenId, SYSTEM_VIA)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: { id: `No API token ${adminsTokenId}` },
    });
    expect((await app.services.apiTokens.list(admin, { sortOrder: "ASC" })).map((token) => token.name)).toEqual(["integration", "vera's"]);
    expect(await app.services.apiTokens.revoke(admin, own.apiToken.id, SYSTEM_VIA)).toBe(true);
    expect(await app.services.auth.authenticate(`Bearer ${own.token}`)).toBeUndefined();
  });
});

describe("the chain history and the launchpad import", () => {
  it("refuse a viewer (no chain permission) and an anonymous caller before anything else", async () => {
    for (const [actor, code] of [
      [viewer, "FORBIDDEN"],
      [undefined, "UNAUTHENTICATED"],
    ] as const) {
      await expect(Promise.resolve().then(() => app.services.chain.recordTransaction(HASH, actor, SYSTEM_VIA))).rejects.toMatchObject({
        code,
      });
      await expect(app.services.chain.reconcileLaunchPads(actor)).rejects.toMatchObject({ code });
    }
    expect(await rowsOf("chain_transactions")).toBe(0);
  });

  it("let the admin and the gateway through to the chain, which this app does not have", async () => {
    expect(() => app.services.chain.recordTransaction(HASH, admin, SYSTEM_VIA)).toThrow(
      expect.objectContaining({ code: "BAD_USER_INPUT", fieldErrors: { hash: "No chain is configured (CHAIN=none)" } }),
    );
    expect(await app.services.chain.reconcileLaunchPads(admin)).toBe(0);
    expect(await app.services.chain.reconcileLaunchPads(SYSTEM)).toBe(0);
  });
});

describe("the sale insight", () => {
  const calls: [string, (actor: AuthUser | undefined) => Promise<unknown>][] = [
    ["presaleStats", (actor) => presaleStats(actor, app.services.ds, app.services.indexScope, ADDRESS, async () => null)],
    ["presaleTimeline", (actor) => presaleTimeline(actor, app.services.ds, app.services.indexScope, ADDRESS, "day")],
  ];

  it.each(calls)("%s refuses a viewer and an anonymous caller before it looks for a chain", async (_name, call) => {
    await expect(call(viewer)).rejects.toMatchObject({ code: "FORBIDDEN", message: "Your role (viewer) may not read SaleInsight" });
    await expect(call(undefined)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it.each(calls)("%s lets the admin through to the chain, which this app does not have", async (_name, call) => {
    await expect(call(admin)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: { address: "No chain is configured (CHAIN=none)" },
    });
  });
});
