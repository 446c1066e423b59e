import type { DataSource } from "typeorm";
import { SYSTEM_VIA, type Via } from "../audit/via";
import { ForbiddenError, TooManyRequestsError, TwoFactorRequiredError, UnauthenticatedError, ValidationError } from "../errors";
import { User } from "../resources/user";
import type { ClientInfo } from "./clientInfo";
import { verifyPassword } from "./passwords";
import type { SessionStore } from "./sessionStore";
import type { SignInLimiter } from "./signInLimits";
import type { SignInLog } from "./signInLog";
import type { AuthUser, TokenService } from "./tokens";
import type { TwoFactorService } from "./twoFactorService";
import type { UserRow } from "./userRow";

export interface SignInDependencies {
  ds: DataSource;
  limiter: SignInLimiter;
  /** Issues the session's token. */
  tokens: TokenService;
  sessions: SessionStore;
  /** Checks and spends the code of a user with two-factor on. */
  twoFactor: TwoFactorService;
  log: SignInLog;
}

/** Signing in with a password (and a two-factor code when it is on): limited, recorded, and answered with a new session. */
export class SignIn {
  constructor(private readonly deps: SignInDependencies) {}

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
    const { ds, limiter, twoFactor, log } = this.deps;

    const attempt = await this.limited(addr, undefined, client, () => limiter.begin(addr, client.ip));
    try {
      const row = await ds.getRepository<UserRow>(User.name).createQueryBuilder("u").where("LOWER(u.email) = :addr", { addr }).getOne();
      if (!(await verifyPassword(password as string, row?.passwordHash))) {
        await attempt.failed();
        await log.record(addr, row?.id, client, "wrong_password");
        throw new UnauthenticatedError("Email or password is incorrect");
      }
      const user = row!;
      if (user.twoFactorEnabled) {
        if (code === undefined || code === null || code === "") {
          await attempt.refund();
          await log.record(addr, user.id, client, "two_factor_required");
          throw new TwoFactorRequiredError("Enter the 6-digit code from your authenticator app, or a recovery code");
        }
        const spent = await this.limited(addr, user.id, client, () => twoFactor.signInCode(user, code, client, attempt, via));
        if (!spent) {
          await log.record(addr, user.id, client, "two_factor_failed");
          throw new TwoFactorRequiredError("The code is not valid; enter the current 6-digit code or an unused recovery code");
        }
      }
      if (!user.approved) {
        await attempt.refund();
        await log.record(addr, user.id, client, "not_approved");
        throw new ForbiddenError("Your account is waiting for an administrator's approval");
      }
      await attempt.succeeded();
      await log.record(addr, user.id, client, "success");
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
      if (e instanceof TooManyRequestsError) await this.deps.log.record(addr, userId, client, "limited");
      throw e;
    }
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<string> {
    const { tokens, sessions } = this.deps;
    const authUser: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
    const jti = sessions.newId();
    const { token, expiresAt } = tokens.issue(authUser, jti, user.tokenVersion ?? 0);
    await sessions.record(jti, authUser, expiresAt, client);
    return token;
  }
}
