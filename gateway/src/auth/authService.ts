import { randomBytes } from "crypto";
import { authorize, authorizeTo, may, SYSTEM } from "./access";
import {
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  TwoFactorRequiredError,
  UnauthenticatedError,
  ValidationError,
} from "../errors";
import { SignInResult } from "../resources/signInEvent";
import { SignInEvent } from "../resources/signInEvent";
import { Session } from "../resources/session";
import type { InputOfResource, RowOfResource } from "../resources/kit/define";
import { User } from "../resources/user";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { ResourceService } from "../resources/kit/service";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA, type Via } from "../audit/via";
import { inTransaction } from "../resources/kit/transaction";
import { verifyPassword } from "./passwords";
import { endSessionsOf, forgetSessionsOf } from "./sessionEvents";
import { SessionStore } from "./sessionStore";
import type { Attempt, SignInLimiter } from "./signInLimits";
import { AuthUser, tokenFromHeader, TokenService } from "./tokens";
import { ApiTokenService } from "./apiTokens";
import { EvenTiming } from "./evenTiming";
import { checkCode, newRecoveryCodes, newSetup, spendOnce, type SpendOnce, TwoFactorSetup } from "./twoFactor";

export interface RegisterOutcome {
  message: string;
  approved: boolean;
}

/** Who is signing in, and from where: kept with each sign-in event and session. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** The same answer whether the address was free or taken, so registration tells no one who has an account. */
const REGISTERED_PENDING = "If this address can be registered, the account now waits for an administrator's approval";
const REGISTERED_OPEN = "If this address can be registered, you can now sign in with it";

type UserRow = RowOfResource<typeof User>;

/** Ending someone else's sessions is managing users. */
const MANAGE_USERS = { action: "update", resource: User.name } as const;

/** What sign-in works with: nothing more (no Services, so no import circle). */
export interface AuthDependencies {
  ds: DataSource;
  users: ResourceService<typeof User>;
  config: Pick<Config, "requireTwoFactor" | "registration" | "admin">;
  log: Logger;
  tokens: TokenService;
  limiter: SignInLimiter;
  sessions: SessionStore;
  /** Where two-factor changes are recorded (the users service records the rest of a user's changes). */
  trail: AuditTrail;
  /** API tokens (`Bearer pk_…`). */
  apiTokens: ApiTokenService;
}

/** Sign-in, sessions, two-factor and self-registration; shared by GraphQL and the REST shim. */
export class AuthService {
  readonly tokens: TokenService;
  readonly sessions: SessionStore;

  /** Registration's answers in the same time, whether the email was free or taken. */
  private readonly registrations = new EvenTiming();

  constructor(private readonly deps: AuthDependencies) {
    this.tokens = deps.tokens;
    this.sessions = deps.sessions;
  }

  private get users() {
    return this.deps.users;
  }

  private repo() {
    return this.deps.ds.getRepository<UserRow>(User.name);
  }

  /** The signed-in user of an Authorization header, if its token is valid and its session still live. */
  async authenticate(header: string | undefined, via?: Via, options: { counted?: boolean } = {}): Promise<AuthUser | undefined> {
    const token = tokenFromHeader(header);
    if (!token) return undefined;
    let user: AuthUser | undefined;
    if (ApiTokenService.isToken(token)) user = await this.deps.apiTokens.authenticate(token, via?.ip, options);
    else {
      const claims = this.tokens.verify(token);
      user = claims && (await this.sessions.check(claims));
    }
    if (!user) return undefined;
    const twoFactorAsked = this.deps.config.requireTwoFactor || Boolean(user.roleRequiresTwoFactor);
    return { ...user, mustSetUpTwoFactor: twoFactorAsked && !user.twoFactorEnabled, ...(via && { via }), denied: this.recordDenial };
  }

  /**
   * Records a refused attempt in the audit trail (operation `denied`, the
   * action in `changes`), in its own transaction: the refusal itself writes
   * nothing else, and is answered without waiting for the record.
   */
  private readonly recordDenial = (user: AuthUser, need: { action: string; resource: string }, via: Via) => {
    const self: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role, apiToken: user.apiToken };
    const { trail, ds, log } = this.deps;
    void trail
      .during(async () => {
        const event = await inTransaction(ds, (manager) =>
          trail.append(manager, {
            actor: self,
            via,
            resource: need.resource,
            recordId: null,
            operation: "denied",
            changes: [{ field: "action", before: null, after: need.action }],
            snapshot: null,
          }),
        );
        await trail.appended(event);
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not record a refused attempt"));
  };

  /**
   * Signs in. The attempt is counted before the password is checked (and given
   * back on success), so parallel guesses get no more checks than the limit.
   * Only a wrong password or code keeps it counted: when the server fails
   * (the database does not answer), the attempt is given back.
   */
  async login(
    email: unknown,
    password: unknown,
    client: ClientInfo,
    code?: unknown,
    via: Via = SYSTEM_VIA,
  ): Promise<{ token: string; name: string }> {
    const errors: Record<string, string> = {};
    if (typeof email !== "string" || !email.trim()) errors.email = "Email is required";
    else if (email.length > 190) errors.email = "Email must be at most 190 characters";
    if (typeof password !== "string" || !password) errors.password = "Password is required";
    else if (password.length > 200) errors.password = "Password must be at most 200 characters";
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const addr = (email as string).trim().toLowerCase();

    const attempt = await this.limited(addr, undefined, client, () => this.deps.limiter.begin(addr, client.ip));
    try {
      const row = await this.repo().createQueryBuilder("u").where("LOWER(u.email) = :addr", { addr }).getOne();
      if (!(await verifyPassword(password as string, row?.passwordHash))) {
        await attempt.failed();
        await this.record(addr, row?.id, client, "wrong_password");
        throw new UnauthenticatedError("Email or password is incorrect");
      }
      const user = row!;
      if (user.twoFactorEnabled) {
        if (code === undefined || code === null || code === "") {
          await attempt.refund();
          await this.record(addr, user.id, client, "two_factor_required");
          throw new TwoFactorRequiredError("Enter the 6-digit code from your authenticator app, or a recovery code");
        }
        const self: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
        const spent = await this.limited(addr, user.id, client, () =>
          this.useCode(user, code, client, attempt, (update) =>
            update.twoFactorLastStep !== undefined
              ? this.spendStep(user.id, update.twoFactorLastStep)
              : this.changeSelf(user, update, self, via, { once: spendOnce(user, update) }),
          ),
        );
        if (!spent) {
          await this.record(addr, user.id, client, "two_factor_failed");
          throw new TwoFactorRequiredError("The code is not valid; enter the current 6-digit code or an unused recovery code");
        }
      }
      if (!user.approved) {
        await attempt.refund();
        await this.record(addr, user.id, client, "not_approved");
        throw new ForbiddenError("Your account is waiting for an administrator's approval");
      }
      await attempt.succeeded();
      await this.record(addr, user.id, client, "success");
      return { token: await this.startSession(user, client), name: user.name };
    } finally {
      // Unsettled here means the server failed before the check decided: not the caller's failure.
      await attempt.release();
    }
  }

  /** Runs a limiter step; a refusal is recorded as a limited sign-in. */
  private async limited<T>(addr: string, userId: number | undefined, client: ClientInfo, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (e) {
      if (e instanceof TooManyRequestsError) await this.record(addr, userId, client, "limited");
      throw e;
    }
  }

  /**
   * Every check of a user's two-factor code: counted per user and per IP
   * (429 with Retry-After once blocked), then, if the code is good, `spend`
   * writes what it allows only if the code is still unspent. Gives the
   * outcome of `spend`, or false for a wrong (or already spent) code, which
   * stays counted. A sign-in passes its own attempt, which already counts the IP
   * and is failed with the code.
   */
  private async useCode(
    row: UserRow,
    code: unknown,
    client: ClientInfo,
    signIn: Attempt | undefined,
    spend: (update: { twoFactorLastStep?: number; twoFactorRecovery?: string }) => Promise<boolean>,
  ): Promise<boolean> {
    const attempt = await this.deps.limiter.beginCode(row.id, client.ip, signIn);
    try {
      const checked = await checkCode(row, code);
      if (!checked.ok || !(await spend(checked.update))) {
        await Promise.all([attempt.failed(), signIn?.failed()]);
        return false;
      }
      await attempt.succeeded();
      return true;
    } finally {
      await attempt.release();
    }
  }

  /**
   * Marks a sign-in's TOTP step used: one conditional update, whose row count
   * says whether this request spent it or a racing one already had.
   */
  private async spendStep(userId: number, step: number): Promise<boolean> {
    const once = spendOnce({}, { twoFactorLastStep: step });
    const result = await this.deps.ds
      .createQueryBuilder()
      .update(User.name)
      .set({ twoFactorLastStep: step })
      .where("id = :id", { id: userId })
      .andWhere(once.where, once.params)
      .execute();
    return Boolean(result.affected);
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<string> {
    const authUser: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
    const jti = this.sessions.newId();
    const { token, expiresAt } = this.tokens.issue(authUser, jti, user.tokenVersion ?? 0);
    await this.sessions.record(jti, authUser, expiresAt, client);
    return token;
  }

  /** Ends the request's session. */
  async logout(user: AuthUser | undefined): Promise<boolean> {
    if (!user?.sessionId) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
    await this.sessions.end(user.sessionId, user.id);
    return true;
  }

  /**
   * Ends a session: the caller's own, or anyone's for whoever may manage
   * users (update on User). Answers whether a live session was ended; it is
   * refused at once on every replica.
   */
  async endSession(caller: AuthUser | undefined, id: unknown, via: Via = SYSTEM_VIA): Promise<boolean> {
    const user = this.sessionsCaller(caller, via);
    const key = Number(id);
    const row = Number.isSafeInteger(key) && key > 0 ? await this.deps.ds.getRepository(Session.name).findOneBy({ id: key }) : null;
    if (!row) throw new NotFoundError(`Session ${String(id)} not found`);
    if (row.userId !== user.id && !may(MANAGE_USERS, user)) {
      if (user.mustSetUpTwoFactor) authorizeTo(MANAGE_USERS, user);
      // Refused and recorded as an attempt on the session; nothing is ended.
      user.denied?.(user, { action: "update", resource: Session.name }, via);
      throw new ForbiddenError("You may end only your own sessions: ending another user's needs the right to manage users");
    }
    return (await this.endSessions(user, via, Number(row.userId), { id: key })) > 0;
  }

  /** Ends every other live session of the caller (the request's goes on); answers how many. */
  endOtherSessions(caller: AuthUser | undefined, via: Via = SYSTEM_VIA): Promise<number> {
    const user = this.sessionsCaller(caller, via);
    return this.endSessions(user, via, user.id, { keep: user.sessionId });
  }

  /** Ends every live session of a user (not the caller's own request's), for whoever may manage users; answers how many. */
  async endUserSessions(caller: AuthUser | undefined, userId: unknown, via: Via = SYSTEM_VIA): Promise<number> {
    const user = this.sessionsCaller(caller, via);
    authorizeTo(MANAGE_USERS, user);
    const key = Number(userId);
    if (!Number.isSafeInteger(key) || key < 1 || !(await this.repo().existsBy({ id: key })))
      throw new NotFoundError(`User ${String(userId)} not found`);
    return this.endSessions(user, via, key, key === user.id ? { keep: user.sessionId } : {});
  }

  /**
   * A signed-in person (never an API token: 403), with the request they made,
   * for the refusals recorded. Their own sessions stay theirs to end while
   * two-factor waits to be turned on (anyone else's does not).
   */
  private sessionsCaller(caller: AuthUser | undefined, via: Via): AuthUser {
    const user = caller && { ...caller, via: caller.via ?? via };
    authorize("user", user, { duringTwoFactorSetup: true });
    return user!;
  }

  /**
   * Ends a user's live sessions (one, or all but `keep`) with an audit event
   * each (Session, revoked: false → true), in one transaction; then every
   * replica forgets what it cached of the user's sessions (Redis marks).
   */
  private async endSessions(caller: AuthUser, via: Via, userId: number, which: { id?: number; keep?: string }): Promise<number> {
    const { ds, trail } = this.deps;
    const ended = await trail.during(async () => {
      const events = await inTransaction(ds, async (manager) => {
        const live = manager
          .getRepository(Session.name)
          .createQueryBuilder("s")
          .select("s.id", "id")
          .where("s.userId = :userId AND s.revoked = :no AND s.expiresAt > :now", {
            userId,
            no: false,
            now: Math.floor(Date.now() / 1000),
          });
        if (which.id !== undefined) live.andWhere("s.id = :id", { id: which.id });
        if (which.keep) live.andWhere("s.jti <> :keep", { keep: which.keep });
        const ids = (await live.getRawMany<{ id: unknown }>()).map((row) => Number(row.id));
        if (!ids.length) return [];
        await manager
          .createQueryBuilder()
          .update(Session.name)
          .set({ revoked: true, updatedAt: new Date() })
          .where("id IN (:...ids)", { ids })
          .execute();
        const appended = [];
        for (const id of ids)
          appended.push(
            await trail.append(manager, {
              actor: caller,
              via,
              resource: Session.name,
              recordId: id,
              operation: "update",
              changes: [{ field: "revoked", before: false, after: true }],
              snapshot: null,
            }),
          );
        return appended;
      });
      if (events.length) await trail.appended(events.length === 1 ? events[0] : undefined);
      return events.length;
    });
    if (ended) await forgetSessionsOf(userId);
    return ended;
  }

  private async record(email: string, userId: number | undefined, client: ClientInfo, result: SignInResult) {
    const now = new Date();
    await this.deps.ds
      .getRepository(SignInEvent.name)
      .insert({
        email: email.slice(0, 190),
        userId: userId ?? null,
        ip: client.ip.slice(0, 45),
        userAgent: client.userAgent?.slice(0, 255) ?? null,
        result,
        createdAt: now,
        updatedAt: now,
      })
      .catch((e) => this.deps.log.error({ err: e }, "could not record a sign-in event"));
  }

  /**
   * Open while no user exists (the first becomes admin); afterwards as REGISTRATION
   * says, limited per IP, and with one answer whether the email was free or taken.
   */
  async register(input: Record<string, unknown>, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<RegisterOutcome> {
    const first = (await this.repo().count()) === 0;
    const mode = this.deps.config.registration;
    if (!first && mode === "closed") throw new ForbiddenError("Registration is closed; ask an administrator for an account");
    if (!first) await this.deps.limiter.register(client.ip);
    if (input.password2 === undefined || input.password2 === null) {
      throw new ValidationError({ password2: "Please confirm the password" });
    }
    const approved = first || mode === "open";
    // As a transport does: the users service checks each value, whatever its compile-time type.
    const { name, email, password, password2 } = input as InputOfResource<typeof User>;
    const outcome = { message: approved ? REGISTERED_OPEN : REGISTERED_PENDING, approved };
    const started = performance.now();
    try {
      // The password is hashed before the email is found taken, and a taken email's answer then waits as long as
      // creating an account lately takes (its writes too), so both answers take as long.
      // The gateway creates the account (a role only it may set); the event names the anonymous caller who asked.
      await this.users.create({ name, email, password, password2, role: first ? "admin" : "editor", approved }, SYSTEM, via, {
        recordedAs: undefined,
      });
      this.registrations.created(performance.now() - started);
    } catch (e) {
      const taken =
        e instanceof ValidationError && e.fieldErrors.email?.endsWith("already exists") && Object.keys(e.fieldErrors).length === 1;
      if (!taken || first) throw e;
      await this.registrations.pad(performance.now() - started);
    }
    return first ? { message: "Registration successful; you can sign in now", approved } : outcome;
  }

  /** Seeds the first admin when there is no user; a generated password is returned to be shown once. */
  async ensureAdmin(): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if ((await this.repo().count()) > 0) return undefined;
    const { name, email, password } = this.deps.config.admin;
    const generatedPassword = password ? undefined : randomBytes(12).toString("base64url");
    const pw = password ?? generatedPassword!;
    await this.users.create({ name, email, password: pw, password2: pw, role: "admin", approved: true }, SYSTEM);
    return { email, generatedPassword };
  }

  private async self(user: AuthUser | undefined): Promise<UserRow> {
    if (!user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
    const row = await this.repo().findOneBy({ id: user.id });
    if (!row) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
    return row;
  }

  /** Starts turning two-factor on: a new secret and recovery codes, kept pending until a code proves the app has it. */
  async setupTwoFactor(user: AuthUser | undefined): Promise<TwoFactorSetup> {
    const row = await this.self(user);
    if (row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is already on; turn it off first to set it up again" });
    const { setup, recoveryHashes } = await newSetup(row.email);
    await this.repo().update(
      { id: row.id },
      { twoFactorSecret: setup.secret, twoFactorRecovery: JSON.stringify(recoveryHashes), twoFactorLastStep: null },
    );
    return setup;
  }

  /**
   * Turns two-factor on once a code from the app checks against the pending
   * secret; as a password change does, it ends the user's other sessions (the
   * one that turned it on goes on).
   */
  async enableTwoFactor(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await this.self(user);
    if (row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is already on" });
    if (!row.twoFactorSecret) throw new ValidationError({ code: "Set up two-factor sign-in first" });
    if (typeof code !== "string" || !/^\s*\d{6}\s*$/.test(code))
      throw new ValidationError({ code: "Enter the 6-digit code your authenticator app shows" });
    const enabled = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(row, { ...update, twoFactorEnabled: true }, user!, via, {
        once: spendOnce(row, update),
        also: (manager) => endSessionsOf(manager, row.id, user!.sessionId),
      }),
    );
    if (!enabled) throw new ValidationError({ code: "The code is not valid; check the app shows this account and try the current code" });
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Turns two-factor off; it takes a current code (or a recovery code), not just the session. */
  async disableTwoFactor(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await this.self(user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    const disabled = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(
        row,
        { twoFactorEnabled: false, twoFactorSecret: null, twoFactorRecovery: null, twoFactorLastStep: null },
        user!,
        via,
        { once: spendOnce(row, update) },
      ),
    );
    if (!disabled) throw new ValidationError({ code: "The code is not valid" });
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Replaces the recovery codes (the old ones stop working); needs a current code. */
  async newRecoveryCodes(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<string[]> {
    const row = await this.self(user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    const { codes, hashes } = newRecoveryCodes();
    const replaced = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(row, { ...update, twoFactorRecovery: JSON.stringify(hashes) }, user!, via, { once: spendOnce(row, update) }),
    );
    if (!replaced) throw new ValidationError({ code: "The code is not valid" });
    return codes;
  }

  /**
   * A user's own two-factor change, with its audit event (the secrets
   * redacted) in one transaction; the record's version moves on, as with any save.
   * `once`: the condition the record must still meet (else nothing is written,
   * and the answer is false); `also`: more work in the same transaction.
   */
  private async changeSelf(
    row: UserRow,
    values: Partial<UserRow>,
    user: AuthUser,
    via: Via,
    opts: { once?: SpendOnce; also?: (manager: EntityManager) => Promise<void> } = {},
  ): Promise<boolean> {
    const { ds, trail } = this.deps;
    return trail.during(async () => {
      const event = await inTransaction(ds, async (manager) => {
        const update = manager
          .createQueryBuilder()
          .update(User.name)
          .set({ ...values, updatedAt: new Date(), version: () => "version + 1" })
          .where("id = :id", { id: row.id });
        if (opts.once) update.andWhere(opts.once.where, opts.once.params);
        const result = await update.execute();
        if (opts.once && !result.affected) return undefined;
        await opts.also?.(manager);
        const after = (await manager.getRepository<UserRow>(User.name).findOneBy({ id: row.id }))!;
        return trail.appendWrite(manager, User, { actor: user, via, operation: "update", before: row, after });
      });
      if (!event) return false;
      await this.users.written();
      await trail.appended(event);
      return true;
    });
  }

  /** The signed-in user's own recent sign-in attempts. */
  async mySignIns(user: AuthUser | undefined, limit = 20) {
    const row = await this.self(user);
    return this.deps.ds
      .getRepository(SignInEvent.name)
      .createQueryBuilder("e")
      .where("e.userId = :id OR LOWER(e.email) = :email", { id: row.id, email: String(row.email).toLowerCase() })
      .orderBy("e.createdAt", "DESC")
      .addOrderBy("e.id", "DESC")
      .limit(limit)
      .getMany();
  }
}
