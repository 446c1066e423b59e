import { closeSync, openSync } from "fs";
import type { DataSource } from "typeorm";
import type { Config } from "./config";

/** better-sqlite3 ships no types of its own; this is the little used here. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require("better-sqlite3") as new (
  file: string,
  options: { timeout: number },
) => {
  exec(sql: string): void;
  close(): void;
};

export class StartupLockError extends Error {}

/**
 * Runs `work` while no other process started on the same database runs its
 * own: replicas starting together on an empty database would otherwise each
 * run the migrations, create a first admin and seed the demo content.
 *
 * MySQL and MariaDB: GET_LOCK on one dedicated connection (the server frees it
 * if this process dies). SQLite: an exclusive transaction on a side file next to
 * the database, so the database's own connection stays free for the work; the
 * operating system frees it if this process dies.
 */
export async function withStartupLock<T>(
  ds: DataSource,
  database: Config["database"],
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  return database.type === "mysql" ? withMysqlLock(ds, timeoutMs, work) : withSqliteLock(`${database.file}-startup.lock`, timeoutMs, work);
}

/** Named after the database (hashed: lock names are at most 64 characters), so databases on one server do not wait for each other. */
const MYSQL_LOCK_NAME = "CONCAT('presale-startup:', SHA1(DATABASE()))";

async function withMysqlLock<T>(ds: DataSource, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    const [{ got }] = await runner.query(`SELECT GET_LOCK(${MYSQL_LOCK_NAME}, ?) AS got`, [Math.ceil(timeoutMs / 1000)]);
    if (Number(got) !== 1) throw lockNotObtained(timeoutMs);
    try {
      return await work();
    } finally {
      await runner.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME})`).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

async function withSqliteLock<T>(file: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  closeSync(openSync(file, "a", 0o600));
  // timeout 0: a busy lock throws at once and the wait below sleeps between tries instead of blocking the event loop.
  const db = new Database(file, { timeout: 0 });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        db.exec("BEGIN EXCLUSIVE");
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
        if (Date.now() >= deadline) throw lockNotObtained(timeoutMs);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    try {
      return await work();
    } finally {
      db.exec("ROLLBACK");
    }
  } finally {
    db.close();
  }
}

const lockNotObtained = (timeoutMs: number) =>
  new StartupLockError(
    `Another process kept the start-up lock (migrations, first admin, seeds) for more than ${Math.round(timeoutMs / 1000)} s; ` +
      "raise STARTUP_LOCK_TIMEOUT_S if its migrations are that long, or look for a stuck replica",
  );
