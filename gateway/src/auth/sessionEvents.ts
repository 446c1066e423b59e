import type { EntityManager } from "typeorm";
import { Session } from "../resources/session";

/** Told when a user's sessions changed; `keep` is a session that goes on. Resolves once the change is known everywhere it must be. */
export type UserChangedListener = (userId: number, keep?: string) => Promise<void> | void;

const listeners = new Set<UserChangedListener>();

/** Listens for changed users (every SessionStore of this process does); returns the function that stops listening. */
export function onUserChanged(listener: UserChangedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Awaited, so that the answer of the change goes out only once every replica will refuse what it ended. */
async function userChanged(userId: number, keep?: string) {
  await Promise.all([...listeners].map((listener) => listener(userId, keep)));
}

/** Ends every session of a user but `keep` (a password change keeps the session that made it). */
export async function endSessionsOf(manager: EntityManager, userId: number, keep?: string) {
  const qb = manager
    .createQueryBuilder()
    .update(Session.table)
    .set({ revoked: true, updatedAt: new Date() })
    .where("userId = :userId AND revoked = :no", { userId, no: false });
  if (keep) qb.andWhere("jti <> :keep", { keep });
  await qb.execute();
  await userChanged(userId, keep);
}

/** A user's role, approval or two-factor changed: what the processes cached of their sessions is stale. */
export const forgetSessionsOf = (userId: number) => userChanged(userId);
