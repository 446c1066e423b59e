import type { DataSource } from "typeorm";
import type { AuditTrail } from "../audit/trail";
import type { Via } from "../audit/via";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { ResourceService } from "../resources/kit/service";
import type { User } from "../resources/user";
import type { ApiTokenAuthenticator } from "./apiTokenAuth";
import { Authenticator } from "./authenticator";
import { Registration } from "./registration";
import { SessionService } from "./sessionService";
import { SignIn } from "./signIn";
import type { SignInLimiter } from "./signInLimits";
import { SignInLog } from "./signInLog";
import type { SessionStore } from "./sessionStore";
import type { AuthUser, TokenService } from "./tokens";
import { TwoFactorService } from "./twoFactorService";

/** What sign-in works with: nothing more (no Services, so no import circle). */
export interface AuthDependencies {
  ds: DataSource;
  users: ResourceService<typeof User>;
  config: Pick<Config, "requireTwoFactor" | "registration" | "admin">;
  log: Logger;
  tokens: TokenService;
  limiter: SignInLimiter;
  sessions: SessionStore;
  /** Where two-factor changes, ended sessions and refusals are recorded (the users service records the rest of a user's changes). */
  trail: AuditTrail;
  /** API tokens (`Bearer pk_…`). */
  apiTokens: ApiTokenAuthenticator;
}

/**
 * Sign-in, sessions, two-factor and self-registration, each its own part built
 * on the same dependencies; shared by GraphQL and the REST shim, which call the
 * parts. Authenticating a request and seeding the first admin are asked of the
 * whole, by every transport and at start.
 */
export class AuthService {
  readonly tokens: TokenService;
  readonly signIn: SignIn;
  /** Signing out and ending sessions. */
  readonly sessions: SessionService;
  readonly registration: Registration;
  readonly twoFactor: TwoFactorService;
  /** Sign-in attempts as recorded. */
  readonly signIns: SignInLog;
  private readonly authenticator: Authenticator;

  constructor(deps: AuthDependencies) {
    const { ds, trail, limiter } = deps;
    this.tokens = deps.tokens;
    this.authenticator = new Authenticator(deps);
    this.signIns = new SignInLog(ds, deps.log);
    this.twoFactor = new TwoFactorService({ ds, users: deps.users, trail, limiter });
    this.signIn = new SignIn({ ds, limiter, tokens: deps.tokens, sessions: deps.sessions, twoFactor: this.twoFactor, log: this.signIns });
    this.sessions = new SessionService(ds, deps.sessions, trail);
    this.registration = new Registration({ ds, users: deps.users, config: deps.config, limiter });
  }

  /** The signed-in user of an Authorization header, if its token is valid and its session still live. */
  authenticate(header: string | undefined, via?: Via, options?: { counted?: boolean }): Promise<AuthUser | undefined> {
    return this.authenticator.authenticate(header, via, options);
  }

  /** Seeds the first admin when there is no user; a generated password is returned to be shown once. */
  ensureAdmin(): Promise<{ email: string; generatedPassword?: string } | undefined> {
    return this.registration.ensureAdmin();
  }
}
