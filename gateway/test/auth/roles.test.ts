import { migrations } from "@presale/db";
import { gridOf } from "../support/builtInGrids";
import { errorCode, fieldErrors, startTestApp, type TestApp } from "../support/testApp";

const PASSWORD = "role-pass-123";

/** Custom roles through GraphQL: their grid, two-factor, IP allowlist; built-ins and roles in use are protected. */
describe("roles: custom roles", () => {
  let app: TestApp;
  let admin: string;
  // A trusted proxy on loopback, so the tests can say where a request comes from (X-Forwarded-For).
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: "loopback" } });
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const gqlFrom = async (ip: string, query: string, token: string) =>
    app.http.post("/graphql").set("Authorization", `Bearer ${token}`).set("X-Forwarded-For", ip).send({ query });

  async function userWith(role: string, email: string): Promise<string> {
    const created = await app.gql(
      `mutation($e: String!, $r: String!) { createUser(name: $e, email: $e, role: $r, password: "${PASSWORD}") { role } }`,
      { e: email, r: role },
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const login = await app.gql(`mutation($e: String!) { login(email: $e, password: "${PASSWORD}") { token } }`, { e: email });
    return login.body.data.login.token;
  }

  const createRole = (vars: Record<string, unknown>) =>
    app.gql(
      `mutation($name: String!, $permissions: [PermissionInput!], $requireTwoFactor: Boolean, $ipAllowlist: [String!]) {
        createRole(name: $name, permissions: $permissions, requireTwoFactor: $requireTwoFactor, ipAllowlist: $ipAllowlist) {
          id name builtIn version requireTwoFactor ipAllowlist userCount permissions { resource actions }
        }
      }`,
      vars,
      admin,
    );

  it("lists the built-in roles and staff, with their users", async () => {
    const users = await app.gql(`{ allUsers { role } }`, {}, admin);
    expect(users.body.data.allUsers).toEqual([{ role: "admin" }]);
    const res = await app.gql(`{ allRoles(perPage: 50, sortField: "id") { name builtIn userCount } }`, {}, admin);
    expect(res.body.data.allRoles).toEqual([
      { name: "admin", builtIn: true, userCount: 1 },
      { name: "editor", builtIn: true, userCount: 0 },
      { name: "sale-operator", builtIn: true, userCount: 0 },
      { name: "viewer", builtIn: true, userCount: 0 },
      { name: "staff", builtIn: false, userCount: 0 },
    ]);
  });

  it("shows each built-in role's real grid in the roles list and a single read, without storing it", async () => {
    const list = await app.gql(`{ allRoles(perPage: 50, sortField: "id") { id name permissions { resource actions } } }`, {}, admin);
    expect(list.body.errors).toBeUndefined();
    const byName = new Map<string, { id: string; permissions: unknown }>(list.body.data.allRoles.map((r: { name: string }) => [r.name, r]));
    for (const name of ["admin", "editor", "sale-operator", "viewer", "staff"] as const) {
      expect([name, byName.get(name)!.permissions]).toEqual([name, gridOf(name)]);
      const one = await app.gql(
        `query($id: ID!) { Role(id: $id) { permissions { resource actions } } }`,
        { id: byName.get(name)!.id },
        admin,
      );
      expect([name, one.body.data.Role.permissions]).toEqual([name, gridOf(name)]);
    }
    // What is stored is unchanged: a built-in role's row holds no grid (it is computed from the declarations).
    const stored = await app.services.ds.query("SELECT permissions FROM roles WHERE builtIn = 1");
    expect(stored.map((row: { permissions: string }) => JSON.parse(row.permissions))).toEqual([[], [], [], []]);
  });

  it("gives the grid's resources and the actions each offers (permissionCatalogue), to signed-in people only", async () => {
    const res = await app.gql(`{ permissionCatalogue { resource actions } }`, {}, admin);
    expect(res.body.errors).toBeUndefined();
    const offered = new Map<string, string[]>(
      res.body.data.permissionCatalogue.map((p: { resource: string; actions: string[] }) => [p.resource, p.actions]),
    );
    // The admin role is the whole catalogue.
    expect(res.body.data.permissionCatalogue).toEqual(gridOf("admin"));
    expect(offered.get("News")).toEqual(["read", "create", "update", "delete", "export"]);
    expect(offered.get("LaunchPad")).toContain("chain");
    expect(offered.get("SaleInsight")).toEqual(["read"]);
    const forTokens = await app.gql(`{ permissionCatalogue(forTokens: true) { resource } }`, {}, admin);
    const tokenResources = forTokens.body.data.permissionCatalogue.map((p: { resource: string }) => p.resource);
    expect(tokenResources).toContain("News");
    for (const barred of ["User", "Role", "Session", "ApiToken"]) expect(tokenResources).not.toContain(barred);
    const forRoles = await app.gql(`{ permissionCatalogue(forCustomRoles: true) { resource actions } }`, {}, admin);
    const roleGrid = new Map(
      forRoles.body.data.permissionCatalogue.map((p: { resource: string; actions: string[] }) => [p.resource, p.actions]),
    );
    expect(roleGrid.get("User")).toEqual(["read", "export"]);
    expect(roleGrid.get("Role")).toEqual(["read", "export"]);
    expect(roleGrid.get("News")).toEqual(offered.get("News"));
    expect(errorCode(await app.gql(`{ permissionCatalogue { resource } }`))).toBe("UNAUTHENTICATED");
  });

  it("behaves as its grid says, and a changed grid holds from the user's next request", async () => {
    const created = await createRole({ name: "news-writer", permissions: [{ resource: "News", actions: ["read", "create"] }] });
    expect(created.body.data.createRole).toMatchObject({
      name: "news-writer",
      builtIn: false,
      version: 1,
      ipAllowlist: [],
      permissions: [{ resource: "News", actions: ["read", "create"] }],
    });
    const token = await userWith("news-writer", "writer@example.com");
    const me = await app.gql(`{ me { roleName permissions { resource actions } } }`, {}, token);
    expect(me.body.data.me).toEqual({ roleName: "news-writer", permissions: [{ resource: "News", actions: ["read", "create"] }] });
    expect((await app.gql(`mutation { createNews(heading: "By a writer") { id } }`, {}, token)).body.errors).toBeUndefined();
    const refused = await app.gql(`mutation { deleteNews(id: "999999") { id } }`, {}, token);
    expect(errorCode(refused)).toBe("FORBIDDEN");
    expect(refused.body.errors?.[0]?.message).toBe("Your role (news-writer) may not delete News");
    expect(errorCode(await app.gql(`{ allBlocklistEntries { id } }`, {}, token))).toBe("FORBIDDEN");

    const id = created.body.data.createRole.id;
    const updated = await app.gql(
      `mutation($id: ID!) { updateRole(id: $id, permissions: [{ resource: "News", actions: ["read", "delete"] }]) { version } }`,
      { id },
      admin,
    );
    expect(updated.body.data.updateRole.version).toBe(2);
    expect(errorCode(await app.gql(`mutation { deleteNews(id: "999999") { id } }`, {}, token))).toBe("NOT_FOUND");
    expect(errorCode(await app.gql(`mutation { createNews(heading: "No more") { id } }`, {}, token))).toBe("FORBIDDEN");

    const events = await app.services.ds.query(
      `SELECT operation, changes FROM audit_events WHERE resource = 'Role' AND recordId = '${id}'`,
    );
    expect(events.map((event: { operation: string }) => event.operation).sort()).toEqual(["create", "update"]);
    // The change of grid is kept as before and after, whole, so Activity shows what the role could do and now can.
    const update = events.find((event: { operation: string }) => event.operation === "update");
    expect(JSON.parse(update.changes)).toContainEqual({
      field: "permissions",
      before: [{ resource: "News", actions: ["read", "create"] }],
      after: [{ resource: "News", actions: ["read", "delete"] }],
    });
  });

  it("refuses unknown resources and actions, and custom grants to manage users or roles", async () => {
    const res = await createRole({
      name: "bad",
      permissions: [
        { resource: "Nothing", actions: ["read"] },
        { resource: "News", actions: ["chain"] },
        { resource: "User", actions: ["read", "update"] },
      ],
      ipAllowlist: ["10.0.0.0/33"],
    });
    expect(fieldErrors(res)).toEqual({
      permissions:
        "Nothing is not a resource; News does not offer chain (chain: Pool, LaunchPad, BlocklistEntry, SafeTransaction); only the built-in admin role writes User",
      ipAllowlist: "Not an address or CIDR: 10.0.0.0/33",
    });
  });

  it("refuses changes to the built-in roles, and deleting a role in use", async () => {
    const roles = await app.gql(`{ allRoles(perPage: 50) { id name } }`, {}, admin);
    const idOf = (name: string) => roles.body.data.allRoles.find((role: { name: string }) => role.name === name).id;
    const edit = await app.gql(`mutation($id: ID!) { updateRole(id: $id, requireTwoFactor: true) { id } }`, { id: idOf("editor") }, admin);
    expect([errorCode(edit), edit.body.errors?.[0]?.message]).toEqual(["FORBIDDEN", "The built-in role editor cannot be changed"]);
    const remove = await app.gql(`mutation($id: ID!) { deleteRole(id: $id) { id } }`, { id: idOf("viewer") }, admin);
    expect([errorCode(remove), remove.body.errors?.[0]?.message]).toEqual(["FORBIDDEN", "The built-in role viewer cannot be deleted"]);
    const inUse = await app.gql(`mutation($id: ID!) { deleteRole(id: $id) { id } }`, { id: idOf("news-writer") }, admin);
    expect(fieldErrors(inUse)).toEqual({ name: "The role news-writer is given to 1 user(s): give them another role first" });
    const unused = await createRole({ name: "unused" });
    expect(
      (await app.gql(`mutation($id: ID!) { deleteRole(id: $id) { id } }`, { id: unused.body.data.createRole.id }, admin)).body.errors,
    ).toBeUndefined();
  });

  it("lets only admins give roles, and only roles that exist", async () => {
    const missing = await app.gql(
      `mutation { createUser(name: "n", email: "n@example.com", role: "no-such-role", password: "${PASSWORD}") { id } }`,
      {},
      admin,
    );
    expect(fieldErrors(missing)).toEqual({ role: "No role is named no-such-role" });
    const viewer = await userWith("viewer", "viewer@example.com");
    expect(errorCode(await app.gql(`{ allRoles { id } }`, {}, viewer))).toBe("FORBIDDEN");
    expect(errorCode(await app.gql(`mutation { createRole(name: "mine") { id } }`, {}, viewer))).toBe("FORBIDDEN");
  });

  it("refuses a role with an IP allowlist from any other address", async () => {
    await createRole({ name: "office", permissions: [{ resource: "ContactMessage", actions: ["read"] }], ipAllowlist: ["10.1.0.0/16"] });
    const token = await userWith("office", "office@example.com");
    const inside = await gqlFrom("10.1.2.3", `{ allContactMessages { id } }`, token);
    expect(inside.body.errors).toBeUndefined();
    const outside = await gqlFrom("10.2.0.1", `{ allContactMessages { id } }`, token);
    expect(outside.body.errors?.[0]).toMatchObject({
      message: "Your role (office) may not be used from this address (10.2.0.1)",
      extensions: { code: "FORBIDDEN" },
    });
    const rest = await app.http.get("/api/get/Contact").set("Authorization", `Bearer ${token}`).set("X-Forwarded-For", "10.2.0.1");
    expect([rest.status, rest.body.message]).toEqual([403, "Your role (office) may not be used from this address (10.2.0.1)"]);
    const restInside = await app.http.get("/api/get/Contact").set("Authorization", `Bearer ${token}`).set("X-Forwarded-For", "10.1.9.9");
    expect(restInside.status).toBe(200);
  });

  it("makes the users of a two-factor role turn it on before anything else", async () => {
    await createRole({ name: "careful", permissions: [{ resource: "News", actions: ["read", "create"] }], requireTwoFactor: true });
    const token = await userWith("careful", "careful@example.com");
    const me = await app.gql(`{ me { requireTwoFactor mustSetUpTwoFactor } }`, {}, token);
    expect(me.body.data.me).toEqual({ requireTwoFactor: true, mustSetUpTwoFactor: true });
    expect(errorCode(await app.gql(`mutation { createNews(heading: "x") { id } }`, {}, token))).toBe("TWO_FACTOR_SETUP_REQUIRED");
    expect((await app.gql(`mutation { setupTwoFactor { secret } }`, {}, token)).body.errors).toBeUndefined();
  });
});

/** The upgrade: every existing non-admin becomes `staff`, whose grid is exactly what they could do before. */
describe("roles: the migration", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({});
  });
  afterAll(() => app.close());

  it("keeps admins admin, gives every other user staff, with today's non-admin rights", async () => {
    const ds = app.services.ds;
    // Back to before the Roles migration (undoing the later ones first), with users as the gateway wrote them then.
    const later = migrations.length - migrations.findIndex((migration) => migration.name === "Roles1732800000000");
    for (let undone = 0; undone < later; undone++) await ds.undoLastMigration();
    const now = new Date().toISOString().slice(0, 19).replace("T", " ");
    for (const [name, role] of [
      ["old-editor", "editor"],
      ["old-admin", "admin"],
    ])
      await ds.query(
        "INSERT INTO users (name, email, passwordHash, role, approved, twoFactorEnabled, tokenVersion, version, createdAt, updatedAt) VALUES (?, ?, 'x', ?, 1, 0, 0, 1, ?, ?)",
        [name, `${name}@example.com`, role, now, now],
      );
    await ds.runMigrations();
    const users = await ds.query("SELECT name, role FROM users ORDER BY id");
    expect(users.map((user: { name: string; role: string }) => `${user.name}: ${user.role}`)).toEqual([
      "admin: admin",
      "old-editor: staff",
      "old-admin: admin",
    ]);
    const [staff] = await ds.query("SELECT permissions, builtIn FROM roles WHERE name = 'staff'");
    expect(Number(staff.builtIn)).toBe(0);
    expect(JSON.parse(staff.permissions)).toEqual(gridOf("staff"));
  });
});
