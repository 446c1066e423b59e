import { migrations } from "@presale/db";
import { chmodSync, closeSync, openSync } from "fs";
import { createConnection } from "mysql2/promise";
import path from "path";
import { DataSource, QueryFailedError } from "typeorm";
import { ensurePrivateDir } from "./files";
import type { Config } from "./config";
import { entitySchemaOf } from "./resources/kit/entity";
import { resources } from "./resources";

/**
 * The product's DataSource: the resources' entities and db/'s migrations, on
 * MySQL, MariaDB or SQLite. TypeORM reads MariaDB's catalogue differently
 * (column defaults), so a mysql:// URL that reaches MariaDB is opened as such.
 */
export function createDataSource(database: Config["database"], mariadb = false): DataSource {
  if (database.type === "mysql") {
    return new DataSource({
      type: mariadb ? "mariadb" : "mysql",
      url: database.url,
      charset: "utf8mb4_unicode_ci",
      timezone: "Z",
      entities: resources.map((r) => entitySchemaOf(r, "mysql")),
      migrations,
      migrationsRun: false,
      synchronize: false,
      poolSize: 10,
    });
  }
  privateDatabaseFile(database.file);
  return new DataSource({
    type: "better-sqlite3",
    database: database.file,
    entities: resources.map((r) => entitySchemaOf(r, "better-sqlite3")),
    migrations,
    synchronize: false,
    // WAL lets reads go on while a write commits.
    prepareDatabase: (db: { pragma(s: string): unknown }) => {
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
    },
  });
}

async function isMariaDb(url: string): Promise<boolean> {
  const conn = await createConnection(url);
  try {
    const [rows] = await conn.query("SELECT VERSION() AS v");
    return /mariadb/i.test(String((rows as { v: string }[])[0].v));
  } finally {
    await conn.end();
  }
}

/** Opens the database and, unless `migrate` is false (main.ts runs them under the start-up lock), runs the migrations. */
export async function openDatabase(database: Config["database"], { migrate = true } = {}): Promise<DataSource> {
  const ds = createDataSource(database, database.type === "mysql" && (await isMariaDb(database.url)));
  await ds.initialize();
  if (migrate) await runMigrations(ds);
  return ds;
}

export const runMigrations = (ds: DataSource) => ds.runMigrations({ transaction: "each" });

/**
 * The SQLite file holds the password hashes: only the product's user may read
 * it. SQLite gives its -wal and -shm files the database file's mode, so
 * creating the file 0600 before SQLite opens it covers all three.
 */
function privateDatabaseFile(file: string) {
  ensurePrivateDir(path.dirname(file));
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
}

export const DATABASE_UNAVAILABLE = "The database is unavailable; try again shortly";

/** Connection-level codes of mysql2 and better-sqlite3: the database, not the request, is at fault. */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_ACCESS_DENIED_ERROR",
  "ER_BAD_DB_ERROR",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
  "SQLITE_FULL",
]);

/** Whether an error means the database did not answer (a 503 the client may retry), rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  type Wrapped = {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    originalError?: unknown;
    thrownValue?: unknown;
  };
  // TypeORM, GraphQL and graphql-js (for values that are not Errors) each wrap what the driver threw.
  for (let err = error as Wrapped | undefined, i = 0; err && typeof err === "object" && i < 6; i++) {
    if (typeof err.code === "string" && (UNAVAILABLE.has(err.code) || /^SQLITE_(IOERR|BUSY|CANTOPEN)/.test(err.code))) return true;
    // The last two: a DataSource closed (shutting down, or reopening), of better-sqlite3 and of TypeORM's MySQL driver.
    if (
      typeof err.message === "string" &&
      /Pool is closed|Connection lost|connect ETIMEDOUT|Can't add new command when connection is in closed state|The database connection is not open|Connection is not established with/i.test(
        err.message,
      )
    )
      return true;
    err = (
      err instanceof QueryFailedError ? err.driverError : (err.driverError ?? err.originalError ?? err.thrownValue ?? err.cause)
    ) as Wrapped;
  }
  return false;
}
