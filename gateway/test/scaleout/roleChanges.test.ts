import { closeReplicas, errorCode, startReplicas, type TestApp } from "../support/testApp";

/** Two replicas sharing one database and the local Redis (a key prefix of this run): a role change holds on both. */
describe("roles: a changed role on every replica", () => {
  const prefix = `presale-test-roles-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  // B keeps a session's lookup for a minute (SESSION_CACHE_MS at its most): within the test's wait, only the role
  // change's notice (its users' session marks) can make B refuse what the lookup allowed.
  const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, SESSION_CACHE_MS: "60000" };
  let replicaA: TestApp;
  let replicaB: TestApp;

  beforeAll(async () => {
    [replicaA, replicaB] = await startReplicas(env);
  }, 60_000);

  afterAll(() => closeReplicas([replicaA, replicaB], prefix));

  it("refuses on B, before B's lookup of the session runs out, what a role change made on A took away", async () => {
    const admin = await replicaA.adminToken();
    const role = await replicaA.gql(
      `mutation { createRole(name: "writer", permissions: [{ resource: "Setting", actions: ["read", "create"] }]) { id } }`,
      {},
      admin,
    );
    const id = role.body.data.createRole.id;
    await replicaA.gql(
      `mutation { createUser(name: "w", email: "w@example.com", role: "writer", password: "role-pass-123") { id } }`,
      {},
      admin,
    );
    const login = await replicaB.gql(`mutation { login(email: "w@example.com", password: "role-pass-123") { token } }`);
    const token = login.body.data.login.token;
    const write = `mutation { createSetting { id } }`;
    // B has looked the session up, role included (and keeps the lookup for SESSION_CACHE_MS, a minute here).
    expect(errorCode(await replicaB.gql(write, {}, token))).toBe("BAD_USER_INPUT");

    await replicaA.gql(
      `mutation($id: ID!) { updateRole(id: $id, permissions: [{ resource: "Setting", actions: ["read"] }]) { id } }`,
      { id },
      admin,
    );
    const deadline = Date.now() + 30_000;
    let code = errorCode(await replicaB.gql(write, {}, token));
    while (code !== "FORBIDDEN") {
      if (Date.now() > deadline) throw new Error(`waited 30 s for B to refuse what the role change took away; still ${code}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      code = errorCode(await replicaB.gql(write, {}, token));
    }
  }, 90_000);
});
