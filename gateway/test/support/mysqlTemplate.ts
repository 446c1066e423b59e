import { createConnection, type Connection } from "mysql2/promise";
import { createDataSource, runMigrations } from "../../src/database";
import { migrationsKey } from "./sqliteTemplate";

/**
 * Test databases on MariaDB start as copies of one migrated database, the template.
 *
 * Migrating a fresh database is about 30 CREATE and 45 ALTER TABLE statements, each rebuilding a table and
 * syncing the disk: about 0.6 s of the server's time, paid by every test app (a few hundred per run). A copy
 * is one CREATE TABLE per table (its SHOW CREATE TABLE, foreign keys included) and the rows the migrations
 * wrote. The template is named after the migrations' code, so a changed migration makes a new one, and it is
 * kept between runs: the first test app of a run pays for it once, under a lock. Templates are never dropped
 * here (checkouts of other branches on the same server use theirs); `presale_template_*` databases may be
 * dropped by hand at any time.
 */
const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
const CHARSET = "CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci";
const PREFIX = "presale_template_";

const templateName = () => PREFIX + migrationsKey();

/** Whether the template exists and is complete (its last step, a marker table, is written after the migrations). */
async function ready(conn: Connection, name: string): Promise<boolean> {
  const [rows] = await conn.query("SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'template_ready'", [
    name,
  ]);
  return (rows as unknown[]).length > 0;
}

async function ensureTemplate(conn: Connection): Promise<string> {
  const name = templateName();
  if (await ready(conn, name)) return name;
  const [locked] = await conn.query("SELECT GET_LOCK(?, 300) AS got", [name]);
  if ((locked as { got: number }[])[0].got !== 1) throw new Error(`mysqlTemplate: could not lock ${name} within 300 s`);
  try {
    if (await ready(conn, name)) return name;
    await conn.query(`CREATE DATABASE \`${name}\` ${CHARSET}`);
    const ds = createDataSource({ type: "mysql", url: `${MYSQL}/${name}` }, true);
    await ds.initialize();
    try {
      await runMigrations(ds);
    } finally {
      await ds.destroy();
    }
    await conn.query(`CREATE TABLE \`${name}\`.template_ready (id INT)`);
    return name;
  } finally {
    await conn.query("SELECT RELEASE_LOCK(?)", [name]);
  }
}

/** A new database named `name` holding what the migrations make, copied from the template. */
export async function createMigratedDatabase(name: string): Promise<void> {
  const conn = await createConnection(MYSQL);
  try {
    await copyTemplate(conn, await ensureTemplate(conn), name);
  } finally {
    await conn.end();
  }
}

async function copyTemplate(conn: Connection, template: string, name: string): Promise<void> {
  const [tables] = await conn.query(
    "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'template_ready'",
    [template],
  );
  await conn.query(`CREATE DATABASE \`${name}\` ${CHARSET}`);
  await conn.query(`USE \`${name}\``);
  // Tables refer to each other: create them all, then check nothing (the copy is of a consistent database).
  await conn.query("SET SESSION foreign_key_checks = 0");
  // A FULLTEXT index keeps the stopword setting of its creation, which SHOW CREATE TABLE does not show: the
  // migrations build theirs without stopwords (db/src/migrations/search.ts), and so must the copy.
  await conn.query("SET SESSION innodb_ft_enable_stopword = 0");
  for (const { t } of tables as { t: string }[]) {
    const [[created]] = (await conn.query(`SHOW CREATE TABLE \`${template}\`.\`${t}\``)) as unknown as [Record<string, string>[]];
    await conn.query(created["Create Table"]);
    await conn.query(`INSERT INTO \`${t}\` SELECT * FROM \`${template}\`.\`${t}\``);
  }
  // The triggers that keep search_trigrams (db/src/migrations/substringSearch.ts) come last: the rows copied
  // above, trigrams included, are the template's, and no copy fires them.
  const [triggers] = await conn.query("SELECT TRIGGER_NAME AS t FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?", [template]);
  for (const { t } of triggers as { t: string }[]) {
    const [[created]] = (await conn.query(`SHOW CREATE TRIGGER \`${template}\`.\`${t}\``)) as unknown as [Record<string, string>[]];
    await conn.query(created["SQL Original Statement"]);
  }
}

/**
 * A test run keeps the databases its test apps closed and hands them to the next ones, emptied back to the template's
 * rows: a copy is ~40 CREATE TABLE and ~70 CREATE TRIGGER, each a file and a disk sync on the server, and its DROP as
 * many again; emptying is a few DELETEs in one transaction. The run (PRESALE_TEST_RUN, set by test/support/globalSetup.ts)
 * lists its free databases in a table of the server, so that every jest worker shares them and a database an app
 * never closed is never handed out; test/support/globalTeardown.ts drops them all at the end. A database whose
 * schema a test changed (a trigger added, a table dropped) is dropped instead.
 */
const POOL = "presale_test_pool";
const RUN = process.env.PRESALE_TEST_RUN;
const MANY = 2000;

/** A database holding what the migrations make, for one test app: a free one of this run, or a new copy. */
export async function takeMigratedDatabase(run = RUN): Promise<string> {
  const conn = await createConnection(MYSQL);
  try {
    if (run) {
      await ensurePool(conn);
      const [free] = await conn.query(`DELETE FROM \`${POOL}\`.free WHERE run = ? LIMIT 1 RETURNING name`, [run]);
      const name = (free as { name: string }[])[0]?.name;
      if (name) return name;
    }
    const name = `presale_test_${run ?? process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await copyTemplate(conn, await ensureTemplate(conn), name);
    return name;
  } finally {
    await conn.end();
  }
}

/** Gives a test app's database back: emptied to the template's rows for the next app, or dropped. */
export async function releaseDatabase(name: string, run = RUN): Promise<void> {
  const conn = await createConnection(MYSQL);
  try {
    const template = templateName();
    if (run && (await sameSchema(conn, template, name)) && (await resetRows(conn, template, name))) {
      await conn.query(`INSERT INTO \`${POOL}\`.free (name, run) VALUES (?, ?)`, [name, run]);
    } else await dropDatabase(conn, name);
  } finally {
    await conn.end();
  }
}

/** Drops every database of a run, free or not (globalTeardown). */
export async function dropRunDatabases(run: string): Promise<void> {
  const conn = await createConnection(MYSQL);
  try {
    const [databases] = await conn.query("SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ?", [
      `presale\\_test\\_${run}\\_%`,
    ]);
    for (const { name } of databases as { name: string }[]) await dropDatabase(conn, name);
    await ensurePool(conn);
    await conn.query(`DELETE FROM \`${POOL}\`.free WHERE run = ?`, [run]);
  } finally {
    await conn.end();
  }
}

async function ensurePool(conn: Connection) {
  await conn.query(`CREATE DATABASE IF NOT EXISTS \`${POOL}\` ${CHARSET}`);
  await conn.query(`CREATE TABLE IF NOT EXISTS \`${POOL}\`.free (name VARCHAR(64) PRIMARY KEY, run VARCHAR(32) NOT NULL, KEY (run))`);
}

async function dropDatabase(conn: Connection, name: string) {
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } catch (error) {
    // Its tables are gone, but the server left a file of its own in the database's folder (a trigger's backup,
    // `<table>.TRG-`, seen once when several files created and dropped triggers at the same moment) and cannot
    // remove the folder. Nothing of the test's is left: say so, and let the test's verdict stand.
    if ((error as { code?: string }).code !== "ER_DB_DROP_RMDIR") throw error;
    console.warn(`${name}: the server could not remove the database's folder (${(error as Error).message})`);
  }
}

/** Whether two databases have the same tables, columns, indexes and triggers (the template's marker table aside). */
async function sameSchema(conn: Connection, template: string, name: string): Promise<boolean> {
  const [rows] = await conn.query(
    `SELECT TABLE_SCHEMA AS s, 'columns' AS what, COUNT(*) AS n,
            SUM(CRC32(CONCAT_WS('|', TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, IFNULL(COLUMN_DEFAULT, '~'), EXTRA))) AS sum
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN (?, ?) AND TABLE_NAME <> 'template_ready' GROUP BY TABLE_SCHEMA
     UNION ALL
     SELECT TABLE_SCHEMA, 'indexes', COUNT(*), SUM(CRC32(CONCAT_WS('|', TABLE_NAME, INDEX_NAME, COLUMN_NAME, SEQ_IN_INDEX, NON_UNIQUE)))
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA IN (?, ?) GROUP BY TABLE_SCHEMA
     UNION ALL
     SELECT TRIGGER_SCHEMA, 'triggers', COUNT(*), SUM(CRC32(CONCAT_WS('|', TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT)))
       FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA IN (?, ?) GROUP BY TRIGGER_SCHEMA`,
    [template, name, template, name, template, name],
  );
  const of = (schema: string) =>
    JSON.stringify(
      (rows as { s: string; what: string; n: number; sum: string }[])
        .filter((row) => row.s === schema)
        .map(({ what, n, sum }) => [what, Number(n), String(sum)])
        .sort(),
    );
  return of(template) === of(name);
}

/**
 * Puts back the template's rows, in one transaction: every table that holds a row is emptied, the template's rows are
 * copied again, and the search index (kept by triggers on the copies above) is replaced by the template's own. Auto-
 * increment counters that moved start again where the template's do, so ids are those of a fresh copy. A table holding
 * more than MANY rows (a test of large reads) is not emptied row by row, each firing its search triggers: false, and
 * the database is dropped.
 */
async function resetRows(conn: Connection, template: string, name: string): Promise<boolean> {
  const [tableNames] = await conn.query(
    "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'template_ready'",
    [template],
  );
  const tables = (tableNames as { t: string }[]).map(({ t }) => t);
  // Rows per table, counted up to one past MANY.
  const rowCounts = async (database: string) => {
    const [rows] = await conn.query(
      tables
        .map((t) => `SELECT '${t}' AS t, (SELECT COUNT(*) FROM (SELECT 1 FROM \`${database}\`.\`${t}\` LIMIT ${MANY + 1}) x) AS n`)
        .join(" UNION ALL "),
    );
    return (rows as { t: string; n: number }[]).filter(({ n }) => Number(n) > 0);
  };
  const [seeded, filled] = [(await rowCounts(template)).map(({ t }) => t), await rowCounts(name)];
  if (filled.some(({ n }) => Number(n) > MANY)) return false;
  await conn.query("SET SESSION foreign_key_checks = 0");
  await conn.beginTransaction();
  for (const { t } of filled) await conn.query(`DELETE FROM \`${name}\`.\`${t}\``);
  for (const table of seeded.filter((t) => t !== "search_trigrams"))
    await conn.query(`INSERT INTO \`${name}\`.\`${table}\` SELECT * FROM \`${template}\`.\`${table}\``);
  await conn.query(`DELETE FROM \`${name}\`.search_trigrams`);
  await conn.query(`INSERT INTO \`${name}\`.search_trigrams SELECT * FROM \`${template}\`.search_trigrams`);
  await conn.commit();
  const [counters] = await conn.query(
    `SELECT copy.TABLE_NAME AS t FROM information_schema.TABLES copy JOIN information_schema.TABLES original
        ON original.TABLE_SCHEMA = ? AND original.TABLE_NAME = copy.TABLE_NAME
      WHERE copy.TABLE_SCHEMA = ? AND copy.AUTO_INCREMENT <> original.AUTO_INCREMENT`,
    [template, name],
  );
  for (const { t } of counters as { t: string }[]) await conn.query(`ALTER TABLE \`${name}\`.\`${t}\` AUTO_INCREMENT = 1`);
  return true;
}
