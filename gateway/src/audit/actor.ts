import { Actor, SYSTEM } from "../auth/access";

/** The longest actor name the trail keeps (AuditEvent.actorName). */
const NAME_LENGTH = 100;

/**
 * Who an audit event names: the user (id and name), "system" for the gateway
 * itself, "anonymous" for a public write. A write made with an API token names
 * the token too ("ana (API token ci-import)"), so Activity tells a person's
 * writes from an integration's.
 */
export const actorOf = (actor: Actor): { actorId: number | null; actorName: string } =>
  actor === SYSTEM
    ? { actorId: null, actorName: "system" }
    : actor
      ? {
          actorId: actor.id,
          actorName: (actor.apiToken ? `${actor.name} (API token ${actor.apiToken.name})` : actor.name).slice(0, NAME_LENGTH),
        }
      : { actorId: null, actorName: "anonymous" };
