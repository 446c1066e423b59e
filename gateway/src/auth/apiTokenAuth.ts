import { timingSafeEqual } from "crypto";
import type { Redis } from "ioredis";
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { ServiceUnavailableError, TooManyRequestsError } from "../errors";
import type { Logger } from "../logger";
import { inTransaction } from "../resources/kit/transaction";
import { nowSeconds, permissionList, secretHash, TOKEN_FORMAT, TOKEN_TABLE } from "./apiTokenFormat";
import { type Grid, gridOf, type PermAction } from "./permissions";
import { catalogue, rulesOfJoined } from "./roles";
import { onUserChanged } from "./sessionEvents";
import type { SessionMarks } from "./sessionMarks";
import type { AuthUser } from "./tokens";

/** Last use is written at most this often per token (per replica), so a token's reads stay reads. */
const LAST_USE_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;

/** The token an authenticated request used: shown in the audit trail as that token of its user. */
export interface TokenRef {
  id: number;
  name: string;
}

/** The actions both grids grant: a token never does more than its owner's role allows now. */
export function intersect(token: Grid, role: Grid): Grid {
  const out = new Map<string, Set<PermAction>>();
  for (const [resource, actions] of token) {
    const other = role.get(resource);
    const both = [...actions].filter((action) => other?.has(action));
    if (both.length) out.set(resource, new Set(both));
  }
  return out;
}

/** The read actions of a grid (a read-only token). */
const readsOf = (grant: Grid): Grid =>
  new Map([...grant].filter(([, actions]) => actions.has("read")).map(([resource]) => [resource, new Set<PermAction>(["read"])]));

interface Cached {
  user: AuthUser | undefined;
  hash: Buffer;
  /**
   * The secret once it matched `hash`: a client sends the same token with every request, and the HMAC cost a
   * tenth of a kept read. A Set, so a lookup compares by the string's hash, never character by character.
   */
  verified: Set<string>;
  expiresAt: number | null;
  until: number;
  mark: string | null;
}

export interface ApiTokenAuthDependencies {
  ds: DataSource;
  /** API_TOKEN_SECRET, the key of the stored hashes. */
  secret: string;
  ratePerMinute: number;
  cacheMs: number;
  log: Logger;
  redis?: Redis;
  prefix: string;
  marks?: SessionMarks;
}

/**
 * The caller behind a presented API token: found by the token's public id,
 * its secret compared in constant time with the stored HMAC. A token acts as
 * its owner with its grid intersected with the owner's current role. A
 * checked token is trusted while its owner's session mark (Redis) is
 * unchanged, as sessions are: revoking one changes the mark, so every replica
 * refuses it on its next request.
 */
export class ApiTokenAuthenticator {
  private readonly cache = new Map<string, Cached>();
  /** Public id → owner, learnt on first lookup: a later lookup reads the owner's mark before the database. */
  private readonly owners = new Map<string, number>();
  private readonly lastWritten = new Map<string, number>();
  private readonly limiter: RateLimiterAbstract;
  readonly close: () => void;

  constructor(private readonly deps: ApiTokenAuthDependencies) {
    const opts = { points: deps.ratePerMinute, duration: 60 };
    this.limiter = deps.redis
      ? new RateLimiterRedis({ storeClient: deps.redis, keyPrefix: `${deps.prefix}api-token`, rejectIfRedisNotReady: true, ...opts })
      : new RateLimiterMemory({ keyPrefix: "api-token", ...opts });
    this.close = onUserChanged((userId) => {
      for (const [publicId, entry] of this.cache)
        if (this.owners.get(publicId) === userId || entry.user?.id === userId) this.cache.delete(publicId);
    });
  }

  /**
   * The owner behind a valid, live token, with the token's grid; undefined for
   * anything else. Counts the request against the token's rate limit (429),
   * unless told it is not a request (`counted: false`).
   */
  async authenticate(token: string, ip: string | undefined, { counted = true } = {}): Promise<AuthUser | undefined> {
    const match = TOKEN_FORMAT.exec(token);
    if (!match) return undefined;
    const [, publicId, secret] = match;
    const entry = await this.lookup(publicId);
    if (!entry?.user) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= nowSeconds()) return undefined;
    if (!entry.verified.has(secret)) {
      const given = secretHash(this.deps.secret, secret);
      if (given.length !== entry.hash.length || !timingSafeEqual(given, entry.hash)) return undefined;
      entry.verified.add(secret);
    }
    // An open stream re-checking its token is not a request of the token's.
    if (counted) await this.consume(publicId);
    this.touch(publicId, ip);
    return entry.user;
  }

  private async consume(publicId: string) {
    try {
      await this.limiter.consume(publicId);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        throw new TooManyRequestsError(
          `This API token made more than ${this.deps.ratePerMinute} requests in a minute; try again later`,
          e.msBeforeNext / 1000,
        );
      }
      // Redis away: fail closed, as sign-in does.
      throw new ServiceUnavailableError("The rate limit store does not answer; try again shortly");
    }
  }

  /**
   * Records the last use, at most once a minute per token (not awaited: the
   * request does not wait for it). The kept-answer fast path checks a token
   * without the request's address: the last known address stays then.
   */
  private touch(publicId: string, ip: string | undefined) {
    const at = Date.now();
    if (at - (this.lastWritten.get(publicId) ?? 0) < LAST_USE_EVERY_MS) return;
    if (this.lastWritten.size >= MAX_CACHED) this.lastWritten.clear();
    this.lastWritten.set(publicId, at);
    // In a transaction of its own: on SQLite a bare statement would join whichever transaction holds the one connection.
    void inTransaction(this.deps.ds, (manager) =>
      manager.query(`UPDATE ${TOKEN_TABLE} SET lastUsedAt = ?, lastUsedIp = COALESCE(?, lastUsedIp) WHERE publicId = ?`, [
        Math.floor(at / 1000),
        ip?.slice(0, 45) ?? null,
        publicId,
      ]),
    ).catch((error: unknown) => this.deps.log.warn({ err: error }, "could not record an API token's last use"));
  }

  private async lookup(publicId: string): Promise<Cached | undefined> {
    const owner = this.owners.get(publicId);
    // Read before the database, so a change made meanwhile leaves this lookup with an old mark; no owner known yet: not cached.
    const mark = !this.deps.marks ? null : owner === undefined ? undefined : await this.deps.marks.of(owner);
    const at = Date.now();
    const cached = this.cache.get(publicId);
    if (cached && cached.until > at && cached.mark === mark) return cached;
    const row = await this.deps.ds
      .createQueryBuilder()
      .select(["t.userId AS userId", "t.name AS tokenName", "t.secretHash AS secretHash", "t.readOnly AS readOnly"])
      .addSelect(["t.permissions AS tokenPermissions", "t.expiresAt AS expiresAt", "t.revoked AS revoked", "t.id AS tokenId"])
      .addSelect([
        "u.name AS name",
        "u.email AS email",
        "u.role AS role",
        "u.approved AS approved",
        "u.twoFactorEnabled AS twoFactorEnabled",
      ])
      .addSelect(["r.name AS roleRow", "r.builtIn AS builtIn", "r.permissions AS permissions", "r.requireTwoFactor AS requireTwoFactor"])
      .addSelect(["r.ipAllowlist AS ipAllowlist", "r.version AS roleVersion"])
      .from(TOKEN_TABLE, "t")
      .innerJoin("users", "u", "u.id = t.userId")
      .leftJoin("roles", "r", "r.name = u.role")
      .where("t.publicId = :publicId", { publicId })
      .getRawOne<Record<string, unknown>>();
    if (!row) return undefined;
    const userId = Number(row.userId);
    if (this.owners.size >= MAX_CACHED) this.owners.clear();
    this.owners.set(publicId, userId);
    const live = !Number(row.revoked) && Boolean(Number(row.approved));
    const rules = rulesOfJoined(row);
    const own = permissionList(row.tokenPermissions);
    const tokenGrid = Number(row.readOnly) ? readsOf(rules.grant) : own ? gridOf(own, catalogue()) : rules.grant;
    const user: AuthUser | undefined = live
      ? {
          id: userId,
          name: String(row.name),
          email: String(row.email),
          role: String(row.role),
          twoFactorEnabled: Boolean(Number(row.twoFactorEnabled)),
          grant: intersect(tokenGrid, rules.grant),
          roleRequiresTwoFactor: rules.requireTwoFactor,
          ...(rules.allowed && { allowed: rules.allowed }),
          apiToken: { id: Number(row.tokenId), name: String(row.tokenName) },
        }
      : undefined;
    const entry: Cached = {
      user,
      hash: Buffer.from(String(row.secretHash), "hex"),
      verified: new Set(),
      expiresAt: row.expiresAt === null || row.expiresAt === undefined ? null : Number(row.expiresAt),
      until: at + this.deps.cacheMs,
      mark: mark ?? null,
    };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    if (this.deps.cacheMs > 0 && mark !== undefined) this.cache.set(publicId, entry);
    return entry;
  }
}
