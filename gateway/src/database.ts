import { migrations } from "@presale/db";
import { mkdirSync } from "fs";
import { createConnection } from "mysql2/promise";
import path from "path";
import { DataSource } from "typeorm";
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
  mkdirSync(path.dirname(database.file), { recursive: true });
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

export async function openDatabase(database: Config["database"]): Promise<DataSource> {
  const ds = createDataSource(database, database.type === "mysql" && (await isMariaDb(database.url)));
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  return ds;
}
