import { generate } from "otplib";
import { ADMIN, errorCode, TestApp, withTestApp } from "../support/testApp";

/**
 * Sign-in under outage and two-factor codes under attack (and enabling
 * two-factor): only the caller's mistakes count, a code is spent
 * once, every code check is limited, and turning two-factor on ends the other sessions.
 */

const LOGIN = `mutation($e: String!, $p: String!, $c: String) { login(email: $e, password: $p, code: $c) { token } }`;

/** A code for `steps` periods from now: each code is good once, so each use takes the next step. */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor on for the admin with the session of `token`; gives the secret and recovery codes. */
async function enableTwoFactor(app: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = (await app.gql(`mutation { setupTwoFactor { secret recoveryCodes } }`, {}, token)).body.data.setupTwoFactor;
  const on = await app.gql(`mutation($c: String!) { enableTwoFactor(code: $c) }`, { c: await code(setup.secret) }, token);
  expect(on.body.data.enableTwoFactor).toBe(true);
  return setup;
}

/** A GraphQL POST through supertest, to see the HTTP headers (Retry-After). */
const post = (app: TestApp, query: string, variables: Record<string, unknown>, token: string) =>
  app.http.post("/graphql").set("Authorization", token).send({ query, variables });

/**
 * The answer's Retry-After is what is left of a block of `seconds` that began at `blockedAt` (Date.now() before the
 * request that set it) or later: exact however long the requests in between took.
 */
function expectRetryAfter(answer: { headers: Record<string, string> }, seconds: number, blockedAt: number) {
  const retryAfter = Number(answer.headers["retry-after"]);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  expect(retryAfter).toBeGreaterThanOrEqual(seconds - Math.ceil((Date.now() - blockedAt) / 1000));
}

const liveSessions = async (app: TestApp) =>
  Number(
    (
      await app.services.ds.query(
        `SELECT COUNT(*) AS n FROM sessions s JOIN users u ON u.id = s.userId WHERE u.email = ? AND s.revoked = ?`,
        [ADMIN.email, false],
      )
    )[0].n,
  );

describe("sign-in while the database is away", () => {
  it("answers 503 (never 429) and counts nothing: once the database is back, the right password signs in at once", async () => {
    await withTestApp({ env: { LOGIN_MAX_FAILURES: "3", LOGIN_MAX_FAILURES_PER_IP: "5" } }, async (app) => {
      const ds = app.services.ds;
      await ds.destroy();
      try {
        // Twice the per-IP limit of correct sign-ins, each failing on the server's side.
        for (let i = 0; i < 10; i++) {
          const res = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
          expect([res.status, errorCode(res)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
        }
      } finally {
        await ds.initialize();
      }
      const back = await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password });
      expect(back.status).toBe(200);
      expect(back.body.data.login.token).toEqual(expect.any(String));
      // Wrong passwords still count as before.
      for (let i = 0; i < 3; i++) expect(errorCode(await app.gql(LOGIN, { e: ADMIN.email, p: "wrong-guess" }))).toBe("UNAUTHENTICATED");
      expect((await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password })).status).toBe(429);
    });
  });
});

describe("two-factor codes", () => {
  it("a fresh TOTP code used by 10 parallel sign-ins gives exactly one session; a recovery code too", async () => {
    await withTestApp({}, async (app) => {
      const setup = await enableTwoFactor(app, await app.adminToken());
      const before = await liveSessions(app);
      const fresh = await code(setup.secret, 1);
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: fresh })));
      expect(answers.filter((a) => a.body.data?.login?.token)).toHaveLength(1);
      expect(answers.filter((a) => errorCode(a) === "TWO_FACTOR_REQUIRED")).toHaveLength(9);
      expect(await liveSessions(app)).toBe(before + 1);

      const recovery = setup.recoveryCodes[0];
      const again = await Promise.all(Array.from({ length: 10 }, () => app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password, c: recovery })));
      expect(again.filter((a) => a.body.data?.login?.token)).toHaveLength(1);
      expect(await liveSessions(app)).toBe(before + 2);
    });
  });

  it("wrong codes on disableTwoFactor and newRecoveryCodes are limited per user: 429 with Retry-After", async () => {
    await withTestApp({ env: { LOGIN_MAX_FAILURES: "3" } }, async (app) => {
      const token = await app.adminToken();
      const setup = await enableTwoFactor(app, token);
      const DISABLE = `mutation($c: String!) { disableTwoFactor(code: $c) }`;
      const RENEW = `mutation($c: String!) { newRecoveryCodes(code: $c) }`;
      // Both checks share one count of the user's wrong codes.
      for (const query of [DISABLE, RENEW, DISABLE]) expect(errorCode(await app.gql(query, { c: "000000" }, token))).toBe("BAD_USER_INPUT");
      // The next one sets a block of 15 minutes.
      const blockedAt = Date.now();
      for (const [query, c] of [
        [RENEW, "000000"],
        [DISABLE, "000000"],
        // Blocked, even the right code: the block does not tell a guess it was right.
        [RENEW, setup.recoveryCodes[0]],
      ]) {
        const refused = await post(app, query, { c }, token);
        expect(refused.status).toBe(429);
        expect(refused.body.errors[0].extensions.code).toBe("TOO_MANY_REQUESTS");
        expectRetryAfter(refused, 15 * 60, blockedAt);
      }
      // The recovery code was not spent by the refused request.
      const [row] = await app.services.ds.query(`SELECT twoFactorRecovery FROM users WHERE email = ?`, [ADMIN.email]);
      expect(JSON.parse(row.twoFactorRecovery)).toHaveLength(10);
    });
  });

  it("wrong codes also count against the address, per day", async () => {
    await withTestApp({ env: { LOGIN_MAX_FAILURES: "10", LOGIN_MAX_FAILURES_PER_IP: "2" } }, async (app) => {
      const token = await app.adminToken();
      await enableTwoFactor(app, token);
      for (let i = 0; i < 2; i++)
        expect(errorCode(await app.gql(`mutation { newRecoveryCodes(code: "000000") }`, {}, token))).toBe("BAD_USER_INPUT");
      // This one blocks the address for a day.
      const blockedAt = Date.now();
      const refused = await post(app, `mutation { disableTwoFactor(code: "000000") }`, {}, token);
      expect(refused.status).toBe(429);
      expectRetryAfter(refused, 24 * 3600, blockedAt);
    });
  });

  it("enabling two-factor ends the user's other sessions, not the one that enabled it", async () => {
    await withTestApp({}, async (app) => {
      const me = async (token: string) => (await app.gql(`{ me { email } }`, {}, token)).body.data.me;
      const token = await app.adminToken();
      const other = `Bearer ${(await app.gql(LOGIN, { e: ADMIN.email, p: ADMIN.password })).body.data.login.token}`;
      expect(await me(other)).toEqual({ email: ADMIN.email });
      await enableTwoFactor(app, token);
      expect(await me(other)).toBeNull();
      expect(await me(token)).toEqual({ email: ADMIN.email });
    });
  });
});
