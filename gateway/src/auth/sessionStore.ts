import { randomUUID } from "crypto";
import type { DataSource } from "typeorm";
import { Session } from "../resources/session";
import { Role } from "../resources/role";
import { User } from "../resources/user";
import { inTransaction } from "../resources/kit/transaction";
import { rulesOfJoined } from "./roles";
import { onUserChanged } from "./sessionEvents";
import type { SessionMarks } from "./sessionMarks";
import type { AuthUser, TokenClaims } from "./tokens";

/** The user behind a live session, as one indexed lookup finds it. */
export type SessionUser = AuthUser & { twoFactorEnabled: boolean };

const MAX_CACHED = 10_000;
/** A session's lastSeenAt moves at most this often (one small write a minute per active session, not one per request). */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Sessions in the database, so that ending one holds in every process. Each
 * request costs one indexed lookup (session joined with its user), which this
 * process trusts for `cacheMs` at most. Without Redis, a session ended
 * elsewhere stops working here within that time, one ended here at once; with
 * Redis (`marks`), a cached lookup is trusted only while the user's mark is
 * unchanged, so an ended session is refused by every replica at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, { user: SessionUser | undefined; until: number; mark: string | null }>();
  /** When this process last recorded each session's use (ms). */
  private readonly lastWritten = new Map<string, number>();
  /** Recordings of use not finished yet (awaited by `idle`). */
  private readonly writing = new Set<Promise<void>>();
  /** Stops listening for changed users (when the services close). */
  readonly close: () => void;

  constructor(
    private readonly ds: DataSource,
    private readonly cacheMs: number,
    private readonly marks?: SessionMarks,
    /** The clock (tests move it to check lastSeenAt's throttle). */
    private readonly now: () => number = Date.now,
  ) {
    this.close = onUserChanged(async (userId, keep) => {
      this.forgetUser(userId, keep);
      await this.marks?.change(userId);
    });
  }

  /** A new session id (the token's `jti`): random, so a session cannot be named by guessing. */
  newId = () => randomUUID();

  /** Records a session before its token is handed out; signing in is its first use (lastSeenAt). */
  async record(jti: string, user: AuthUser, expiresAt: number, meta: { ip: string; userAgent?: string }) {
    const now = new Date();
    this.lastWritten.set(jti, now.getTime());
    await this.ds.getRepository(Session.name).insert({
      jti,
      userId: user.id,
      userName: user.name,
      ip: meta.ip.slice(0, 45),
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
      expiresAt,
      revoked: false,
      lastSeenAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The user of a token's session, or undefined when it was ended, the user changed, or the token does not match. */
  async check(claims: TokenClaims): Promise<SessionUser | undefined> {
    // Read before the database, so that a change made meanwhile leaves this lookup with an old mark.
    const mark = this.marks ? await this.marks.of(claims.userId) : null;
    const now = this.now();
    const cached = this.cache.get(claims.sessionId);
    if (cached && cached.until > now && cached.mark === mark) {
      if (cached.user) this.seen(claims.sessionId, now);
      return cached.user;
    }
    const row = await this.ds
      .createQueryBuilder()
      .select(["s.userId AS userId", "s.revoked AS revoked", "s.expiresAt AS expiresAt"])
      .addSelect([
        "u.name AS name",
        "u.email AS email",
        "u.role AS role",
        "u.approved AS approved",
        "u.tokenVersion AS tokenVersion",
        "u.twoFactorEnabled AS twoFactorEnabled",
        // The role is read with the session, so a changed role holds from the user's next request (Role's afterWrite changes their marks).
        "r.name AS roleRow",
        "r.builtIn AS builtIn",
        "r.permissions AS permissions",
        "r.requireTwoFactor AS requireTwoFactor",
        "r.ipAllowlist AS ipAllowlist",
        "r.version AS roleVersion",
      ])
      .from(Session.table, "s")
      .innerJoin(User.table, "u", "u.id = s.userId")
      .leftJoin(Role.table, "r", "r.name = u.role")
      .where("s.jti = :jti", { jti: claims.sessionId })
      .getRawOne<Record<string, unknown>>();
    const live =
      row &&
      Number(row.userId) === claims.userId &&
      !Number(row.revoked) &&
      Number(row.approved) &&
      Number(row.expiresAt) * 1000 > now &&
      Number(row.tokenVersion ?? 0) === claims.tokenVersion;
    const rules = live ? rulesOfJoined(row) : undefined;
    const user: SessionUser | undefined =
      live && rules
        ? {
            id: claims.userId,
            name: String(row.name),
            email: String(row.email),
            role: String(row.role),
            sessionId: claims.sessionId,
            twoFactorEnabled: Boolean(Number(row.twoFactorEnabled)),
            grant: rules.grant,
            roleRequiresTwoFactor: rules.requireTwoFactor,
            ...(rules.allowed && { allowed: rules.allowed }),
          }
        : undefined;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    if (this.cacheMs > 0 && mark !== undefined) this.cache.set(claims.sessionId, { user, until: now + this.cacheMs, mark });
    if (user) this.seen(claims.sessionId, now);
    return user;
  }

  /**
   * Records a session's use as its lastSeenAt, at most once a minute: this
   * process writes once a minute per session at most, and the write changes
   * the row only when the stored time is a minute old (other replicas). Not
   * awaited: the request does not wait for it.
   */
  private seen(jti: string, now: number) {
    if (now - (this.lastWritten.get(jti) ?? -Infinity) < LAST_SEEN_EVERY_MS) return;
    if (this.lastWritten.size >= MAX_CACHED) this.lastWritten.clear();
    this.lastWritten.set(jti, now);
    const column = this.ds.getMetadata(Session.name).findColumnWithPropertyName("lastSeenAt")!;
    const since = this.ds.driver.preparePersistentValue(new Date(now - LAST_SEEN_EVERY_MS), column);
    // In a transaction of its own: on SQLite a bare statement would join whichever transaction holds the one connection.
    const write = inTransaction(this.ds, (manager) =>
      manager
        .createQueryBuilder()
        .update(Session.name)
        .set({ lastSeenAt: new Date(now) })
        .where("jti = :jti AND (lastSeenAt IS NULL OR lastSeenAt < :since)", { jti, since })
        .execute(),
    ).then(
      () => undefined,
      () => {
        // The database is away: try again on the next request.
        this.lastWritten.delete(jti);
      },
    );
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write));
  }

  /** Resolves once every recording of use started so far is written. */
  async idle(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  /** Ends one session (logout); resolves once every replica refuses it. */
  async end(jti: string, userId: number) {
    await this.ds.getRepository(Session.name).update({ jti }, { revoked: true, updatedAt: new Date() });
    this.cache.delete(jti);
    await this.marks?.change(userId);
  }

  private forgetUser(userId: number, keep?: string) {
    for (const [jti, entry] of this.cache) if (entry.user?.id === userId && jti !== keep) this.cache.delete(jti);
  }
}
