import { QueryRunner, TableColumnOptions, TableIndexOptions } from "typeorm";

/**
 * Portable column builders for migrations. They are frozen together with the
 * migrations that use them: a later schema change gets a new migration, never
 * an edit here.
 */
export const isMysql = (qr: QueryRunner) => ["mysql", "mariadb"].includes(qr.connection.options.type);

export const id = (): TableColumnOptions => ({
  name: "id",
  type: "integer",
  isPrimary: true,
  isGenerated: true,
  generationStrategy: "increment",
});

export const varchar = (name: string, length = 255, opts: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "varchar",
  length: String(length),
  isNullable: true,
  ...opts,
});

/** Long text: MEDIUMTEXT on MySQL (TEXT stops at 64 KB), TEXT on SQLite. */
export const longText = (qr: QueryRunner, name: string): TableColumnOptions => ({
  name,
  type: isMysql(qr) ? "mediumtext" : "text",
  isNullable: true,
});

export const text = (name: string): TableColumnOptions => ({ name, type: "text", isNullable: true });

export const int = (name: string, opts: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "integer",
  isNullable: true,
  ...opts,
});

export const bool = (name: string, defaultValue: boolean): TableColumnOptions => ({
  name,
  type: "boolean",
  isNullable: false,
  default: defaultValue ? 1 : 0,
});

export const datetime = (name: string): TableColumnOptions => ({ name, type: "datetime", isNullable: false });

export const timestamps = (): TableColumnOptions[] => [datetime("createdAt"), datetime("updatedAt")];

export const index = (table: string, columns: string[], isUnique = false): TableIndexOptions => ({
  name: `IDX_${table}_${columns.join("_")}`,
  columnNames: columns,
  isUnique,
});
