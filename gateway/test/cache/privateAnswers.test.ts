import type { Response } from "supertest";
import { keptReadsOf, resourcesRead } from "../../src/cache/graphqlAnswers";
import { resources } from "../../src/resources";
import { registry } from "../../src/metrics";
import { User } from "../../src/resources/user";
import { startTestApp, TestApp } from "../support/testApp";

/**
 * Answers of resources only signed-in callers read are kept like public ones
 * and shared by every caller the access rule lets read them, checked on every
 * request (on the path before express as on the slow one): nobody else gets
 * them, not even a 304, and an ended session or a suspended user is refused at
 * once.
 */

/** A kept answer carries the cache's strong ETag (express tags the others W/ by itself). */
const kept = (res: Response) => /^"[\w-]+"$/.test(res.headers.etag ?? "");
const codeOf = (res: Response) => (res.body as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;

/** Answers sent before express so far, as /metrics counts them. */
async function fastHits(): Promise<number> {
  const lookups = await registry.getSingleMetric("cache_lookups_total")!.get();
  return lookups.values.find((value) => value.labels.path === "fast" && value.labels.result === "hit")?.value ?? 0;
}

const BLOCKLIST = `query { items: allBlocklistEntries(perPage: 10) { walletAddress } total: _allBlocklistEntriesMeta { count } }`;
const WALLET = "0x00000000000000000000000000000000000000b1";

describe("answers of private reads, kept and shared per access", () => {
  let app: TestApp;
  let admin: string;
  let editor: string;
  let editorId: number;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.adminToken();
    const created = await app.gql(
      `mutation { createUser(name: "Ed", email: "ed@example.com", role: "staff", password: "editor-pass-1", password2: "editor-pass-1") { id } }`,
      {},
      admin,
    );
    editorId = Number(created.body.data.createUser.id);
    editor = await signIn();
    const entry = await app.gql(`mutation($w: String!) { createBlocklistEntry(walletAddress: $w) { id } }`, { w: WALLET }, admin);
    expect(entry.body.errors).toBeUndefined();
  });
  afterAll(() => app.close());

  const signIn = async () => {
    const login = await app.gql(`mutation { login(email: "ed@example.com", password: "editor-pass-1") { token } }`);
    return `Bearer ${login.body.data.login.token}`;
  };
  const post = (query: string, headers: Record<string, string> = {}) =>
    app.http
      .post("/graphql")
      .set({ "Content-Type": "application/json", "Accept-Encoding": "gzip", ...headers })
      .send({ query });

  it("keep a signed-in read and share it between the callers allowed to read it", async () => {
    const first = await post(BLOCKLIST, { Authorization: editor });
    const hits = await fastHits();
    const again = await post(BLOCKLIST, { Authorization: editor }); // before express, now that it is known
    const byAdmin = await post(BLOCKLIST, { Authorization: admin });
    expect((await fastHits()) - hits).toBe(2);
    for (const res of [first, again, byAdmin]) {
      expect(res.status).toBe(200);
      expect(kept(res)).toBe(true);
      expect(res.body.data).toEqual(first.body.data);
    }
    expect(first.body.data.items.map((entry: { walletAddress: string }) => entry.walletAddress.toLowerCase())).toEqual([WALLET]);
    expect(first.body.data.total.count).toBe(1);
    expect(new Set([first, again, byAdmin].map((res) => res.headers.etag)).size).toBe(1);
    const revalidated = await post(BLOCKLIST, { Authorization: admin, "If-None-Match": first.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it("never send it, nor a 304, to a caller without a valid session", async () => {
    const first = await post(BLOCKLIST, { Authorization: editor });
    expect(kept(first)).toBe(true);
    const callers: Record<string, string>[] = [{}, { Authorization: "Bearer not-a-token" }, { "If-None-Match": first.headers.etag! }];
    for (const headers of callers) {
      const hits = await fastHits();
      const res = await post(BLOCKLIST, headers);
      expect(await fastHits()).toBe(hits);
      expect(res.body.data ?? null).toBeNull();
      expect(codeOf(res)).toBe("UNAUTHENTICATED");
      expect(kept(res)).toBe(false);
    }
  });

  it("see a write at once", async () => {
    expect((await post(BLOCKLIST, { Authorization: editor })).body.data.total.count).toBe(1);
    const other = "0x00000000000000000000000000000000000000b2";
    await app.gql(`mutation($w: String!) { createBlocklistEntry(walletAddress: $w) { id } }`, { w: other }, admin);
    const after = await post(BLOCKLIST, { Authorization: editor });
    expect(after.body.data.total.count).toBe(2);
    expect(kept(after)).toBe(true);
  });

  it("refuse a caller whose session ended or who was suspended, at once", async () => {
    const session = await signIn();
    expect(kept(await post(BLOCKLIST, { Authorization: session }))).toBe(true);
    await app.gql(`mutation { logout }`, {}, session);
    const ended = await post(BLOCKLIST, { Authorization: session });
    expect([codeOf(ended), kept(ended)]).toEqual(["UNAUTHENTICATED", false]);

    expect(kept(await post(BLOCKLIST, { Authorization: editor }))).toBe(true);
    const suspended = await app.gql(`mutation($id: ID!) { updateUser(id: $id, approved: false) { id } }`, { id: editorId }, admin);
    expect(suspended.body.errors).toBeUndefined();
    const refused = await post(BLOCKLIST, { Authorization: editor });
    expect(refused.body.data ?? null).toBeNull();
    expect(kept(refused)).toBe(false);
    expect(codeOf(refused)).toBe("UNAUTHENTICATED");
  });

  it("never keep caller-dependent fields, users, sessions, sign-in events or contact messages", async () => {
    for (const query of [
      `query { me { id } }`,
      `query { allBlocklistEntries { id } me { id } }`,
      `query { allUsers { id } }`,
      `query { allSessions { id } }`,
      `query { allSignInEvents { id } }`,
      `query { allContactMessages { id } }`,
    ]) {
      await post(query, { Authorization: admin });
      const res = await post(query, { Authorization: admin });
      expect([query, res.status, kept(res)]).toEqual([query, 200, false]);
    }
  });
});

describe("which reads are kept, and for whom", () => {
  const reads = keptReadsOf(resources, [User]);

  it("names the reads of private resources a caller's role must allow", () => {
    expect(resourcesRead(`{ allNews { id } }`, undefined, reads)).toEqual({ resources: ["News"], access: "public" });
    expect(resourcesRead(`{ allNews { id } allBlocklistEntries { id } }`, undefined, reads)).toEqual({
      resources: ["BlocklistEntry", "News"],
      access: [{ action: "read", resource: "BlocklistEntry" }],
    });
  });

  it("leaves out what callers do not create, and what is written outside its service", () => {
    for (const query of [
      `{ allUsers { id } }`,
      `{ allSessions { id } }`,
      `{ allSignInEvents { id } }`,
      `{ allChainTransactions { id } }`,
      `{ allContactMessages { id } }`,
    ]) {
      expect(resourcesRead(query, undefined, reads)).toBeUndefined();
    }
    expect(resourcesRead(`{ allUsers { id } }`, undefined, keptReadsOf(resources))).toEqual({
      resources: ["User"],
      access: [{ action: "read", resource: "User" }],
    });
  });
});
