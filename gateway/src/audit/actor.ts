import { Actor, SYSTEM } from "../auth/access";

/** Who an audit event names: the user (id and name), "system" for the gateway itself, "anonymous" for a public write. */
export const actorOf = (actor: Actor): { actorId: number | null; actorName: string } =>
  actor === SYSTEM
    ? { actorId: null, actorName: "system" }
    : actor
      ? { actorId: actor.id, actorName: actor.name }
      : { actorId: null, actorName: "anonymous" };
