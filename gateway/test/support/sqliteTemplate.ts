import { createHash } from "crypto";
import { copyFileSync, existsSync, renameSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { migrations } from "@presale/db";
import { createDataSource, runMigrations } from "../../src/database";

/** Names a migrated template after the migrations' code: a changed migration makes a new one. */
export const migrationsKey = () =>
  createHash("sha256")
    .update(migrations.map((migration) => `${migration.name}\n${migration.toString()}`).join("\n"))
    .digest("hex")
    .slice(0, 16);

/**
 * Test databases on SQLite start as copies of one migrated file, the template: migrating costs every test app about
 * 130 ms of CPU and half a second of disk syncs, a copy a millisecond. The template is made by the first test app
 * that needs it (a process that loses the race to write it uses its own copy, then the winner's) and kept in the
 * machine's temporary folder between runs.
 */
export async function copyMigratedSqlite(file: string): Promise<void> {
  const template = path.join(tmpdir(), `presale-sqlite-template-${migrationsKey()}.sqlite`);
  if (!existsSync(template)) {
    const partial = `${template}.${process.pid}.partial`;
    rmSync(partial, { force: true });
    const ds = createDataSource({ type: "sqlite", file: partial });
    await ds.initialize();
    try {
      await runMigrations(ds);
      // One file, nothing left in the write-ahead log.
      await ds.query("PRAGMA wal_checkpoint(TRUNCATE)");
      await ds.query("PRAGMA journal_mode = DELETE");
    } finally {
      await ds.destroy();
    }
    renameSync(partial, template);
  }
  copyFileSync(template, file);
}
