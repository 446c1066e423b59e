import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../database";
import { ServiceUnavailableError } from "../errors";
import type { ClientInfo } from "../auth/clientInfo";
import type { Via } from "../audit/via";
import type { AuthUser } from "../auth/tokens";
import type { Services } from "../services";

export interface GqlContext {
  user?: AuthUser;
  client: ClientInfo;
  /** How its writes are recorded in the audit trail (transport, request id, IP). */
  via: Via;
  services: Services;
  /** What a save answers ('News updated successfully'); sent as the response's extensions.message. */
  savedMessage?: string;
}

/** The request's user; a database outage while checking the token is a 503, not a failed context. */
/** The signed-in caller and where the request came from: what a service is handed to decide what they may do. */
export const callerOf = (ctx: GqlContext) => ctx.user && { ...ctx.user, via: ctx.via };

export async function authenticate(services: Services, header: string | undefined, via?: Via, options?: { counted?: boolean }) {
  try {
    return await services.auth.authenticate(header, via, options);
  } catch (e) {
    if (isDatabaseUnavailable(e)) throw new ServiceUnavailableError(DATABASE_UNAVAILABLE);
    throw e;
  }
}
