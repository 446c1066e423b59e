import { createConnection } from "mysql2/promise";
import path from "path";
import { migrations } from "@presale/db";
import { seedContent } from "../../../db/src/seed/content";
import { freePort, freshMysqlDatabase, spawnGateway, tempDir, waitFor, type GatewayProcess } from "../support/gatewayProcess";

const JWT_SECRET = "s".repeat(40);
const REPLICAS = 3;

/** Rows per table the demo seed writes once, and the one first admin. */
const expectedCounts = () => ({
  ...Object.fromEntries(Object.entries(seedContent).map(([table, rows]) => [table, rows.length])),
  users: 1,
});

async function startTogether(envs: Record<string, string>[]): Promise<GatewayProcess[]> {
  const gateways = await Promise.all(envs.map((env) => spawnGateway({ JWT_SECRET, ...env })));
  await Promise.all(gateways.map((g) => waitFor(g)));
  return gateways;
}

describe("replicas started at the same moment on an empty database", () => {
  it(`MariaDB: ${REPLICAS} processes end with one schema, one first admin and one seed`, async () => {
    const db = await freshMysqlDatabase();
    const dirs = Array.from({ length: REPLICAS }, () => tempDir("presale-start-"));
    let gateways: GatewayProcess[] = [];
    try {
      gateways = await startTogether(dirs.map(({ dir }) => ({ DATABASE_URL: db.url, DATA_DIR: dir })));
      const conn = await createConnection(db.url);
      try {
        const [applied] = (await conn.query("SELECT name, COUNT(*) AS n FROM migrations GROUP BY name")) as unknown as [
          { name: string; n: number }[],
        ];
        expect(applied.map((m) => [m.name, Number(m.n)]).sort()).toEqual(migrations.map((m) => [m.name, 1]).sort());
        const counts: Record<string, number> = {};
        for (const table of Object.keys(expectedCounts())) {
          const [[{ n }]] = (await conn.query(`SELECT COUNT(*) AS n FROM \`${table}\``)) as unknown as [{ n: number }[]];
          counts[table] = Number(n);
        }
        expect(counts).toEqual(expectedCounts());
      } finally {
        await conn.end();
      }
      // Every replica serves the one seed.
      for (const gateway of gateways) {
        const res = await fetch(`${gateway.url}/api/get/news`);
        expect(res.status).toBe(200);
        expect(await res.json()).toHaveLength(seedContent.news?.length ?? 0);
      }
    } finally {
      await Promise.all(gateways.map((g) => g.stop()));
      await db.drop();
      dirs.forEach((d) => d.remove());
    }
  }, 180_000);

  it("MariaDB with a chain: two processes importing the same presales at start record each once", async () => {
    const db = await freshMysqlDatabase();
    const dirs = [tempDir("presale-start-"), tempDir("presale-start-")];
    let gateways: GatewayProcess[] = [];
    try {
      // Each replica runs its own local chain; the same deployer and nonces give the same presale addresses on both.
      const ports = await Promise.all(dirs.map(() => freePort()));
      gateways = await startTogether(
        dirs.map(({ dir }, i) => ({ DATABASE_URL: db.url, DATA_DIR: dir, CHAIN: "local", LOCAL_CHAIN_PORT: String(ports[i]) })),
      );
      const conn = await createConnection(db.url);
      try {
        const [[row]] = (await conn.query("SELECT COUNT(*) AS n, COUNT(DISTINCT presaleAddress) AS d FROM launchpads")) as unknown as [
          { n: number; d: number }[],
        ];
        // The local chain's two demo presales (account 0's and the Safe's), each recorded once.
        expect([Number(row.n), Number(row.d)]).toEqual([2, 2]);
      } finally {
        await conn.end();
      }
      for (const gateway of gateways) expect(gateway.output()).not.toContain("could not import presales");
    } finally {
      await Promise.all(gateways.map((g) => g.stop()));
      await db.drop();
      dirs.forEach((d) => d.remove());
    }
  }, 180_000);

  it("SQLite: two processes on one file end with one first admin and one seed", async () => {
    const { dir, remove } = tempDir("presale-start-");
    let gateways: GatewayProcess[] = [];
    try {
      gateways = await startTogether([{ DATA_DIR: dir }, { DATA_DIR: dir }]);
      const admins = await Promise.all(
        gateways.map((g) =>
          fetch(`${g.url}/api/get/news`).then(async (r) => ({ status: r.status, rows: ((await r.json()) as unknown[]).length })),
        ),
      );
      expect(admins).toEqual(gateways.map(() => ({ status: 200, rows: seedContent.news?.length ?? 0 })));
      await Promise.all(gateways.map((g) => g.stop()));
      gateways = [];
      // Read the file itself once both have let go of it.
      const Database = require("better-sqlite3");
      const file = new Database(path.join(dir, "presale.sqlite"), { readonly: true });
      try {
        const count = (table: string) => Number(file.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get().n);
        expect(Object.fromEntries(Object.keys(expectedCounts()).map((t) => [t, count(t)]))).toEqual(expectedCounts());
        expect(file.prepare("SELECT COUNT(*) AS n, COUNT(DISTINCT name) AS d FROM migrations").get()).toEqual({
          n: migrations.length,
          d: migrations.length,
        });
      } finally {
        file.close();
      }
    } finally {
      await Promise.all(gateways.map((g) => g.stop()));
      remove();
    }
  }, 180_000);
});
