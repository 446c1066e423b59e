import { generate } from "otplib";
import { events, LOGIN } from "../support/signIn";
import { ADMIN, errorCode, fieldErrors, startTestApp, TestApp, withTestApp } from "../support/testApp";

describe("sessions", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp()));
  afterAll(() => app.close());

  const signIn = async (email = ADMIN.email, password = ADMIN.password) => {
    const res = await app.gql(LOGIN, { e: email, p: password });
    return `Bearer ${res.body.data.login.token}`;
  };
  const me = async (token: string) => (await app.gql(`{ me { email } }`, {}, token)).body.data.me;

  it("logout ends that session at once, and only that one", async () => {
    const [a, b] = [await signIn(), await signIn()];
    expect((await app.gql(`mutation { logout }`, {}, a)).body.data.logout).toBe(true);
    expect(await me(a)).toBeNull();
    expect(errorCode(await app.gql(`mutation { createSetting(name: "x", value: "1") { id } }`, {}, a))).toBe("UNAUTHENTICATED");
    expect(await me(b)).toEqual({ email: ADMIN.email });
  });

  it("REST logout ends the session it is sent with", async () => {
    const token = (await app.http.post("/api/login").send({ email: ADMIN.email, password: ADMIN.password })).body.token;
    const out = await app.http.post("/api/logout").set("Authorization", token).send({});
    expect([out.status, out.body]).toEqual([200, { success: true, message: "Signed out" }]);
    expect((await app.http.get("/api/user-data").set("Authorization", token)).status).toBe(401);
    expect((await app.http.post("/api/logout").send({})).status).toBe(401);
  });

  /** Creates an editor as the admin and gives its row id. */
  const createEditor = async (admin: string, name: string, email: string, password: string) => {
    await app.gql(`mutation { createUser(name: "${name}", email: "${email}", password: "${password}", role: "editor") { id } }`, {}, admin);
    const [{ id }] = await app.services.ds.query(`SELECT id FROM users WHERE email = ?`, [email]);
    return id;
  };

  it("a password change ends every other session of the user, not the one that made it", async () => {
    const admin = await signIn();
    const id = await createEditor(admin, "Ed", "ed@example.com", "ed-password-1");
    const [ed1, ed2] = [await signIn("ed@example.com", "ed-password-1"), await signIn("ed@example.com", "ed-password-1")];
    // An admin changes Ed's password: all of Ed's sessions end.
    await app.gql(`mutation($id: ID!) { updateUser(id: $id, password: "ed-password-2") { id } }`, { id: String(id) }, admin);
    expect(await me(ed1)).toBeNull();
    expect(await me(ed2)).toBeNull();
    // The admin changes their own password: their other session ends, this one goes on.
    const other = await signIn();
    const [{ id: adminId }] = await app.services.ds.query(`SELECT id FROM users WHERE email = ?`, [ADMIN.email]);
    const changed = await app.gql(
      `mutation($id: ID!) { updateUser(id: $id, password: "admin-pass-456", password2: "admin-pass-456") { id } }`,
      { id: String(adminId) },
      admin,
    );
    expect(changed.body.errors).toBeUndefined();
    expect(await me(admin)).toEqual({ email: ADMIN.email });
    expect(await me(other)).toBeNull();
    await app.gql(`mutation($id: ID!) { updateUser(id: $id, password: "${ADMIN.password}") { id } }`, { id: String(adminId) }, admin);
  });

  it("a role change or a withdrawn approval ends the user's sessions", async () => {
    const admin = await signIn();
    const id = await createEditor(admin, "Ro", "ro@example.com", "ro-password-1");
    const ro = await signIn("ro@example.com", "ro-password-1");
    await app.gql(`mutation($id: ID!) { updateUser(id: $id, role: "admin") { id } }`, { id: String(id) }, admin);
    expect(await me(ro)).toBeNull();
    const again = await signIn("ro@example.com", "ro-password-1");
    await app.gql(`mutation($id: ID!) { updateUser(id: $id, approved: false) { id } }`, { id: String(id) }, admin);
    expect(await me(again)).toBeNull();
  });

  it("lists sessions and sign-in events for admins, and each user's own sign-ins", async () => {
    const admin = await signIn();
    const list = await app.gql(
      `{ allSessions(perPage: 5) { userId userName ip revoked expiresAt } allSignInEvents(filter: { result: "success" }, perPage: 3) { email result ip } }`,
      {},
      admin,
    );
    expect(list.body.data.allSessions[0]).toMatchObject({ userName: "admin", revoked: false });
    expect(list.body.data.allSignInEvents[0]).toMatchObject({ email: ADMIN.email, result: "success" });
    const mine = await app.gql(`{ mySignIns { email result createdAt } }`, {}, admin);
    expect(mine.body.data.mySignIns.length).toBeGreaterThan(0);
    expect(mine.body.data.mySignIns.every((e: { email: string }) => e.email === ADMIN.email)).toBe(true);
  });
});

describe("two-factor sign-in (TOTP)", () => {
  /** A code for `steps` periods from now: each code is good once, so each use takes the next step. */
  const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  it("set up, enable, then sign in only with a code; recovery codes are single-use; disable", async () => {
    await withTestApp({}, async (app) => {
      const token = await app.adminToken();
      const setup = (await app.gql(`mutation { setupTwoFactor { secret otpauthUrl qrCode recoveryCodes } }`, {}, token)).body.data
        .setupTwoFactor;
      expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(setup.recoveryCodes).toHaveLength(10);
      expect(fieldErrors(await app.gql(`mutation { enableTwoFactor(code: "000000") }`, {}, token))).toEqual({
        code: expect.stringMatching(/not valid/),
      });
      expect(
        (await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: await code(setup.secret) }, token)).body.data
          .enableTwoFactor,
      ).toBe(true);

      const noCode = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
      expect([noCode.status, errorCode(noCode)]).toEqual([401, "TWO_FACTOR_REQUIRED"]);
      const wrong = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: "123456" });
      expect(errorCode(wrong)).toBe("TWO_FACTOR_REQUIRED");
      const ok = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: await code(setup.secret, 1) });
      expect(ok.body.data.login.token).toEqual(expect.any(String));
      // The same code twice is refused (replay).
      expect(errorCode(await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: await code(setup.secret, 1) }))).toBe(
        "TWO_FACTOR_REQUIRED",
      );

      const recovery = setup.recoveryCodes[0];
      expect((await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: recovery })).body.data.login.token).toEqual(expect.any(String));
      expect(errorCode(await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: recovery }))).toBe("TWO_FACTOR_REQUIRED");

      // REST sign-in takes the code too, and says when it is missing.
      const rest = await app.http.post("/api/login").send({ email: ADMIN.email, password: ADMIN.password });
      expect([rest.status, rest.body.code]).toEqual([401, "TWO_FACTOR_REQUIRED"]);
      expect(
        (await app.http.post("/api/login").send({ email: ADMIN.email, password: ADMIN.password, code: setup.recoveryCodes[1] })).body.token,
      ).toEqual(expect.any(String));

      const fresh = await app.gql(`mutation($c: String!) { newRecoveryCodes(code: $c) }`, { c: setup.recoveryCodes[2] }, token);
      expect(fresh.body.data.newRecoveryCodes).toHaveLength(10);
      expect(errorCode(await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: setup.recoveryCodes[3] }))).toBe("TWO_FACTOR_REQUIRED");

      expect(
        (await app.gql(`mutation($c: String!) { disableTwoFactor(code: $c) }`, { c: fresh.body.data.newRecoveryCodes[0] }, token)).body.data
          .disableTwoFactor,
      ).toBe(true);
      expect((await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password })).body.data.login.token).toEqual(expect.any(String));
      expect(await events(app, "two_factor_failed")).toBeGreaterThanOrEqual(3);
    });
  });

  it("a wrong code counts as a failure for the limiter", async () => {
    await withTestApp({ env: { LOGIN_MAX_FAILURES: "3" } }, async (app) => {
      const token = await app.adminToken();
      const setup = (await app.gql(`mutation { setupTwoFactor { secret } }`, {}, token)).body.data.setupTwoFactor;
      await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: await code(setup.secret) }, token);
      for (let i = 0; i < 3; i++)
        expect(errorCode(await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: "111111" }))).toBe("TWO_FACTOR_REQUIRED");
      expect((await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: await code(setup.secret, 1) })).status).toBe(429);
    });
  });

  it("REQUIRE_TWO_FACTOR: a user without it can only set it up, then everything works", async () => {
    await withTestApp({ env: { REQUIRE_TWO_FACTOR: "true" } }, async (app) => {
      const token = await app.adminToken();
      expect((await app.gql(`{ me { mustSetUpTwoFactor } }`, {}, token)).body.data.me.mustSetUpTwoFactor).toBe(true);
      const refused = await app.gql(`mutation { createSetting(name: "x", value: "1") { id } }`, {}, token);
      expect([refused.status, errorCode(refused)]).toEqual([403, "TWO_FACTOR_SETUP_REQUIRED"]);
      expect((await app.http.get("/api/user-data").set("Authorization", token)).status).toBe(403);
      const setup = (await app.gql(`mutation { setupTwoFactor { secret } }`, {}, token)).body.data.setupTwoFactor;
      await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: await code(setup.secret) }, token);
      expect((await app.gql(`{ me { mustSetUpTwoFactor } }`, {}, token)).body.data.me.mustSetUpTwoFactor).toBe(false);
      expect((await app.gql(`mutation { createSetting(name: "x", value: "1") { id } }`, {}, token)).body.data.createSetting.id).toEqual(
        expect.any(String),
      );
    });
  });
});
