import { randomBytes } from "crypto";
import { SYSTEM } from "./access";
import { ForbiddenError, TooManyRequestsError, TwoFactorRequiredError, UnauthenticatedError, ValidationError } from "../errors";
import { SignInResult } from "../resources/signInEvent";
import { SignInEvent } from "../resources/signInEvent";
import type { InputOfResource, RowOfResource } from "../resources/kit/define";
import { User } from "../resources/user";
import type { DataSource, FindOptionsWhere } from "typeorm";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { ResourceService } from "../resources/kit/service";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA, type Via } from "../audit/via";
import { inTransaction } from "../resources/kit/transaction";
import { verifyPassword } from "./passwords";
import { forgetSessionsOf } from "./sessionEvents";
import { SessionStore } from "./sessionStore";
import type { SignInLimiter } from "./signInLimits";
import { AuthUser, tokenFromHeader, TokenService } from "./tokens";
import { checkCode, newRecoveryCodes, newSetup, TwoFactorSetup } from "./twoFactor";

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
}

/** Sign-in, sessions, two-factor and self-registration; shared by GraphQL and the REST shim. */
export class AuthService {
  readonly tokens: TokenService;
  readonly sessions: SessionStore;

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
  async authenticate(header: string | undefined, via?: Via): Promise<AuthUser | undefined> {
    const token = tokenFromHeader(header);
    const claims = token ? this.tokens.verify(token) : undefined;
    if (!claims) return undefined;
    const user = await this.sessions.check(claims);
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
    const self: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
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

    let attempt;
    try {
      attempt = await this.deps.limiter.begin(addr, client.ip);
    } catch (e) {
      if (e instanceof TooManyRequestsError) await this.record(addr, undefined, client, "limited");
      throw e;
    }
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
      const checked = await checkCode(user, code);
      if (!checked.ok || !(await this.spendCode(user, checked.update, via))) {
        await attempt.failed();
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
  }

  /**
   * Marks a sign-in's code used. A recovery code is a change of the user's
   * record, audited like the other two-factor changes, and spent at most once:
   * of two sign-ins racing with the same code, only the one that still finds
   * it in the record passes.
   */
  private async spendCode(user: UserRow, update: { twoFactorLastStep?: number; twoFactorRecovery?: string }, via: Via) {
    if (update.twoFactorRecovery === undefined) {
      await this.repo().update({ id: user.id }, update);
      return true;
    }
    const self: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
    return this.changeSelf(user, update, self, via, { twoFactorRecovery: user.twoFactorRecovery! });
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
    try {
      // The password is hashed before the email is found taken, so both answers take as long.
      // The gateway creates the account (a role only it may set); the event names the anonymous caller who asked.
      await this.users.create({ name, email, password, password2, role: first ? "admin" : "editor", approved }, SYSTEM, via, {
        recordedAs: undefined,
      });
    } catch (e) {
      const taken =
        e instanceof ValidationError && e.fieldErrors.email?.endsWith("already exists") && Object.keys(e.fieldErrors).length === 1;
      if (!taken || first) throw e;
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

  /** Turns two-factor on once a code from the app checks against the pending secret. */
  async enableTwoFactor(user: AuthUser | undefined, code: unknown, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await this.self(user);
    if (row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is already on" });
    if (!row.twoFactorSecret) throw new ValidationError({ code: "Set up two-factor sign-in first" });
    if (typeof code !== "string" || !/^\s*\d{6}\s*$/.test(code))
      throw new ValidationError({ code: "Enter the 6-digit code your authenticator app shows" });
    const checked = await checkCode(row, code);
    if (!checked.ok)
      throw new ValidationError({ code: "The code is not valid; check the app shows this account and try the current code" });
    await this.changeSelf(row, { ...checked.update, twoFactorEnabled: true }, user!, via);
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Turns two-factor off; it takes a current code (or a recovery code), not just the session. */
  async disableTwoFactor(user: AuthUser | undefined, code: unknown, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await this.self(user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    if (!(await checkCode(row, code)).ok) throw new ValidationError({ code: "The code is not valid" });
    await this.changeSelf(
      row,
      { twoFactorEnabled: false, twoFactorSecret: null, twoFactorRecovery: null, twoFactorLastStep: null },
      user!,
      via,
    );
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Replaces the recovery codes (the old ones stop working); needs a current code. */
  async newRecoveryCodes(user: AuthUser | undefined, code: unknown, via: Via = SYSTEM_VIA): Promise<string[]> {
    const row = await this.self(user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    const checked = await checkCode(row, code);
    if (!checked.ok) throw new ValidationError({ code: "The code is not valid" });
    const { codes, hashes } = newRecoveryCodes();
    await this.changeSelf(row, { ...checked.update, twoFactorRecovery: JSON.stringify(hashes) }, user!, via);
    return codes;
  }

  /**
   * A user's own two-factor change, with its audit event (the secrets
   * redacted) in one transaction; the record's version moves on, as with any save.
   */
  private async changeSelf(
    row: UserRow,
    values: Partial<UserRow>,
    user: AuthUser,
    via: Via,
    unless?: FindOptionsWhere<UserRow>,
  ): Promise<boolean> {
    const { ds, trail } = this.deps;
    return trail.during(async () => {
      const event = await inTransaction(ds, async (manager) => {
        const users = manager.getRepository<UserRow>(User.name);
        // `unless`: the values the record must still hold (else nothing is written, and the answer is false).
        const result = await users.update({ id: row.id, ...unless }, { ...values, updatedAt: new Date(), version: () => "version + 1" });
        if (unless && !result.affected) return undefined;
        const after = (await users.findOneBy({ id: row.id }))!;
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
