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
    const template = await ensureTemplate(conn);
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
  } finally {
    await conn.end();
  }
}
