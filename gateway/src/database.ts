import { migrations } from "@presale/db";
import { mkdirSync } from "fs";
import path from "path";
import { DataSource } from "typeorm";
import type { Config } from "./config";
import { entitySchemaOf } from "./resources/kit/entity";
import { resources } from "./resources";

/** The product's DataSource: the resources' entities and db/'s migrations, on MySQL or SQLite. */
export function createDataSource(database: Config["database"]): DataSource {
  if (database.type === "mysql") {
    return new DataSource({
      type: "mysql",
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

export async function openDatabase(database: Config["database"]): Promise<DataSource> {
  const ds = createDataSource(database);
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  return ds;
}
