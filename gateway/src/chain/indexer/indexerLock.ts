import { closeSync, openSync } from "fs";
import type { DataSource, QueryRunner } from "typeorm";
import type { Config } from "../../config";

/** better-sqlite3 ships no types of its own; this is the little used here. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require("better-sqlite3") as new (
  file: string,
  options: { timeout: number },
) => { exec(sql: string): void; close(): void };

/**
 * The right to index, held by one process per database at a time: replicas
 * all try, one gets it, the others try again each poll and take over when the
 * holder stops or dies. Never waits: a busy lock answers false at once.
 */
export interface IndexerLock {
  tryAcquire(): Promise<boolean>;
  /** Whether this process still holds it (a MySQL connection may have dropped, and its lock with it). */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

export function indexerLock(ds: DataSource, database: Config["database"]): IndexerLock {
  return database.type === "mysql" ? new MysqlLock(ds) : new SqliteLock(`${database.file}-indexer.lock`);
}

/** Named after the database (hashed: lock names are at most 64 characters), as the start-up lock is. */
const NAME = "CONCAT('presale-indexer:', SHA1(DATABASE()))";

/** GET_LOCK on a dedicated connection: the server frees it when that connection ends, so a dead holder frees it too. */
class MysqlLock implements IndexerLock {
  private runner?: QueryRunner;

  constructor(private readonly ds: DataSource) {}

  async tryAcquire() {
    if (this.runner) return this.held();
    const runner = this.ds.createQueryRunner();
    try {
      await runner.connect();
      const [{ got }] = await runner.query(`SELECT GET_LOCK(${NAME}, 0) AS got`);
      if (Number(got) === 1) {
        this.runner = runner;
        return true;
      }
    } catch {
      // The database is away: not held; the next poll tries again.
    }
    await runner.release();
    return false;
  }

  async held() {
    if (!this.runner) return false;
    try {
      const [{ mine }] = await this.runner.query(`SELECT IS_USED_LOCK(${NAME}) = CONNECTION_ID() AS mine`);
      if (Number(mine) === 1) return true;
    } catch {
      // The connection dropped: the server freed the lock with it.
    }
    await this.drop();
    return false;
  }

  async release() {
    await this.runner?.query(`SELECT RELEASE_LOCK(${NAME})`).catch(() => undefined);
    await this.drop();
  }

  private async drop() {
    const runner = this.runner;
    this.runner = undefined;
    await runner?.release().catch(() => undefined);
  }
}

/** An exclusive transaction on a side file, kept open while held; the operating system frees it if the process dies. */
class SqliteLock implements IndexerLock {
  private db?: InstanceType<typeof Database>;

  constructor(private readonly file: string) {}

  async tryAcquire() {
    if (this.db) return true;
    closeSync(openSync(this.file, "a", 0o600));
    const db = new Database(this.file, { timeout: 0 });
    try {
      db.exec("BEGIN EXCLUSIVE");
      this.db = db;
      return true;
    } catch (e) {
      db.close();
      if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
      return false;
    }
  }

  async held() {
    return Boolean(this.db);
  }

  async release() {
    const db = this.db;
    this.db = undefined;
    if (!db) return;
    try {
      db.exec("ROLLBACK");
    } finally {
      db.close();
    }
  }
}
