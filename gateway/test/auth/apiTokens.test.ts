import { waitFor } from "../support/timing";
import { closeReplicas, errorCode, fieldErrors, startReplicas, startTestApp, TEST_DB, type TestApp } from "../support/testApp";

const PASSWORD = "token-pass-123";
const CREATE = `mutation($name: String!, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {
  createApiToken(name: $name, expiresInDays: $expiresInDays, readOnly: $readOnly, permissions: $permissions) { token apiToken { id name expiresAt } }
}`;
const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

/** Every text a table holds, one string per cell: the plain token must be in none of them. */
async function everyText(app: TestApp): Promise<string[]> {
  const ds = app.services.ds;
  const tables =
    TEST_DB === "mysql"
      ? ((await ds.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()")) as { name: string }[])
      : ((await ds.query("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[]);
  const texts: string[] = [];
  for (const { name } of tables) {
    const rows = (await ds.query(`SELECT * FROM ${TEST_DB === "mysql" ? `\`${name}\`` : `"${name}"`}`)) as Record<string, unknown>[];
    for (const row of rows)
      for (const value of Object.values(row))
        if (value !== null) texts.push(Buffer.isBuffer(value) ? value.toString("latin1") : String(value));
  }
  return texts;
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
const INTROSPECT = `{ __schema { mutationType { fields { name args { name type { ...T } } type { ...T } } }
  types { name kind inputFields { name type { ...T } } fields { name } } } }
  fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

/** Each mutation as a request with made-up values for its required arguments (the refusal comes before any check of them). */
async function everyMutation(app: TestApp): Promise<{ name: string; query: string; variables: Record<string, unknown> }[]> {
  const { body } = await app.gql(INTROSPECT);
  const types = new Map<string, { kind: string; inputFields: { name: string; type: TypeRef }[] | null }>(
    body.data.__schema.types.map((type: { name: string }) => [type.name, type]),
  );
  const typeName = (ref: TypeRef): string =>
    ref.kind === "NON_NULL" ? `${typeName(ref.ofType!)}!` : ref.kind === "LIST" ? `[${typeName(ref.ofType!)}]` : ref.name!;
  const valueOf = (ref: TypeRef): unknown => {
    if (ref.kind === "NON_NULL") return valueOf(ref.ofType!);
    if (ref.kind === "LIST") return [];
    const type = types.get(ref.name!);
    if (type?.kind === "INPUT_OBJECT")
      return Object.fromEntries((type.inputFields ?? []).filter((f) => f.type.kind === "NON_NULL").map((f) => [f.name, valueOf(f.type)]));
    if (type?.kind === "ENUM") return undefined;
    return { Int: 1, Float: 1, Boolean: false, ID: "1" }[ref.name!] ?? "x";
  };
  const leaf = (ref: TypeRef): TypeRef => (ref.ofType ? leaf(ref.ofType) : ref);
  return body.data.__schema.mutationType.fields.map((field: { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef }) => {
    const required = field.args.filter((arg) => arg.type.kind === "NON_NULL");
    const selection = types.get(leaf(field.type).name!)?.kind === "OBJECT" ? "{ __typename }" : "";
    const declared = required.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(", ");
    const passed = required.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
    return {
      name: field.name,
      query: `mutation${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""} ${selection} }`,
      variables: Object.fromEntries(required.map((arg) => [arg.name, valueOf(arg.type)])),
    };
  });
}

describe("API tokens", () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { API_TOKEN_RATE_PER_MINUTE: "1000" } });
    admin = await app.adminToken();
  }, 60_000);
  afterAll(() => app?.close());

  async function userWith(role: string, email: string): Promise<string> {
    const created = await app.gql(
      `mutation($e: String!, $r: String!) { createUser(name: $e, email: $e, role: $r, password: "${PASSWORD}") { id } }`,
      { e: email, r: role },
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const login = await app.gql(`mutation($e: String!) { login(email: $e, password: "${PASSWORD}") { token } }`, { e: email });
    return login.body.data.login.token;
  }

  const create = async (session: string, vars: Record<string, unknown>) => {
    const res = await app.gql(CREATE, vars, session);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.createApiToken as { token: string; apiToken: { id: string; name: string; expiresAt: string | null } };
  };

  it("is shown once, and stored only as a keyed hash: the plain token is in no table, nor in any read", async () => {
    const made = await create(admin, { name: "ci", expiresInDays: 30 });
    expect(made.token).toMatch(/^pk_[0-9a-f]{16}_[A-Za-z0-9_-]{43,}$/);
    expect(made.apiToken.name).toBe("ci");
    expect(new Date(made.apiToken.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Used once, so that its last use is recorded too.
    expect((await app.gql(`{ allNews { id } }`, {}, made.token)).body.errors).toBeUndefined();
    const secret = made.token.split("_").slice(2).join("_");
    for (const text of await everyText(app)) {
      expect(text).not.toContain(made.token);
      expect(text).not.toContain(secret);
    }
    const listed = await app.gql(
      `{ allApiTokens { id name description readOnly permissions { resource } expiresAt lastUsedAt lastUsedIp revoked createdAt userId } }`,
      {},
      admin,
    );
    expect(listed.body.errors).toBeUndefined();
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.data.allApiTokens).toEqual([
      expect.objectContaining({ id: made.apiToken.id, name: "ci", readOnly: false, permissions: null, revoked: false }),
    ]);
    // The last use is written after the answer, which does not wait for it.
    await waitFor("the token's last use to be recorded", async () => {
      const again = await app.gql(`{ allApiTokens { lastUsedAt } }`, {}, admin);
      return again.body.data.allApiTokens[0].lastUsedAt;
    });
  });

  it("sorts the list by every column the screens show, the owner by name, and refuses any other field", async () => {
    const zed = await userWith("editor", "zed@example.com");
    await create(zed, { name: "a-zed" });
    await create(admin, { name: "b-admin" });
    const sorted = async (field: string, order: string) => {
      const res = await app.gql(
        `query($f: String, $o: String) { allApiTokens(sortField: $f, sortOrder: $o) { name userName } }`,
        { f: field, o: order },
        admin,
      );
      expect(res.body.errors).toBeUndefined();
      return (res.body.data.allApiTokens as { name: string; userName: string }[]).filter((t) => ["a-zed", "b-admin"].includes(t.name));
    };
    expect((await sorted("userName", "ASC")).map((t) => t.userName)).toEqual(["admin", "zed@example.com"]);
    expect((await sorted("userName", "DESC")).map((t) => t.userName)).toEqual(["zed@example.com", "admin"]);
    expect((await sorted("name", "DESC")).map((t) => t.name)).toEqual(["b-admin", "a-zed"]);
    const refused = await app.gql(`{ allApiTokens(sortField: "tokenHash") { id } }`, {}, admin);
    expect(errorCode(refused)).toBe("BAD_USER_INPUT");
    expect(refused.body.errors?.[0].message).toMatch(/Cannot sort by tokenHash/);
  });

  it("read-only: reads public and private lists, and is refused on every mutation", async () => {
    const session = await userWith("staff", "ro@example.com");
    const { token } = await create(session, { name: "reader", readOnly: true });
    for (const read of [`{ allNews { id } }`, `{ allSettings { id } }`, `{ allContactMessages { id } }`, `{ allBlocklistEntries { id } }`])
      expect((await app.gql(read, {}, token)).body.errors).toBeUndefined();
    // Every mutation of the schema but signing in and registering (open to anyone), its required arguments filled in.
    const mutations = await everyMutation(app);
    expect(mutations.length).toBeGreaterThan(50);
    for (const { name, query, variables } of mutations) {
      if (name === "login" || name === "register") continue;
      const res = await app.gql(query, variables, token);
      expect([name, errorCode(res)]).toEqual([name, "FORBIDDEN"]);
    }
    expect((await app.gql(`{ allSettings(filter: { q: "ro" }) { name } }`, {}, admin)).body.data.allSettings).toEqual([]);
  });

  it("a custom grid larger than the owner's role is refused with a field error; within it, it is what the token may do", async () => {
    const session = await userWith("editor", "ed@example.com");
    const larger = await app.gql(
      CREATE,
      { name: "too much", permissions: [{ resource: "BlocklistEntry", actions: ["read", "create"] }] },
      session,
    );
    expect(fieldErrors(larger)?.permissions).toMatch(/BlocklistEntry/);
    const { token } = await create(session, { name: "settings", permissions: [{ resource: "Setting", actions: ["read", "create"] }] });
    expect((await app.gql(`mutation { createSetting(name: "by-token", value: "1") { id } }`, {}, token)).body.errors).toBeUndefined();
    expect(errorCode(await app.gql(`mutation { createNews { id } }`, {}, token))).toBe("FORBIDDEN");
    // A private answer kept for the owner's role (editors read messages) is not sent to a token whose grid does not read it.
    for (let i = 0; i < 3; i++) expect((await app.gql(`{ allContactMessages { id } }`, {}, session)).body.errors).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(errorCode(await app.gql(`{ allContactMessages { id } }`, {}, token))).toBe("FORBIDDEN");
  });

  it("never manages users, roles, tokens, sessions or two-factor, even an admin's", async () => {
    const { token } = await create(admin, { name: "admin-full" });
    const refused = [
      `{ allUsers { id } }`,
      `{ allRoles { id } }`,
      `{ allSessions { id } }`,
      `{ allApiTokens { id } }`,
      `mutation { createUser(name: "x", email: "x@example.com", role: "admin", password: "${PASSWORD}") { id } }`,
      `mutation { createRole(name: "x", permissions: []) { id } }`,
      `mutation { revokeApiToken(id: 1) }`,
      `mutation { setupTwoFactor { secret } }`,
      `mutation { disableTwoFactor(code: "123456") }`,
      `{ mySignIns { id } }`,
    ];
    for (const query of refused) expect([query, errorCode(await app.gql(query, {}, token))]).toEqual([query, "FORBIDDEN"]);
    // REST too: 403.
    const rest = await app.http.get("/api/user-data").set("Authorization", `Bearer ${token}`);
    expect(rest.status).toBe(403);
  });

  it("revoked: refused at once; expired: refused; someone else's: not theirs to see or revoke", async () => {
    const session = await userWith("viewer", "v@example.com");
    const made = await create(session, { name: "to revoke" });
    // A private read: a public one is answered to anyone, with or without a valid token.
    const read = `{ allContactMessages { id } }`;
    expect((await app.gql(read, {}, made.token)).body.errors).toBeUndefined();
    // A live token's secret, once checked, is remembered: another secret for its id stays refused, on a kept list too.
    const kept = `{ allBlocklistEntries { id } }`;
    expect((await app.gql(kept, {}, made.token)).body.errors).toBeUndefined();
    const guessed = `${made.token.slice(0, "pk_".length + 17)}${"A".repeat(43)}`;
    for (const query of [read, kept]) expect(errorCode(await app.gql(query, {}, guessed))).toBe("UNAUTHENTICATED");
    // Another user sees neither it nor may revoke it; the admin sees it.
    const other = await userWith("viewer", "v2@example.com");
    expect((await app.gql(`{ allApiTokens { id } _allApiTokensMeta { count } }`, {}, other)).body.data).toEqual({
      allApiTokens: [],
      _allApiTokensMeta: { count: 0 },
    });
    expect(errorCode(await app.gql(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id: made.apiToken.id }, other))).toBe(
      "BAD_USER_INPUT",
    );
    const all = await app.gql(`{ allApiTokens(perPage: 100) { id userId } }`, {}, admin);
    expect(all.body.data.allApiTokens.map((t: { id: string }) => t.id)).toContain(made.apiToken.id);

    const revoked = await app.gql(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id: made.apiToken.id }, session);
    expect(revoked.body.data.revokeApiToken).toBe(true);
    expect(errorCode(await app.gql(read, {}, made.token))).toBe("UNAUTHENTICATED");
    const mine = await app.gql(`{ allApiTokens { id revoked } }`, {}, session);
    expect(mine.body.data.allApiTokens).toEqual([{ id: made.apiToken.id, revoked: true }]);

    const expiring = await create(session, { name: "soon", expiresInDays: 7 });
    expect((await app.gql(read, {}, expiring.token)).body.errors).toBeUndefined();
    await app.services.ds.query("UPDATE api_tokens SET expiresAt = ? WHERE id = ?", [
      Math.floor(Date.now() / 1000) - 1,
      Number(expiring.apiToken.id),
    ]);
    // Moved behind the process's back (a real expiry is checked on every use): it holds once the lookup is renewed (SESSION_CACHE_MS).
    const deadline = Date.now() + 30_000;
    let code = errorCode(await app.gql(read, {}, expiring.token));
    while (code !== "UNAUTHENTICATED") {
      if (Date.now() > deadline) throw new Error(`waited 30 s for the expired token to be refused; still ${code ?? "answered"}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      code = errorCode(await app.gql(read, {}, expiring.token));
    }

    expect(fieldErrors(await app.gql(CREATE, { name: "odd", expiresInDays: 12 }, session))?.expiresInDays).toBeDefined();
    // A forged secret for a real id is refused.
    const forged = `${expiring.token.slice(0, "pk_".length + 17)}${"A".repeat(43)}`;
    expect(errorCode(await app.gql(read, {}, forged))).toBe("UNAUTHENTICATED");
  });

  it("a narrowed role narrows its tokens", async () => {
    const role = await app.gql(
      `mutation { createRole(name: "narrow", permissions: [{ resource: "Setting", actions: ["read", "create"] }]) { id } }`,
      {},
      admin,
    );
    const session = await userWith("narrow", "n@example.com");
    const { token } = await create(session, { name: "full" });
    expect(errorCode(await app.gql(`mutation { createSetting { id } }`, {}, token))).toBe("BAD_USER_INPUT");
    await app.gql(
      `mutation($id: ID!) { updateRole(id: $id, permissions: [{ resource: "Setting", actions: ["read"] }]) { id } }`,
      { id: role.body.data.createRole.id },
      admin,
    );
    expect(errorCode(await app.gql(`mutation { createSetting { id } }`, {}, token))).toBe("FORBIDDEN");
  });

  it("writes are audited as that token of that user; REST works the same", async () => {
    const session = await userWith("staff", "rest@example.com");
    const { token } = await create(session, { name: "importer" });
    const added = await app.http
      .post("/api/add-blocklist")
      .set("Authorization", `Bearer ${token}`)
      .send({ walletaddress: wallet(7) });
    expect(added.status).toBe(200);
    const listed = await app.http.post("/api/get-blocklist").set("Authorization", `Bearer ${token}`).send({});
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body).toLowerCase()).toContain(wallet(7).slice(2));
    const gql = await app.gql(`mutation { createSetting(name: "via-token", value: "1") { id } }`, {}, token);
    expect(gql.body.errors).toBeUndefined();
    const events = await app.gql(
      `{ allAuditEvents(filter: { resource: "Setting" }, sortField: "id", sortOrder: "DESC", perPage: 1) { actorName transport } }`,
      {},
      admin,
    );
    expect(events.body.data.allAuditEvents).toEqual([{ actorName: "rest@example.com (API token importer)", transport: "graphql" }]);
    const restEvents = await app.gql(
      `{ allAuditEvents(filter: { resource: "BlocklistEntry" }, sortField: "id", sortOrder: "DESC", perPage: 1) { actorName transport } }`,
      {},
      admin,
    );
    expect(restEvents.body.data.allAuditEvents).toEqual([{ actorName: "rest@example.com (API token importer)", transport: "rest" }]);
    // Making a token is itself audited, as the person who made it.
    const made = await app.gql(
      `{ allAuditEvents(filter: { resource: "ApiToken" }, sortField: "id", sortOrder: "DESC", perPage: 1) { actorName operation } }`,
      {},
      admin,
    );
    expect(made.body.data.allAuditEvents).toEqual([{ actorName: "rest@example.com", operation: "create" }]);
    // Refused on a REST write its grid does not allow.
    const { token: reader } = await create(session, { name: "rest-reader", readOnly: true });
    const refused = await app.http
      .post("/api/add-blocklist")
      .set("Authorization", `Bearer ${reader}`)
      .send({ walletaddress: wallet(8) });
    expect(refused.status).toBe(403);
  });
});

/** Two replicas sharing the database and Redis: revocation and the rate limit hold on both. */
describe("API tokens on two replicas", () => {
  const prefix = `presale-test-tokens-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  // B keeps a token's lookup for a minute (SESSION_CACHE_MS at its most): within the tests' waits, only the revocation's
  // notice (the owner's session mark) can make B refuse what it looked up.
  const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, API_TOKEN_RATE_PER_MINUTE: "5", SESSION_CACHE_MS: "60000" };
  let replicaA: TestApp;
  let replicaB: TestApp;

  beforeAll(async () => {
    // B shares A's JWT_SECRET, so its API token key, derived from it, is A's too.
    [replicaA, replicaB] = await startReplicas(env);
  }, 60_000);

  afterAll(() => closeReplicas([replicaA, replicaB], prefix));

  it("a token revoked on A is refused on B before B's lookup of it runs out; the rate limit is shared, 429 with Retry-After", async () => {
    const admin = await replicaA.adminToken();
    const made = await replicaA.gql(CREATE, { name: "shared" }, admin);
    const { token, apiToken } = made.body.data.createApiToken;
    const read = `{ allContactMessages { id } }`;
    // A's count and B's are one: 5 a minute in all.
    expect((await replicaB.gql(read, {}, token)).body.errors).toBeUndefined();
    expect((await replicaA.gql(read, {}, token)).body.errors).toBeUndefined();
    expect((await replicaB.gql(read, {}, token)).body.errors).toBeUndefined();

    await replicaA.gql(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id: apiToken.id }, admin);
    const deadline = Date.now() + 30_000;
    let code = errorCode(await replicaB.gql(read, {}, token));
    while (code !== "UNAUTHENTICATED") {
      if (Date.now() > deadline) throw new Error(`waited 30 s for B to refuse the token revoked on A; still ${code ?? "answered"}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      code = errorCode(await replicaB.gql(read, {}, token));
    }

    const limited = (await replicaA.gql(CREATE, { name: "limited" }, admin)).body.data.createApiToken.token;
    for (let i = 0; i < 5; i++) expect((await (i % 2 ? replicaA : replicaB).gql(read, {}, limited)).status).toBe(200);
    const over = await replicaA.http.post("/graphql").set("Authorization", `Bearer ${limited}`).send({ query: read });
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body.errors[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    const rest = await replicaB.http.get("/api/get/setting").set("Authorization", `Bearer ${limited}`);
    expect(rest.status).toBe(429);
    expect(Number(rest.headers["retry-after"])).toBeGreaterThan(0);
  }, 90_000);
});
