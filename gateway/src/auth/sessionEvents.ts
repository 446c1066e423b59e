import { EventEmitter } from "events";
import type { EntityManager } from "typeorm";
import { Session } from "../resources/session";

/** Tells every SessionStore of this process that a user's sessions changed (other processes see it within their cache time). */
export const userChanged = new EventEmitter().setMaxListeners(0);

/** Ends every session of a user but `keep` (a password change keeps the session that made it). */
export async function endSessionsOf(manager: EntityManager, userId: number, keep?: string) {
  const qb = manager
    .createQueryBuilder()
    .update(Session.table)
    .set({ revoked: true, updatedAt: new Date() })
    .where("userId = :userId AND revoked = :no", { userId, no: false });
  if (keep) qb.andWhere("jti <> :keep", { keep });
  await qb.execute();
  userChanged.emit("changed", userId, keep);
}

/** A user's role, approval or two-factor changed: what the processes cached of their sessions is stale. */
export const forgetSessionsOf = (userId: number) => userChanged.emit("changed", userId);
