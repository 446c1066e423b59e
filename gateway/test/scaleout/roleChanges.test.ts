import { closeReplicas, errorCode, startReplicas, type TestApp } from "../support/testApp";

/** Two replicas sharing one database and the local Redis (a key prefix of this run): a role change holds on both. */
describe("roles: a changed role on every replica", () => {
  const prefix = `presale-test-roles-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix };
  let replicaA: TestApp;
  let replicaB: TestApp;

  beforeAll(async () => {
    [replicaA, replicaB] = await startReplicas(env);
  }, 60_000);

  afterAll(() => closeReplicas([replicaA, replicaB], prefix));

  it("refuses on B, within 1 s, what a role change made on A took away", async () => {
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
    // B has looked the session up, role included (and keeps the lookup for SESSION_CACHE_MS).
    expect(errorCode(await replicaB.gql(write, {}, token))).toBe("BAD_USER_INPUT");

    await replicaA.gql(
      `mutation($id: ID!) { updateRole(id: $id, permissions: [{ resource: "Setting", actions: ["read"] }]) { id } }`,
      { id },
      admin,
    );
    const start = Date.now();
    let code = errorCode(await replicaB.gql(write, {}, token));
    while (code !== "FORBIDDEN" && Date.now() - start < 1000) code = errorCode(await replicaB.gql(write, {}, token));
    expect(code).toBe("FORBIDDEN");
    expect(Date.now() - start).toBeLessThan(1000);
  }, 30_000);
});
