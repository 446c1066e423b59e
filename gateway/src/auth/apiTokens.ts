import { createHmac, randomBytes, timingSafeEqual } from "crypto";
import type { Redis } from "ioredis";
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize, may, SYSTEM } from "./access";
import type { AuditTrail } from "../audit/trail";
import type { Via } from "../audit/via";
import { inTransaction } from "../resources/kit/transaction";
import { BadRequestError, ForbiddenError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import { ACTIONS, type Grid, gridOf, type PermAction, type Permission } from "./permissions";
import { catalogue, policyOf, rulesOfJoined } from "./roles";
import { forgetSessionsOf, onUserChanged } from "./sessionEvents";
import type { SessionMarks } from "./sessionMarks";
import type { AuthUser } from "./tokens";

/** `pk_<public id>_<secret>`: the public id finds the row, the secret is checked against its keyed hash. */
const TOKEN_FORMAT = /^pk_([0-9a-f]{16})_([A-Za-z0-9_-]{43,128})$/;
/** What a token may be given as an expiry (days); null: none. */
export const EXPIRY_DAYS = [7, 30, 90];
/** Last use is written at most this often per token (per replica), so a token's reads stay reads. */
const LAST_USE_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;
const TABLE = "api_tokens";

/** The token an authenticated request used: shown in the audit trail as that token of its user. */
export interface TokenRef {
  id: number;
  name: string;
}

/** A token as the API shows it (never its secret, nor its hash). */
export interface ApiTokenView {
  id: string;
  userId: number;
  userName: string | null;
  name: string;
  description: string | null;
  readOnly: boolean;
  permissions: Permission[] | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revoked: boolean;
  createdAt: Date;
}

export interface CreateTokenInput {
  name?: unknown;
  description?: unknown;
  expiresInDays?: unknown;
  readOnly?: unknown;
  permissions?: unknown;
}

export interface TokenListParams {
  page?: number;
  perPage?: number;
  sortField?: string;
  sortOrder?: string;
  filter?: { q?: string; userId?: number; revoked?: boolean };
}

/** What a token list sorts by (the list query names them). */
export const TOKEN_SORT_FIELDS = [
  "id",
  "name",
  "description",
  "userId",
  "userName",
  "createdAt",
  "expiresAt",
  "lastUsedAt",
  "lastUsedIp",
  "revoked",
];
const now = () => Math.floor(Date.now() / 1000);
const dateOf = (seconds: unknown) => (seconds === null || seconds === undefined ? null : new Date(Number(seconds) * 1000));

function listOf(value: unknown): Permission[] | null {
  if (value === null || value === undefined) return null;
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? (parsed as Permission[]) : null;
  } catch {
    return null;
  }
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

export interface ApiTokenDependencies {
  ds: DataSource;
  secret: string;
  ratePerMinute: number;
  cacheMs: number;
  log: Logger;
  redis?: Redis;
  prefix: string;
  marks?: SessionMarks;
  /** Where making and revoking tokens is recorded (resource `ApiToken`). */
  trail: AuditTrail;
}

/** A signed-in person: tokens are made, seen and revoked by people, never with a token (401/403 otherwise). */
function signedInPerson(actor: AuthUser | undefined): AuthUser {
  authorize("user", actor);
  return actor!;
}

interface TokenCaller {
  caller?: AuthUser;
  /** Everyone's tokens: whoever may manage users, and the gateway itself. */
  anyone: boolean;
}

const tokenCaller = (actor: Actor): TokenCaller => {
  if (actor === SYSTEM) return { anyone: true };
  const caller = signedInPerson(actor);
  return { caller, anyone: may({ action: "update", resource: "User" }, caller) };
};

/**
 * API tokens: made by a user for themselves, stored only as an HMAC-SHA-256 of
 * the secret keyed with API_TOKEN_SECRET (a stolen database gives no usable
 * token), found by the token's public id and compared in constant time. A
 * token acts as its owner with its grid intersected with the owner's current
 * role. A checked token is trusted while its owner's session mark (Redis)
 * is unchanged, as sessions are: revoking one changes the mark, so every
 * replica refuses it on its next request.
 */
export class ApiTokenService {
  private readonly cache = new Map<string, Cached>();
  /** Public id → owner, learnt on first lookup: a later lookup reads the owner's mark before the database. */
  private readonly owners = new Map<string, number>();
  private readonly lastWritten = new Map<string, number>();
  private readonly limiter: RateLimiterAbstract;
  readonly close: () => void;

  constructor(private readonly deps: ApiTokenDependencies) {
    const opts = { points: deps.ratePerMinute, duration: 60 };
    this.limiter = deps.redis
      ? new RateLimiterRedis({ storeClient: deps.redis, keyPrefix: `${deps.prefix}api-token`, rejectIfRedisNotReady: true, ...opts })
      : new RateLimiterMemory({ keyPrefix: "api-token", ...opts });
    this.close = onUserChanged((userId) => {
      for (const [publicId, entry] of this.cache)
        if (this.owners.get(publicId) === userId || entry.user?.id === userId) this.cache.delete(publicId);
    });
  }

  /** Whether a bearer value is meant as an API token (then only a valid token authenticates it). */
  static isToken = (value: string) => value.startsWith("pk_");

  private hash(secret: string) {
    return createHmac("sha256", this.deps.secret).update(secret).digest();
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
    if (entry.expiresAt !== null && entry.expiresAt <= now()) return undefined;
    if (!entry.verified.has(secret)) {
      const given = this.hash(secret);
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
      manager.query(`UPDATE ${TABLE} SET lastUsedAt = ?, lastUsedIp = COALESCE(?, lastUsedIp) WHERE publicId = ?`, [
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
      .from(TABLE, "t")
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
    const own = listOf(row.tokenPermissions);
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

  /** Makes a token for the signed-in caller (its grid no larger than their role's); the plain token is in the answer only. */
  async create(actor: Actor, input: CreateTokenInput, via: Via): Promise<{ token: string; apiToken: ApiTokenView }> {
    if (actor === SYSTEM) throw new ForbiddenError("An API token belongs to a person: the gateway makes none for itself");
    const owner = signedInPerson(actor);
    const errors: Record<string, string> = {};
    const name = typeof input.name === "string" ? input.name.trim() : "";
    if (!name) errors.name = "Name is required";
    else if (name.length > 100) errors.name = "Name must be at most 100 characters";
    const description = typeof input.description === "string" && input.description.trim() ? input.description.trim() : null;
    if (description && description.length > 255) errors.description = "Description must be at most 255 characters";
    const days = input.expiresInDays ?? null;
    if (days !== null && !EXPIRY_DAYS.includes(Number(days)))
      errors.expiresInDays = `Expiry must be ${EXPIRY_DAYS.join(", ")} days or none`;
    const readOnly = Boolean(input.readOnly);
    const role = owner.grant ?? new Map();
    let permissions: Permission[] | null = null;
    if (input.permissions !== undefined && input.permissions !== null) {
      if (readOnly) errors.permissions = "A token is either read-only or has its own permissions, not both";
      else permissions = this.checkGrid(input.permissions, role, errors);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const publicId = randomBytes(8).toString("hex");
    const secret = randomBytes(32).toString("base64url");
    const at = now();
    const expiresAt = days === null ? null : at + Number(days) * 86_400;
    const { ds, trail } = this.deps;
    const row = await trail.during(async () => {
      const { made, event } = await inTransaction(ds, async (manager) => {
        await manager.query(
          `INSERT INTO ${TABLE} (publicId, userId, name, description, secretHash, readOnly, permissions, expiresAt, revoked, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            publicId,
            owner.id,
            name,
            description,
            this.hash(secret).toString("hex"),
            readOnly ? 1 : 0,
            permissions && JSON.stringify(permissions),
            expiresAt,
            0,
            at,
            at,
          ],
        );
        const [made] = await this.rows("t.publicId = ?", [publicId], "", manager);
        const changes = [
          { field: "name", before: null, after: name },
          { field: "readOnly", before: null, after: readOnly },
          { field: "permissions", before: null, after: permissions },
          { field: "expiresAt", before: null, after: made.expiresAt?.toISOString() ?? null },
        ];
        const event = await trail.append(manager, {
          actor: owner,
          via,
          resource: "ApiToken",
          recordId: made.id,
          operation: "create",
          changes,
          snapshot: null,
        });
        return { made, event };
      });
      await trail.appended(event);
      return made;
    });
    return { token: `pk_${publicId}_${secret}`, apiToken: row };
  }

  /** A custom grid as stored permissions; refused (field error) when it names what the catalogue or the owner's role does not give. */
  private checkGrid(value: unknown, role: Grid, errors: Record<string, string>): Permission[] {
    const problems: string[] = [];
    const out: Permission[] = [];
    const offered = catalogue();
    for (const item of Array.isArray(value) ? (value as Permission[]) : []) {
      const actions = Array.isArray(item?.actions) ? item.actions.map(String) : [];
      const resource = String(item?.resource);
      if (!offered.has(resource)) problems.push(`${resource} is not a resource`);
      else if (policyOf(resource).personal) problems.push(`a token may not manage ${resource}`);
      else {
        const beyond = actions.filter((action) => !role.get(resource)?.has(action as PermAction));
        if (beyond.length) problems.push(`your role does not allow ${beyond.join(", ")} on ${resource}`);
        out.push({ resource, actions: ACTIONS.filter((action) => actions.includes(action)) });
      }
    }
    if (!Array.isArray(value)) problems.push("permissions must be a list");
    if (problems.length) errors.permissions = problems.join("; ");
    return out;
  }

  /** Revokes a token (the caller's own; anyone's for whoever manages users); resolves once every replica refuses it. */
  async revoke(actor: Actor, rawId: unknown, via: Via): Promise<boolean> {
    const { caller, anyone } = tokenCaller(actor);
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || id < 1) throw new ValidationError({ id: `No API token ${String(rawId)}` });
    const [row] = await this.rows("t.id = ?", [id]);
    if (!row || (!anyone && row.userId !== caller?.id)) throw new ValidationError({ id: `No API token ${id}` });
    const { ds, trail } = this.deps;
    if (!row.revoked) {
      await trail.during(async () => {
        const event = await inTransaction(ds, async (manager) => {
          await manager.query(`UPDATE ${TABLE} SET revoked = ?, updatedAt = ? WHERE id = ?`, [1, now(), id]);
          const changes = [{ field: "revoked", before: false, after: true }];
          return trail.append(manager, {
            actor,
            via,
            resource: "ApiToken",
            recordId: id,
            operation: "update",
            changes,
            snapshot: null,
          });
        });
        await trail.appended(event);
      });
    }
    // The owner's session mark changes: every replica looks the token up again on its next request.
    await forgetSessionsOf(row.userId);
    return true;
  }

  /** A page of tokens: the caller's own, or everyone's for whoever manages users. */
  async list(actor: Actor, params: TokenListParams): Promise<ApiTokenView[]> {
    const { where, args } = this.filterOf(tokenCaller(actor), params.filter);
    const field = params.sortField ?? "id";
    // Refused, as every list refuses it, rather than sorted otherwise than asked.
    if (!TOKEN_SORT_FIELDS.includes(field)) throw new BadRequestError({ sortField: `Cannot sort by ${field}` });
    const order = String(params.sortOrder).toUpperCase() === "ASC" ? "ASC" : "DESC";
    const perPage = Math.min(Math.max(Number(params.perPage ?? 25) || 25, 1), 1000);
    const page = Math.max(Number(params.page ?? 0) || 0, 0);
    // The owner's name is the joined user's; every other field is the token's own column.
    const column = field === "userName" ? "u.name" : `t.${field}`;
    return this.rows(where, args, `ORDER BY ${column} ${order}, t.id ${order} LIMIT ${perPage} OFFSET ${page * perPage}`);
  }

  async count(actor: Actor, filter: TokenListParams["filter"]): Promise<number> {
    const { where, args } = this.filterOf(tokenCaller(actor), filter);
    const [row] = (await this.deps.ds.query(`SELECT COUNT(*) AS n FROM ${TABLE} t WHERE ${where}`, args)) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  private filterOf({ caller, anyone }: TokenCaller, filter: TokenListParams["filter"] = {}) {
    const where: string[] = ["1 = 1"];
    const args: unknown[] = [];
    if (!anyone) {
      where.push("t.userId = ?");
      args.push(caller!.id);
    } else if (filter.userId !== undefined && filter.userId !== null) {
      where.push("t.userId = ?");
      args.push(filter.userId);
    }
    if (filter.revoked !== undefined && filter.revoked !== null) {
      where.push("t.revoked = ?");
      args.push(filter.revoked ? 1 : 0);
    }
    if (filter.q) {
      where.push("(t.name LIKE ? OR t.description LIKE ?)");
      args.push(`%${filter.q}%`, `%${filter.q}%`);
    }
    return { where: where.join(" AND "), args };
  }

  private async rows(
    where: string,
    args: unknown[],
    tail = "",
    runner: DataSource | EntityManager = this.deps.ds,
  ): Promise<ApiTokenView[]> {
    const rows = (await runner.query(
      `SELECT t.id, t.userId, u.name AS userName, t.name, t.description, t.readOnly, t.permissions, t.expiresAt, t.lastUsedAt, t.lastUsedIp, t.revoked, t.createdAt FROM ${TABLE} t LEFT JOIN users u ON u.id = t.userId WHERE ${where} ${tail}`,
      args,
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      id: String(row.id),
      userId: Number(row.userId),
      userName: row.userName === null || row.userName === undefined ? null : String(row.userName),
      name: String(row.name),
      description: row.description === null || row.description === undefined ? null : String(row.description),
      readOnly: Boolean(Number(row.readOnly)),
      permissions: listOf(row.permissions),
      expiresAt: dateOf(row.expiresAt),
      lastUsedAt: dateOf(row.lastUsedAt),
      lastUsedIp: row.lastUsedIp === null || row.lastUsedIp === undefined ? null : String(row.lastUsedIp),
      revoked: Boolean(Number(row.revoked)),
      createdAt: dateOf(row.createdAt)!,
    }));
  }
}
