import jwt from "jsonwebtoken";
import { resources } from "../../src/resources";
import { ADMIN, errorCode, fieldErrors, startTestApp, TestApp } from "../support/testApp";

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("authentication and authorisation", () => {
  let app: TestApp;
  let secret: string;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    secret = app.services.config.jwtSecret;
  });
  afterAll(() => app.close());

  /** Row counts and the last update of every table: what a refused call must leave untouched. */
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const resource of resources) {
      const [row] = await app.services.ds.query(`SELECT COUNT(*) AS n, MAX(updatedAt) AS u FROM ${resource.table}`);
      out[resource.table] = [Number(row.n), String(row.u)];
    }
    return out;
  };

  const badTokens: [string, () => string][] = [
    ["no token", () => ""],
    ["an expired token", () => jwt.sign({ name: "admin" }, secret, { subject: "1", expiresIn: -10 })],
    ["a forged signature", () => jwt.sign({ name: "admin" }, "another-secret-of-sufficient-length!!", { subject: "1", expiresIn: "1h" })],
    [
      "alg none",
      () => `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: "1", name: "admin", exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
    ],
    ["an HS512 token with the right key", () => jwt.sign({ name: "admin" }, secret, { subject: "1", expiresIn: "1h", algorithm: "HS512" })],
    ["garbage", () => "not.a.token"],
  ];

  // Every mutation but sign-in and registration, and every read of a private resource.
  const mutations = resources.flatMap((r) => [
    ...(r.operations.create ? [`create${r.name}`] : []),
    ...(r.operations.update ? [`update${r.name}(id: "1")`] : []),
    ...(r.operations.delete ? [`delete${r.name}(id: "1")`] : []),
  ]);
  const privateReads = resources.filter((r) => !r.policy.publicRead).flatMap((r) => [`all${r.plural}`, `${r.name}(id: "1")`]);

  describe.each(badTokens)("with %s", (_label, token) => {
    it("refuses every mutation with UNAUTHENTICATED and writes nothing", async () => {
      const before = await snapshot();
      for (const mutation of mutations) {
        const res = await app.gql(`mutation { ${mutation} { id } }`, {}, token() ? `Bearer ${token()}` : undefined);
        expect([mutation, errorCode(res)]).toEqual([mutation, "UNAUTHENTICATED"]);
        expect(res.body.data).toBeNull();
      }
      expect(await snapshot()).toEqual(before);
    });

    it("refuses every private read with UNAUTHENTICATED", async () => {
      for (const query of privateReads) {
        const res = await app.gql(`{ ${query} { id } }`, {}, token() || undefined);
        expect([query, errorCode(res)]).toEqual([query, "UNAUTHENTICATED"]);
      }
      const meta = await app.gql(`{ _allUsersMeta { count } }`, {}, token() || undefined);
      expect(errorCode(meta)).toBe("UNAUTHENTICATED");
    });
  });

  it("keeps site content and launchpad reads public", async () => {
    const res = await app.gql(`{ allNews { id } allLandingBlocks { id } allLaunchPads { id } allSettings { id } allArticleImages { id } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.allNews.length).toBeGreaterThan(0);
  });

  it("accepts the token as 'Bearer <token>' and bare", async () => {
    const bearer = await app.adminToken();
    const bare = bearer.replace(/^Bearer /, "");
    for (const auth of [bearer, bare]) {
      const res = await app.gql(`{ me { name role } allUsers { email } }`, {}, auth);
      expect(res.body.data.me).toEqual({ name: "admin", role: "admin" });
      expect(res.body.data.allUsers.map((u: { email: string }) => u.email)).toContain(ADMIN.email);
    }
  });

  it("never returns a password or its hash", async () => {
    const res = await app.gql(`{ __type(name: "User") { fields { name } } }`);
    const names = res.body.data.__type.fields.map((f: { name: string }) => f.name);
    expect(names).not.toContain("password");
    expect(names).not.toContain("passwordHash");
    const [row] = await app.services.ds.query(`SELECT passwordHash FROM users WHERE email = ?`, [ADMIN.email]);
    expect(row.passwordHash).toMatch(/^\$2[aby]\$/);
  });

  it("issues tokens that expire after JWT_TTL", async () => {
    const token = (await app.adminToken()).replace("Bearer ", "");
    const payload = jwt.decode(token) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(jwt.decode(token, { complete: true })!.header.alg).toBe("HS256");
  });

  describe("user management", () => {
    let editorToken: string;
    beforeAll(async () => {
      const admin = await app.adminToken();
      const res = await app.gql(
        `mutation { createUser(name: "Ed", email: "ed@example.com", password: "editor-pass-1", password2: "editor-pass-1") { id role approved } }`,
        {},
        admin,
      );
      expect(res.body.data.createUser).toMatchObject({ role: "editor", approved: true });
      const login = await app.gql(`mutation { login(email: "ED@example.com", password: "editor-pass-1") { token name } }`);
      expect(login.body.data.login.name).toBe("Ed");
      editorToken = login.body.data.login.token;
    });

    it("needs the admin role", async () => {
      for (const query of [
        `{ allUsers { id } }`,
        `mutation { createUser(name: "x", email: "x@example.com", password: "12345678") { id } }`,
        `mutation { deleteUser(id: "1") { id } }`,
      ]) {
        const res = await app.gql(query, {}, `Bearer ${editorToken}`);
        expect(errorCode(res)).toBe("FORBIDDEN");
      }
    });

    it("lets an editor manage content", async () => {
      const res = await app.gql(`mutation { createSetting(name: "by_editor", value: "1") { id } }`, {}, editorToken);
      expect(res.body.errors).toBeUndefined();
    });

    it("refuses a mismatched confirmation, a short password and a taken email", async () => {
      const admin = await app.adminToken();
      const res = await app.gql(
        `mutation { createUser(name: "Y", email: "Admin@Example.com", password: "short", password2: "other") { id } }`,
        {},
        admin,
      );
      expect(fieldErrors(res)).toEqual({ email: "Email already exists", password: "Password must be 8 to 200 characters" });
      const mismatch = await app.gql(
        `mutation { createUser(name: "Y", email: "y@example.com", password: "long-enough-1", password2: "long-enough-2") { id } }`,
        {},
        admin,
      );
      expect(fieldErrors(mismatch)).toEqual({ password2: "Passwords do not match" });
    });

    it("changes a password, and the old one stops working", async () => {
      const admin = await app.adminToken();
      const [{ id }] = await app.services.ds.query(`SELECT id FROM users WHERE email = 'ed@example.com'`);
      await app.gql(`mutation($id: ID!) { updateUser(id: $id, password: "new-editor-pass") { id } }`, { id: String(id) }, admin);
      const old = await app.gql(`mutation { login(email: "ed@example.com", password: "editor-pass-1") { token } }`);
      expect(errorCode(old)).toBe("UNAUTHENTICATED");
      const fresh = await app.gql(`mutation { login(email: "ed@example.com", password: "new-editor-pass") { token } }`);
      expect(fresh.body.data.login.token).toBeTruthy();
    });

    it("refuses tokens of a deleted user", async () => {
      const admin = await app.adminToken();
      const [{ id }] = await app.services.ds.query(`SELECT id FROM users WHERE email = 'ed@example.com'`);
      await app.gql(`mutation($id: ID!) { deleteUser(id: $id) { id } }`, { id: String(id) }, admin);
      const res = await app.gql(`mutation { createSetting(name: "after_delete", value: "1") { id } }`, {}, editorToken);
      expect(errorCode(res)).toBe("UNAUTHENTICATED");
    });

    it("does not let an admin delete themselves or the last admin", async () => {
      const admin = await app.adminToken();
      const [{ id }] = await app.services.ds.query(`SELECT id FROM users WHERE email = ?`, [ADMIN.email]);
      const res = await app.gql(`mutation($id: ID!) { deleteUser(id: $id) { id } }`, { id: String(id) }, admin);
      expect(errorCode(res)).toBe("FORBIDDEN");
      const demote = await app.gql(`mutation($id: ID!) { updateUser(id: $id, role: "editor") { id } }`, { id: String(id) }, admin);
      expect(fieldErrors(demote)).toEqual({ role: "You cannot remove your own admin role" });
    });
  });
});

describe("self-registration", () => {
  const register = (app: TestApp, email: string) =>
    app.gql(
      `mutation($e: String) { register(name: "New", email: $e, password: "new-user-pass", password2: "new-user-pass") { message approved } }`,
      { e: email },
    );
  const login = (app: TestApp, email: string) =>
    app.gql(`mutation($e: String!) { login(email: $e, password: "new-user-pass") { token name } }`, { e: email });

  it("is open while no user exists, and the first user becomes an approved admin", async () => {
    const app = await startTestApp({ admin: false, env: { REGISTRATION: "closed" } });
    try {
      const res = await register(app, "first@example.com");
      expect(res.body.data.register.approved).toBe(true);
      const token = (await login(app, "first@example.com")).body.data.login.token;
      const me = await app.gql(`{ me { role } }`, {}, token);
      expect(me.body.data.me.role).toBe("admin");
      expect(errorCode(await register(app, "second@example.com"))).toBe("FORBIDDEN");
    } finally {
      await app.close();
    }
  });

  it("creates a pending account under approval, which signs in only once approved", async () => {
    const app = await startTestApp();
    try {
      const res = await register(app, "pending@example.com");
      expect(res.body.data.register).toEqual({
        approved: false,
        message: "If this address can be registered, the account now waits for an administrator's approval",
      });
      const refused = await login(app, "pending@example.com");
      expect(errorCode(refused)).toBe("FORBIDDEN");
      const admin = await app.adminToken();
      const users = await app.gql(`{ allUsers(filter: { approved: false }) { id email } }`, {}, admin);
      expect(users.body.data.allUsers).toHaveLength(1);
      await app.gql(`mutation($id: ID!) { updateUser(id: $id, approved: true) { id } }`, { id: users.body.data.allUsers[0].id }, admin);
      expect((await login(app, "pending@example.com")).body.data.login.name).toBe("New");
    } finally {
      await app.close();
    }
  });

  it("approves at once when REGISTRATION=open, and checks the fields", async () => {
    const app = await startTestApp({ env: { REGISTRATION: "open" } });
    try {
      expect((await register(app, "open@example.com")).body.data.register.approved).toBe(true);
      const bad = await app.gql(`mutation { register(name: "", email: "nope", password: "x") { message } }`);
      expect(fieldErrors(bad)).toEqual({ password2: "Please confirm the password" });
      const bad2 = await app.gql(`mutation { register(name: "", email: "nope", password: "x", password2: "y") { message } }`);
      expect(fieldErrors(bad2)).toEqual({
        name: "Name is required",
        email: "Email must be a valid email address",
        password: "Password must be 8 to 200 characters",
      });
    } finally {
      await app.close();
    }
  });
});
