import pluralize from "pluralize";
import type { EntityManager } from "typeorm";
import type { AuthUser } from "../../auth/tokens";
import type { FieldErrors } from "../../errors";
import type { Fields, ImageKind } from "./fields";
import type { UploadedFile } from "./uploads";

/** Who may call an operation: anyone, any signed-in user, or an admin. */
export type Access = "public" | "user" | "admin";

export type Row = Record<string, any> & { id: number; createdAt: Date; updatedAt: Date };

/** A write-only argument that is not a column (a password, block images). */
export interface ExtraArg {
  type: "string" | "uploads";
  doc?: string;
  /** Legacy REST name. */
  legacy?: string;
}

export interface WriteContext {
  op: "create" | "update";
  /** The arguments as received (after `undefined` stripping). */
  input: Record<string, unknown>;
  /** Normalised column values about to be written. */
  values: Record<string, unknown>;
  existing?: Row;
  errors: FieldErrors;
  actor?: AuthUser;
  manager: EntityManager;
  /** Reads and checks an upload; returns the file name it will be stored under. */
  stageImage(field: string, file: UploadedFile, kinds: ImageKind[]): Promise<string | undefined>;
}

export interface ResourceDef {
  /** GraphQL type name: singular, PascalCase. */
  name: string;
  table: string;
  doc: string;
  fields: Fields;
  access: { read: Access; write: Access };
  /** Mutations offered (all by default). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  defaultSort?: { field: string; order: "ASC" | "DESC" };
  extraArgs?: Record<string, ExtraArg>;
  hooks?: {
    /** Cross-field rules and derived values; add to `errors` to refuse the write. */
    beforeWrite?(w: WriteContext): Promise<void> | void;
    /** Effects of a write that succeeded (ending sessions after a password change). */
    afterWrite?(row: Row, w: WriteContext): Promise<void> | void;
    /** Throw a UserInputError or ForbiddenError to refuse a delete. */
    beforeDelete?(row: Row, actor: AuthUser | undefined, manager: EntityManager): Promise<void> | void;
  };
}

export interface Resource extends ResourceDef {
  plural: string;
  operations: { create: boolean; update: boolean; delete: boolean };
  defaultSort: { field: string; order: "ASC" | "DESC" };
}

export function defineResource(def: ResourceDef): Resource {
  return {
    ...def,
    plural: pluralize(def.name),
    operations: { create: true, update: true, delete: true, ...def.operations },
    defaultSort: def.defaultSort ?? { field: "id", order: "ASC" },
  };
}
