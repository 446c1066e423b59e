import type { DataSource, EntityManager } from "typeorm";

/** The transaction running (or last queued) on each SQLite DataSource. */
const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * Runs `work` in one transaction. TypeORM runs better-sqlite3 on a single
 * connection, where a second BEGIN while one is open fails: on SQLite the
 * transactions of a process take turns. MySQL/MariaDB give each its connection.
 */
export function inTransaction<T>(ds: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (ds.options.type !== "better-sqlite3") return ds.transaction(work);
  const run = (queues.get(ds) ?? Promise.resolve()).then(() => ds.transaction(work));
  queues.set(
    ds,
    run.catch(() => undefined),
  );
  return run;
}

/** Row locks for a read-then-write in a transaction: FOR UPDATE on MySQL/MariaDB; SQLite transactions already take turns. */
export const lockFor = (ds: DataSource) => (ds.options.type === "better-sqlite3" ? undefined : ({ mode: "pessimistic_write" } as const));
