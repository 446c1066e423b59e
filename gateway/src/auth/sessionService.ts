import type { DataSource } from "typeorm";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA, type Via } from "../audit/via";
import { NotFoundError, UnauthenticatedError } from "../errors";
import { inTransaction } from "../resources/kit/transaction";
import { Session } from "../resources/session";
import { User } from "../resources/user";
import { authorize, authorizeTo, may } from "./access";
import { forgetSessionsOf } from "./sessionEvents";
import type { SessionStore } from "./sessionStore";
import type { AuthUser } from "./tokens";

/** Ending someone else's sessions is managing users. */
const MANAGE_USERS = { action: "update", resource: User.name } as const;

/** Signing out, and ending sessions: one's own, or a user's for whoever may manage users. */
export class SessionService {
  constructor(
    private readonly ds: DataSource,
    private readonly store: SessionStore,
    /** Where each ended session is recorded. */
    private readonly trail: AuditTrail,
  ) {}

  /** Ends the request's session. */
  async logout(user: AuthUser | undefined): Promise<boolean> {
    if (!user?.sessionId) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
    await this.store.end(user.sessionId, user.id);
    return true;
  }

  /**
   * Ends a session: the caller's own, or anyone's for whoever may manage
   * users (update on User). Answers whether a live session was ended; it is
   * refused at once on every replica. To a caller who may not end others'
   * sessions, someone else's is as unknown as an id that does not exist (the
   * same NOT_FOUND), so the answer does not tell which ids exist.
   */
  async endSession(caller: AuthUser | undefined, id: unknown, via: Via = SYSTEM_VIA): Promise<boolean> {
    const user = this.sessionsCaller(caller, via);
    const key = Number(id);
    const row = Number.isSafeInteger(key) && key > 0 ? await this.ds.getRepository(Session.name).findOneBy({ id: key }) : null;
    const notFound = new NotFoundError(`Session ${String(id)} not found`);
    if (row && row.userId === user.id) return (await this.endSessions(user, via, user.id, { id: key })) > 0;
    if (!may(MANAGE_USERS, user)) {
      // Whatever the id: the same answer for one that exists and one that does not.
      if (user.mustSetUpTwoFactor) authorizeTo(MANAGE_USERS, user);
      // Refused and recorded as an attempt on the session; nothing is ended.
      if (row) user.denied?.(user, { action: "update", resource: Session.name }, via);
      throw notFound;
    }
    if (!row) throw notFound;
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
    if (!Number.isSafeInteger(key) || key < 1 || !(await this.ds.getRepository(User.name).existsBy({ id: key })))
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
    const { ds, trail } = this;
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
}
