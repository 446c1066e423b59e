import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "fs";
import { createConnection } from "mysql2/promise";
import { tmpdir } from "os";
import path from "path";
import { DataSource, MigrationInterface, TableColumn } from "typeorm";
import { resources } from "../../../src/resources";
import { entitySchemaOf } from "../../../src/resources/kit/entity";
import { migrationSource } from "../../../src/resources/kit/migration";
import { startTestApp, TestApp } from "../../support/testApp";

const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

/** An empty database of the suite's kind, knowing the entities as the product does (MariaDB reports lengths by them); `drop` removes it. */
async function emptyDatabase(): Promise<{ ds: DataSource; drop(): Promise<void> }> {
  if (process.env.TEST_DB === "mysql") {
    const name = `presale_gen_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await createConnection(MYSQL);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const entities = resources.map((resource) => entitySchemaOf(resource, "mysql"));
    const ds = await new DataSource({ type: "mariadb", url: `${MYSQL}/${name}`, charset: "utf8mb4_unicode_ci", entities }).initialize();
    return {
      ds,
      async drop() {
        await ds.destroy();
        const again = await createConnection(MYSQL);
        await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await again.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "presale-gen-"));
  const entities = resources.map((resource) => entitySchemaOf(resource, "better-sqlite3"));
  const ds = await new DataSource({ type: "better-sqlite3", database: path.join(dir, "gen.sqlite"), entities }).initialize();
  return { ds, drop: async () => (await ds.destroy(), rmSync(dir, { recursive: true, force: true })) };
}

/** Columns by name: later migrations add theirs at the end, a new table has them in declaration order. */
const describeColumns = (columns: TableColumn[] = []) =>
  columns.map((column) => [column.name, column.type, column.length, column.isNullable, column.default, column.isPrimary]).sort();

describe("npm run migration: the migration written for declared resources", () => {
  let app: TestApp;
  let generated: Awaited<ReturnType<typeof emptyDatabase>>;
  // Beside db/src/migrations, so that its import of the column builders resolves as in the committed file.
  const folder = path.join(__dirname, "../../../../db/src/migrations/.generated-test");

  beforeAll(async () => {
    app = await startTestApp({ admin: false });
    generated = await emptyDatabase();
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `all-${process.pid}.ts`);
    writeFileSync(
      file,
      migrationSource("CreateAll", 1, resources)
        .replace(`from "./columns"`, `from "../columns"`)
        .replace(`from "./substringSearch"`, `from "../substringSearch"`),
    );
    const { CreateAll1 } = require(file) as { CreateAll1: new () => MigrationInterface };
    const runner = generated.ds.createQueryRunner();
    await new CreateAll1().up(runner);
    await runner.release();
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await generated?.drop();
    await app?.close();
  });

  it("creates every table as the committed migrations did: same columns, types, nullability, defaults and indexes", async () => {
    const real = app.services.ds.createQueryRunner();
    const fresh = generated.ds.createQueryRunner();
    try {
      for (const resource of resources) {
        const [expected, actual] = await Promise.all([real.getTable(resource.table), fresh.getTable(resource.table)]);
        expect([resource.table, describeColumns(actual?.columns)]).toEqual([resource.table, describeColumns(expected?.columns)]);
        const indexes = (table: typeof actual) => table!.indices.map((idx) => [idx.columnNames.join(","), Boolean(idx.isUnique)]).sort();
        expect([resource.table, indexes(actual)]).toEqual([resource.table, indexes(expected)]);
      }
    } finally {
      await real.release();
      await fresh.release();
    }
  });

  it("creates the same search indexes (FTS5 trigram tables and their triggers on SQLite, search_trigrams triggers on MySQL)", async () => {
    if (process.env.TEST_DB === "mysql") {
      const triggers = async (ds: DataSource) =>
        (
          await ds.query(`SELECT TRIGGER_NAME AS name, EVENT_OBJECT_TABLE AS t, ACTION_STATEMENT AS body FROM information_schema.TRIGGERS
          WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE '%\\_trigrams\\_%' ORDER BY TRIGGER_NAME`)
        ).map((row: { name: string; t: string; body: string }) => `${row.t}: ${row.name} ${row.body}`);
      expect(await triggers(generated.ds)).toEqual(await triggers(app.services.ds));
      expect((await triggers(app.services.ds)).some((row: string) => row.startsWith("news: news_trigrams_update"))).toBe(true);
    } else {
      const searchObjects = async (ds: DataSource) =>
        (
          await ds.query(
            `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name LIKE '%_search%' AND type IN ('table', 'trigger') ORDER BY name`,
          )
        ).filter((row: { name: string }) => !/_search_(data|idx|docsize|config|content)$/.test(row.name));
      expect(await searchObjects(generated.ds)).toEqual(await searchObjects(app.services.ds));
      expect(await searchObjects(app.services.ds)).toContainEqual(
        expect.objectContaining({ type: "trigger", name: "news_search_update", tbl_name: "news" }),
      );
    }
  });
});
