import { randomBytes } from "crypto";
import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize, may, SYSTEM } from "./access";
import type { AuditTrail } from "../audit/trail";
import type { Via } from "../audit/via";
import { inTransaction } from "../resources/kit/transaction";
import { unpairedSurrogateIn } from "../resources/kit/validate";
import { BadRequestError, ForbiddenError, ValidationError } from "../errors";
import { nowSeconds, permissionList, secretHash, TOKEN_TABLE } from "./apiTokenFormat";
import { ACTIONS, type Grid, type PermAction, type Permission } from "./permissions";
import { catalogue, policyOf } from "./roles";
import { forgetSessionsOf } from "./sessionEvents";
import type { AuthUser } from "./tokens";

/**
 * Refuses text that is not valid Unicode (a lone surrogate) in any of `inputs` (a field's name → its value: text,
 * or a list or object holding text), naming the field, before anything is stored or looked up.
 */
function refuseInvalidText(inputs: Record<string, unknown>): void {
  const errors: Record<string, string> = {};
  const texts = (value: unknown): unknown[] =>
    Array.isArray(value)
      ? value.flatMap(texts)
      : typeof value === "object" && value !== null
        ? Object.values(value).flatMap(texts)
        : [value];
  for (const [field, value] of Object.entries(inputs)) {
    const problem = texts(value)
      .map((text) => unpairedSurrogateIn(field, text))
      .find(Boolean);
    if (problem) errors[field] = problem;
  }
  if (Object.keys(errors).length) throw new BadRequestError(errors);
}

/** What a token may be given as an expiry (days); null: none. */
export const EXPIRY_DAYS = [7, 30, 90];

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
const dateOf = (seconds: unknown) => (seconds === null || seconds === undefined ? null : new Date(Number(seconds) * 1000));

export interface ApiTokenDependencies {
  ds: DataSource;
  /** API_TOKEN_SECRET, the key of the stored hashes. */
  secret: string;
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
 * Managing API tokens: made by a user for themselves (their grid no larger
 * than their role's), listed, counted and revoked. Only the token's keyed hash
 * is stored (apiTokenFormat.ts); apiTokenAuth.ts turns a presented token into
 * its owner.
 */
export class ApiTokenService {
  constructor(private readonly deps: ApiTokenDependencies) {}

  /** Makes a token for the signed-in caller (its grid no larger than their role's); the plain token is in the answer only. */
  async create(actor: Actor, input: CreateTokenInput, via: Via): Promise<{ token: string; apiToken: ApiTokenView }> {
    if (actor === SYSTEM) throw new ForbiddenError("An API token belongs to a person: the gateway makes none for itself");
    const owner = signedInPerson(actor);
    refuseInvalidText({ name: input.name, description: input.description, permissions: input.permissions });
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
    const at = nowSeconds();
    const expiresAt = days === null ? null : at + Number(days) * 86_400;
    const { ds, trail } = this.deps;
    const row = await trail.during(async () => {
      const { made, event } = await inTransaction(ds, async (manager) => {
        await manager.query(
          `INSERT INTO ${TOKEN_TABLE} (publicId, userId, name, description, secretHash, readOnly, permissions, expiresAt, revoked, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            publicId,
            owner.id,
            name,
            description,
            secretHash(this.deps.secret, secret).toString("hex"),
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
          await manager.query(`UPDATE ${TOKEN_TABLE} SET revoked = ?, updatedAt = ? WHERE id = ?`, [1, nowSeconds(), id]);
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
    refuseInvalidText({ sortField: params.sortField, sortOrder: params.sortOrder });
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
    const [row] = (await this.deps.ds.query(`SELECT COUNT(*) AS n FROM ${TOKEN_TABLE} t WHERE ${where}`, args)) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  private filterOf({ caller, anyone }: TokenCaller, filter: TokenListParams["filter"] = {}) {
    refuseInvalidText({ q: filter.q });
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
      `SELECT t.id, t.userId, u.name AS userName, t.name, t.description, t.readOnly, t.permissions, t.expiresAt, t.lastUsedAt, t.lastUsedIp, t.revoked, t.createdAt FROM ${TOKEN_TABLE} t LEFT JOIN users u ON u.id = t.userId WHERE ${where} ${tail}`,
      args,
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      id: String(row.id),
      userId: Number(row.userId),
      userName: row.userName === null || row.userName === undefined ? null : String(row.userName),
      name: String(row.name),
      description: row.description === null || row.description === undefined ? null : String(row.description),
      readOnly: Boolean(Number(row.readOnly)),
      permissions: permissionList(row.permissions),
      expiresAt: dateOf(row.expiresAt),
      lastUsedAt: dateOf(row.lastUsedAt),
      lastUsedIp: row.lastUsedIp === null || row.lastUsedIp === undefined ? null : String(row.lastUsedIp),
      revoked: Boolean(Number(row.revoked)),
      createdAt: dateOf(row.createdAt)!,
    }));
  }
}
