import pluralize from "pluralize";
import type { EntityManager } from "typeorm";
import { actionsOf, type Area, type Grantable, type Permission, type PermAction, type Policy } from "../../auth/permissions";
import type { AuthUser } from "../../auth/tokens";
import type { FieldErrors } from "../../errors";
import type { Fields, FieldSpec, ImageRule } from "./fields";
import type { UploadedFile } from "./uploads";
import type { ContentBlock } from "./validate";

/** A write-only argument that is not a column (a password, block images). */
export interface ExtraArg {
  type: "string" | "uploads";
  doc?: string;
  /** Legacy REST name. */
  legacy?: string;
}
export type ExtraArgs = Record<string, ExtraArg>;

export interface BaseRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  /** 1 on create, +1 on each write (resources that offer updates; see `isVersioned`). */
  version?: number;
}

/** The model value of one field: what a row holds and what an input gives. */
type ValueOf<S extends FieldSpec> = S extends { kind: "int" }
  ? number
  : S extends { kind: "bool" }
    ? boolean
    : S extends { kind: "blocks" }
      ? ContentBlock[]
      : S extends { kind: "permissions" }
        ? Permission[]
        : S extends { kind: "strings" }
          ? string[]
          : string;
/** Null unless the field is required or always has a value (booleans, constants). */
type NullOf<S> = S extends { required: true } | { kind: "bool" | "constant" } ? never : null;

/** A stored record of a resource declared with these fields (an untyped record for the wide `Fields`). */
export type RowOf<F extends Fields> = string extends keyof F
  ? BaseRow & Record<string, any>
  : BaseRow & { -readonly [K in keyof F]: ValueOf<F[K]> | NullOf<F[K]> };

type WritableKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { hidden: true } | { readOnly: true } | { kind: "constant" | "image" } ? never : K;
}[keyof F];
type UploadKeys<F extends Fields> = { [K in keyof F]: F[K] extends { kind: "image"; upload: infer U extends string } ? U : never }[keyof F];

/**
 * What a create or update may give: the writable fields, an upload per image
 * field, and the extra arguments. Transports hand over what they received;
 * the service checks every value, whatever its compile-time type.
 */
export type InputOf<F extends Fields, E extends ExtraArgs = ExtraArgs> = string extends keyof F
  ? Record<string, unknown>
  : { [K in WritableKeys<F>]?: ValueOf<F[K]> | null } & { [U in UploadKeys<F>]?: UploadedFile | null } & {
      [X in keyof E]?: E[X] extends { type: "uploads" } ? (UploadedFile | null)[] : string | null;
    };

export interface WriteContext<F extends Fields = Fields> {
  op: "create" | "update";
  /** The arguments as received (after `undefined` stripping). */
  input: Record<string, unknown>;
  /** Normalised column values about to be written. */
  values: Partial<Record<keyof F & string, unknown>> & Record<string, unknown>;
  existing?: RowOf<F>;
  errors: FieldErrors;
  actor?: AuthUser;
  manager: EntityManager;
  /** Reads and checks an upload; returns the file name it will be stored under. */
  stageImage(field: string, file: UploadedFile, rule: ImageRule): Promise<string | undefined>;
}

export interface ResourceDef<F extends Fields = Fields, E extends ExtraArgs = ExtraArgs> {
  /** GraphQL type name: singular, PascalCase. */
  name: string;
  /** The database table; by default the plural of the name in snake_case (NewsDescription → news_descriptions). */
  table?: string;
  doc: string;
  fields: F;
  /**
   * Who may do what beyond the grid (auth/permissions.ts): reads open to anyone, the `chain` action, kept from
   * API tokens, writes only the built-in grid gives. Every action needs its permission otherwise.
   */
  policy?: Policy;
  /**
   * The field naming the user each row belongs to (a session's userId): a
   * signed-in person whose role does not grant reading the resource reads
   * their own rows only (resources/kit/service.ts), never an API token.
   */
  owner?: string;
  /** Which built-in grants cover it (auth/permissions.ts): site content, contact messages, the sale, its funds, or people and security. */
  area: Area;
  /** Mutations offered (all by default). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  defaultSort?: { field: keyof NoInfer<F> | "id" | "createdAt" | "updatedAt"; order: "ASC" | "DESC" };
  extraArgs?: E;
  /** The table's indexes (column lists), instead of one per indexed field: a large table whose filters sort by date. */
  indexes?: string[][];
  /** Its edit dialog shows the record's history (revisions), and a revision can be restored. */
  history?: boolean;
  /**
   * What one row costs against GRAPHQL_MAX_COST (1 by default): more for wide
   * rows of large indexed tables (chain data, the audit trail), so one request
   * reads fewer of them (graphql/limits.ts).
   */
  rowCost?: number;
  /** Typed by `fields` (NoInfer: a hook written apart, on wider types, does not widen the declaration). */
  hooks?: {
    /** Cross-field rules and derived values; add to `errors` to refuse the write. */
    beforeWrite?(w: WriteContext<NoInfer<F>>): Promise<void> | void;
    /** Effects of a write that succeeded (ending sessions after a password change). */
    afterWrite?(row: RowOf<NoInfer<F>>, w: WriteContext<NoInfer<F>>): Promise<void> | void;
    /** Throw a ValidationError or ForbiddenError to refuse a delete. */
    beforeDelete?(row: RowOf<NoInfer<F>>, actor: AuthUser | undefined, manager: EntityManager): Promise<void> | void;
  };
}

export interface Resource<F extends Fields = Fields, E extends ExtraArgs = ExtraArgs> extends ResourceDef<F, E>, Grantable {
  policy: Policy;
  /** The actions a role may be granted on it, from its operations and policy. */
  actions: readonly PermAction[];
  table: string;
  plural: string;
  operations: { create: boolean; update: boolean; delete: boolean };
  defaultSort: { field: string; order: "ASC" | "DESC" };
}

/** Any declared resource, whatever its fields. */
export type AnyResource = Resource<Fields, ExtraArgs>;
/** The untyped record every transport handles. */
export type Row = RowOf<Fields>;
export type RowOfResource<R extends AnyResource> = RowOf<R["fields"]>;
export type InputOfResource<R extends AnyResource> = InputOf<R["fields"], NonNullable<R["extraArgs"]>>;

/** Records that can be updated carry a version, so a stale save is refused (CONFLICT) instead of overwriting. */
export const isVersioned = (resource: Resource) => resource.operations.update;

/** Anyone reads it (the public site reads it); writes need their permission. */
export const PUBLIC_CONTENT = { publicRead: true } as const;
/** A record only the gateway writes (history, sessions): no mutation is offered. */
export const NO_MUTATIONS = { create: false, update: false, delete: false } as const;
/** The row cost of wide rows in large indexed tables (chain data, the audit trail): a request reads a fifth as many. */
export const INDEXED_ROW_COST = 5;
/** Lists show the latest first unless asked otherwise. */
export const NEWEST_FIRST = { field: "createdAt", order: "DESC" } as const;

/** Declares a resource; its row and input types follow from `fields` and `extraArgs`. */
export function defineResource<const F extends Fields, const E extends ExtraArgs = Record<never, never>>(
  def: ResourceDef<F, E>,
): Resource<F, E> {
  const plural = pluralize(def.name);
  const operations = { create: true, update: true, delete: true, ...def.operations };
  const policy = def.policy ?? {};
  return {
    ...def,
    policy,
    actions: actionsOf(operations, policy),
    table: def.table ?? plural.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase(),
    plural,
    operations,
    defaultSort: { field: String(def.defaultSort?.field ?? "id"), order: def.defaultSort?.order ?? "ASC" },
  };
}
