import { createConnection, type Connection } from "mysql2/promise";
import { createDataSource, runMigrations } from "../../src/database";
import { createMigratedDatabase } from "./mysqlTemplate";

/** MariaDB test databases are copies of a migrated template (support/mysqlTemplate.ts): a copy must be the same database. */
const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const copied = `presale_copy_${suffix}`;
const migrated = `presale_migrated_${suffix}`;
let conn: Connection;

/** Every table's definition (auto-increment counters aside) and rows (times aside: migrations stamp them), by table name. */
async function describe(database: string) {
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
    result[t] = { definition: created["Create Table"].replace(/ AUTO_INCREMENT=\d+/, ""), rows: untimed };
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

  const [copy, fresh] = [await describe(copied), await describe(migrated)];
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
