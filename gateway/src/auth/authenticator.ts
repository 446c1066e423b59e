import type { DataSource } from "typeorm";
import type { AuditTrail } from "../audit/trail";
import type { Via } from "../audit/via";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { inTransaction } from "../resources/kit/transaction";
import type { ApiTokenAuthenticator } from "./apiTokenAuth";
import { isApiToken } from "./apiTokenFormat";
import type { SessionStore } from "./sessionStore";
import { type AuthUser, tokenFromHeader, type TokenService } from "./tokens";

export interface AuthenticatorDependencies {
  ds: DataSource;
  config: Pick<Config, "requireTwoFactor">;
  log: Logger;
  tokens: TokenService;
  sessions: SessionStore;
  /** API tokens (`Bearer pk_…`). */
  apiTokens: ApiTokenAuthenticator;
  /** Where refused attempts are recorded. */
  trail: AuditTrail;
}

/** Who makes a request: the user of its session token or API token, and how their refusals are recorded. */
export class Authenticator {
  constructor(private readonly deps: AuthenticatorDependencies) {}

  /** The signed-in user of an Authorization header, if its token is valid and its session still live. */
  async authenticate(header: string | undefined, via?: Via, options: { counted?: boolean } = {}): Promise<AuthUser | undefined> {
    const token = tokenFromHeader(header);
    if (!token) return undefined;
    let user: AuthUser | undefined;
    if (isApiToken(token)) user = await this.deps.apiTokens.authenticate(token, via?.ip, options);
    else {
      const claims = this.deps.tokens.verify(token);
      user = claims && (await this.deps.sessions.check(claims));
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
}
