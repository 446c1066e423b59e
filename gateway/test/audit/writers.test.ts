import { generate } from "otplib";
import { ADMIN, startTestApp, TestApp, withTestApp } from "../support/testApp";
import { eventsAfter, lastEventId } from "../support/audit";

jest.setTimeout(180_000);

/** The gateway's other writers (seeding, the first admin, two-factor changes, the chain) append events too. */
describe("audit events of the gateway's other writers", () => {
  it("start-up seeding and the first admin are recorded as created by the system", async () => {
    await withTestApp({ seed: true }, async (app) => {
      const events = await eventsAfter(app);
      const [admin] = events.filter((event) => event.resource === "User");
      expect(admin).toMatchObject({ operation: "create", actorName: "system", actorId: null, transport: "system" });
      expect(admin.changes).toContainEqual({ field: "passwordHash", redacted: true });
      expect(admin.changes).toContainEqual({ field: "email", before: null, after: ADMIN.email });
      const [{ n }] = await app.services.ds.query("SELECT COUNT(*) AS n FROM landing_blocks");
      const seeded = events.filter((event) => event.resource === "LandingBlock");
      expect(seeded).toHaveLength(Number(n));
      expect(seeded.every((event) => event.operation === "create" && event.actorName === "system")).toBe(true);
      // Content keeps its values for the History tab.
      expect(seeded[0].snapshot).toMatchObject({ identifier: expect.any(String) });
    });
  });

  it("a self-registration is recorded as the anonymous caller's, with its transport and address", async () => {
    await withTestApp({}, async (app) => {
      const since = await lastEventId(app);
      const register = `mutation($n: String, $e: String, $p: String, $p2: String) { register(name: $n, email: $e, password: $p, password2: $p2) { approved } }`;
      const pass = "a-long-password-1";
      expect((await app.gql(register, { n: "Newcomer", e: "new@example.com", p: pass, p2: pass })).body.data.register.approved).toBe(false);
      await app.http.post("/api/register").send({ name: "By REST", email: "rest@example.com", password: pass, password2: pass });
      const events = (await eventsAfter(app, since)).filter((event) => event.resource === "User");
      expect(events.map((event) => [event.operation, event.actorName, event.actorId, event.transport])).toEqual([
        ["create", "anonymous", null, "graphql"],
        ["create", "anonymous", null, "rest"],
      ]);
      expect(events.every((event) => event.ip && event.requestId)).toBe(true);
      expect(events[0].changes).toContainEqual({ field: "email", before: null, after: "new@example.com" });
    });
  });

  it("two-factor on and off are recorded, their secrets redacted", async () => {
    await withTestApp({}, async (app) => {
      const code = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
      const token = await app.adminToken();
      const setup = (await app.gql(`mutation { setupTwoFactor { secret recoveryCodes } }`, {}, token)).body.data.setupTwoFactor;
      let since = await lastEventId(app);
      const on = await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: await code(setup.secret, 0) }, token);
      expect(on.body.data.enableTwoFactor).toBe(true);
      let [event] = await eventsAfter(app, since);
      expect(event).toMatchObject({ resource: "User", operation: "update", actorName: ADMIN.name, transport: "graphql" });
      expect(event.changes).toContainEqual({ field: "twoFactorEnabled", before: false, after: true });
      expect(JSON.stringify(event.changes)).not.toContain(setup.secret);

      since = await lastEventId(app);
      const off = await app.gql(`mutation($c: String!) { disableTwoFactor(code: $c) }`, { c: setup.recoveryCodes[0] }, token);
      expect(off.body.data.disableTwoFactor).toBe(true);
      const events = await eventsAfter(app, since);
      expect(events).toHaveLength(1);
      [event] = events;
      expect(event.changes).toContainEqual({ field: "twoFactorEnabled", before: true, after: false });
      expect(event.changes).toContainEqual({ field: "twoFactorSecret", redacted: true });
      // Sign-ins themselves are SignInEvents, not audit events.
      expect((await eventsAfter(app)).some((e) => e.resource === "SignInEvent" || e.resource === "Session")).toBe(false);
    });
  });

  it("a sign-in with a recovery code is recorded as the user's change, and a code raced twice signs in once", async () => {
    await withTestApp({}, async (app) => {
      const token = await app.adminToken();
      const setup = (await app.gql(`mutation { setupTwoFactor { secret recoveryCodes } }`, {}, token)).body.data.setupTwoFactor;
      const totp = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
      expect((await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: totp }, token)).body.data.enableTwoFactor).toBe(
        true,
      );
      const login = `mutation($e: String!, $p: String!, $c: String) { login(email: $e, password: $p, code: $c) { token } }`;
      const signIn = (code: string) => app.gql(login, { e: ADMIN.email, p: ADMIN.password, c: code });

      let since = await lastEventId(app);
      expect((await signIn(setup.recoveryCodes[0])).body.data.login.token).toEqual(expect.any(String));
      const events = await eventsAfter(app, since);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ resource: "User", operation: "update", actorName: ADMIN.name, transport: "graphql" });
      expect(events[0].ip).toEqual(expect.any(String));
      expect(events[0].changes).toEqual([{ field: "twoFactorRecovery", redacted: true }]);
      expect(JSON.stringify(events[0].changes)).not.toContain(setup.recoveryCodes[0]);

      since = await lastEventId(app);
      const raced = await Promise.all([signIn(setup.recoveryCodes[1]), signIn(setup.recoveryCodes[1])]);
      expect(raced.filter((res) => res.body.data?.login?.token)).toHaveLength(1);
      expect(raced.filter((res) => res.body.errors?.[0]?.extensions?.code === "TWO_FACTOR_REQUIRED")).toHaveLength(1);
      expect(await eventsAfter(app, since)).toHaveLength(1);
    });
  });

  describe("on a chain", () => {
    let app: TestApp;
    beforeAll(async () => (app = await startTestApp({ chain: true })));
    afterAll(() => app.close());

    it("the launchpad reconcile is recorded as a chain action naming its transaction", async () => {
      const since = await lastEventId(app);
      const token = await app.adminToken();
      const res = await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
      // The local chain's two demo presales: account 0's and the Safe's.
      expect(res.body.data.reconcileLaunchPads).toBe(2);
      const events = (await eventsAfter(app, since)).filter((e) => e.resource === "LaunchPad");
      expect(events).toHaveLength(2);
      for (const event of events) {
        expect(event).toMatchObject({
          operation: "create",
          actorName: "system",
          transport: "chain",
          chainId: app.services.config.chain!.chainId,
        });
        expect(event.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      }
    });
  });
});
