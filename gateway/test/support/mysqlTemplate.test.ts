import { createConnection, type Connection } from "mysql2/promise";
import { createDataSource, runMigrations } from "../../src/database";
import { createMigratedDatabase, dropRunDatabases, releaseDatabase, takeMigratedDatabase } from "./mysqlTemplate";

/** MariaDB test databases are copies of a migrated template (support/mysqlTemplate.ts): a copy must be the same database. */
const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const copied = `presale_copy_${suffix}`;
const migrated = `presale_migrated_${suffix}`;
let conn: Connection;

/** Every table's definition (auto-increment counters aside, unless asked) and rows (times aside: migrations stamp them), by table name. */
async function contents(database: string, { counters = false } = {}) {
  const [tables] = await conn.query("SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME", [
    database,
  ]);
  const result: Record<string, { definition: string; rows: unknown[] }> = {};
  for (const { t } of tables as { t: string }[]) {
    const [[created]] = (await conn.query(`SHOW CREATE TABLE \`${database}\`.\`${t}\``)) as unknown as [Record<string, string>[]];
    const [rows] = await conn.query(`SELECT * FROM \`${database}\`.\`${t}\``);
    const untimed = (rows as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value instanceof Date ? "a time" : value])),
    );
    result[t] = {
      definition: counters ? created["Create Table"] : created["Create Table"].replace(/ AUTO_INCREMENT=\d+/, ""),
      rows: untimed,
    };
  }
  return result;
}

beforeAll(async () => {
  conn = await createConnection(MYSQL);
});
afterAll(async () => {
  for (const name of [copied, migrated]) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
});

it("a copy of the template has the tables, keys, foreign keys and rows of a freshly migrated database", async () => {
  await createMigratedDatabase(copied);
  await conn.query(`CREATE DATABASE \`${migrated}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const ds = createDataSource({ type: "mysql", url: `${MYSQL}/${migrated}` }, true);
  await ds.initialize();
  await runMigrations(ds);
  await ds.destroy();

  const [copy, fresh] = [await contents(copied), await contents(migrated)];
  expect(Object.keys(copy).length).toBeGreaterThan(10);
  expect(copy).toEqual(fresh);
  // The search triggers came along too (search_trigrams follows every write of a copy).
  const triggers = async (database: string) =>
    (
      await conn.query(
        "SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY TRIGGER_NAME",
        [database],
      )
    )[0];
  expect(await triggers(copied)).toEqual(await triggers(migrated));
  expect(await triggers(copied)).toContainEqual(
    expect.objectContaining({ TRIGGER_NAME: "news_trigrams_update", EVENT_OBJECT_TABLE: "news" }),
  );
  // The migrations' own record came along, so the product finds nothing to run.
  expect(Object.values(copy).some(({ rows }) => rows.length > 0)).toBe(true);
});

describe("a database a test app gave back", () => {
  // A run of this file's own: the other files of the pass share theirs meanwhile.
  const run = `pool${suffix.replace(/_/g, "")}`;
  afterAll(() => dropRunDatabases(run));

  it("is handed out again holding exactly the template's tables, rows, search index and counters", async () => {
    const name = await takeMigratedDatabase(run);
    const template = await contents(name, { counters: true });
    // What tests do: new rows (their triggers add to the search index), template rows changed and deleted.
    await conn.query(`INSERT INTO \`${name}\`.blocklist (walletAddress, createdAt, updatedAt) VALUES (?, NOW(), NOW())`, [
      "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    ]);
    await conn.query(`INSERT INTO \`${name}\`.news (heading, createdAt, updatedAt) VALUES ('Launch day', NOW(), NOW())`);
    await conn.query(`UPDATE \`${name}\`.roles SET name = 'renamed' WHERE id = 2`);
    await conn.query(`DELETE FROM \`${name}\`.roles WHERE id = 5`);
    expect(await contents(name, { counters: true })).not.toEqual(template);

    await releaseDatabase(name, run);
    expect(await takeMigratedDatabase(run)).toBe(name);
    expect(await contents(name, { counters: true })).toEqual(template);
    await releaseDatabase(name, run);
  });

  it("is dropped, not handed out again, when a test changed its schema", async () => {
    const name = await takeMigratedDatabase(run);
    await conn.query(`CREATE TRIGGER \`${name}\`.refuse_news BEFORE INSERT ON \`${name}\`.news FOR EACH ROW SET NEW.heading = NEW.heading`);
    await releaseDatabase(name, run);
    const [left] = await conn.query("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", [name]);
    expect(left).toEqual([]);
    expect(await takeMigratedDatabase(run)).not.toBe(name);
  });

  it("is dropped, not emptied row by row, when a table holds thousands of rows", async () => {
    const name = await takeMigratedDatabase(run);
    await conn.query(
      `INSERT INTO \`${name}\`.blocklist (walletAddress, createdAt, updatedAt) SELECT CONCAT('0x', LPAD(HEX(seq), 40, '0')), NOW(), NOW() FROM \`${name}\`.seq_1_to_2001`,
    );
    await releaseDatabase(name, run);
    const [left] = await conn.query("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", [name]);
    expect(left).toEqual([]);
  });
});
