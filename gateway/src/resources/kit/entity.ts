import { EntitySchema, EntitySchemaColumnOptions, EntitySchemaIndexOptions } from "typeorm";
import { isVersioned, type Resource } from "./define";
import { FieldSpec, isIndexed, isLongText } from "./fields";

export type Dialect = "mysql" | "better-sqlite3"; // MariaDB maps like MySQL

/** JSON kept in a text column; arrays in the model, text in the database. */
const jsonText = {
  to: (v: unknown) => (v === undefined ? undefined : v === null ? null : JSON.stringify(v)),
  from: (v: string | null) => (v ? JSON.parse(v) : []),
};

/** Digits of the largest uint256 (2^256 - 1). */
export const UINT_DIGITS = 78;

/**
 * uint256 values kept exact and in numeric order: DECIMAL(65,0) on MySQL (its
 * widest; a presale's amounts stay far below 10^65), zero-padded fixed-width
 * text on SQLite (text order is then numeric order), decimal text in the model.
 */
const uintText = {
  to: (v: unknown) => (v === undefined || v === null ? v : String(v).padStart(UINT_DIGITS, "0")),
  from: (v: string | null) => (v === null ? null : v.replace(/^0+(?=\d)/, "")),
};
const uintDecimal = {
  to: (v: unknown) => (v === undefined || v === null ? v : String(v)),
  from: (v: string | null) => (v === null ? null : String(v)),
};

function column(spec: FieldSpec, dialect: Dialect): EntitySchemaColumnOptions {
  const longText = dialect === "mysql" ? "mediumtext" : "text";
  switch (spec.kind) {
    case "string":
      return { type: "varchar", length: spec.max, nullable: !spec.required };
    case "text":
    case "html":
      return { type: longText, nullable: !spec.required };
    case "blocks":
    case "permissions":
    case "strings":
      return { type: "text", nullable: true, transformer: jsonText };
    case "int":
      return { type: "integer", nullable: !spec.required };
    case "bool":
      return { type: "boolean", default: spec.default };
    case "address":
      return { type: "varchar", length: 42, nullable: !spec.required };
    case "amount":
      return { type: "varchar", length: 78, nullable: !spec.required };
    case "uint":
      return dialect === "mysql"
        ? { type: "decimal", precision: 65, scale: 0, nullable: !spec.required, transformer: uintDecimal }
        : { type: "varchar", length: UINT_DIGITS, nullable: !spec.required, transformer: uintText };
    case "datetime":
      return { type: "datetime", nullable: !spec.required };
    case "image":
      return { type: "varchar", length: 255, nullable: !spec.required };
    case "constant":
      return { type: "varchar", length: 64, nullable: true };
  }
}

/** The TypeORM mapping of a resource: its declared fields, plus id and timestamps. */
export function entitySchemaOf(resource: Resource, dialect: Dialect): EntitySchema {
  const columns: Record<string, EntitySchemaColumnOptions> = {
    id: { type: "integer", primary: true, generated: "increment" },
  };
  const indices: EntitySchemaIndexOptions[] = [];
  for (const [name, spec] of Object.entries(resource.fields)) {
    columns[name] = column(spec, dialect);
    if (!resource.indexes && isIndexed(spec) && !isLongText(spec)) {
      indices.push({ name: `IDX_${resource.table}_${name}`, columns: [name], unique: Boolean(spec.unique) });
    }
  }
  columns.createdAt = { type: "datetime" };
  columns.updatedAt = { type: "datetime" };
  if (isVersioned(resource)) columns.version = { type: "integer", default: 1 };
  for (const list of resource.indexes ?? [["createdAt"]]) indices.push({ name: `IDX_${resource.table}_${list.join("_")}`, columns: list });
  // `q` searches by trigrams the migrations keep beside the table (an FTS5 table, or search_trigrams rows): no index here.
  return new EntitySchema({ name: resource.name, tableName: resource.table, columns, indices });
}
