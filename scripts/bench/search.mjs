// The list filter `q` at scale (called by `npm run bench`, or alone: `node scripts/bench/search.mjs`): seeds
// 1,000 and 100,000 news rows (the bench's own rows) on SQLite, and on MariaDB when it answers at MYSQL_URL,
// starts the built gateway on each, and prints the median time of a signed-in News list (10 rows + count)
// filtered by each kind of `q`, each read right after a write (never from a cache), 100k against 1k, and
// the seeding time (on MariaDB the search_trigrams triggers run on every insert: the write cost of the index).
// SEARCH_BENCH_ROWS overrides the large size (a quick run).
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { fmt, median, MYSQL_URL, startGateway } from "./gateway.mjs";

const SIZES = [1_000, Number(process.env.SEARCH_BENCH_ROWS ?? 100_000)];

/** The filters measured: DataTables' semantics, each term a case-insensitive substring of heading or description. */
const FILTERS = {
  "one row holds it (zebra)": "zebra",
  "no row holds it": "nothingmatchesthis",
  "inside words, 2 terms": "EBRA rossin",
  "2 terms, one held by none": "staking nothingmatchesthis",
  "every row holds it (staking)": "staking",
  "2-char term, none (newest 10k)": "zq",
};

/** Rows of news as bench.mjs seeds them: one row holds a word no other does. */
function newsRows(count) {
  const at = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, item) => {
    const created = new Date(at + item * 60_000).toISOString().replace("T", " ").replace("Z", "");
    return [
      item === 777 ? "Zebra crossing announced" : `News item ${item} about staking and presales`,
      `Description of news item ${item}: the presale opens soon, with rewards for early stakers.`,
      item % 3 ? 1 : 0,
      created,
      created,
    ];
  });
}

function seedSqlite(file, count) {
  const db = new Database(file);
  const insert = db.prepare(`INSERT INTO news (heading, description, visible, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  db.transaction((rows) => rows.forEach((row) => insert.run(...row)))(newsRows(count));
  db.close();
}

async function seedMysql(url, count) {
  const conn = await createConnection(url);
  const rows = newsRows(count);
  for (let start = 0; start < rows.length; start += 1000) {
    await conn.query(`INSERT INTO news (heading, description, visible, createdAt, updatedAt) VALUES ?`, [rows.slice(start, start + 1000)]);
  }
  await conn.end();
}

const LIST = `query($filter: NewsFilter) {
  items: allNews(page: 0, perPage: 10, sortField: "createdAt", sortOrder: "DESC", filter: $filter) { id heading }
  total: _allNewsMeta(filter: $filter) { count } }`;

async function gql(gateway, query, variables = {}) {
  const res = await fetch(`${gateway.base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Median time of the filtered list, each read after a news added and deleted (nothing kept from before). */
async function fresh(gateway, text, times = 5) {
  const first = await gql(gateway, LIST, { filter: { q: text } });
  const spent = [];
  for (let run = 0; run < times; run++) {
    const created = await gql(gateway, `mutation { createNews(heading: "Bench write", visible: false) { id } }`);
    await gql(gateway, `mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: created.createNews.id });
    const started = performance.now();
    await gql(gateway, LIST, { filter: { q: text } });
    spent.push(performance.now() - started);
  }
  return { ms: median(spent), found: first.total.count };
}

async function engine(name, databaseFor, seed) {
  const measured = {};
  for (const rows of SIZES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `presale-search-${name}-`));
    const database = await databaseFor(dataDir);
    await (await startGateway({ DATA_DIR: dataDir, ...database.env })).stop();
    const seeding = performance.now();
    await seed(database, rows);
    measured.seedSeconds = (performance.now() - seeding) / 1000;
    const gateway = await startGateway({ DATA_DIR: dataDir, ...database.env });
    measured[rows] = {};
    for (const [label, text] of Object.entries(FILTERS)) measured[rows][label] = await fresh(gateway, text);
    await gateway.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [small, large] = SIZES;
  console.log(
    `\n## search (q), ${name}: ${large.toLocaleString("en")} news against ${small.toLocaleString("en")} (median ms; ratio; rows found)`,
  );
  for (const label of Object.keys(FILTERS)) {
    const [a, b] = [measured[small][label], measured[large][label]];
    console.log(
      `  ${label.padEnd(32)} ${fmt(a.ms, 2).padStart(8)} ms ${fmt(b.ms, 2).padStart(8)} ms ${fmt(b.ms / a.ms, 2).padStart(6)}×  ${b.found}`,
    );
  }
  console.log(`  seeding ${large.toLocaleString("en")} news: ${fmt(measured.seedSeconds, 1)} s`);
}

await engine(
  "SQLite",
  async (dataDir) => ({ file: path.join(dataDir, "presale.sqlite"), env: {}, drop: async () => {} }),
  (database, rows) => seedSqlite(database.file, rows),
);

const mysqlUp = await createConnection(MYSQL_URL).then(
  (conn) => (conn.end(), true),
  () => false,
);
if (mysqlUp) {
  await engine(
    "MariaDB",
    async () => {
      const name = `presale_search_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = await createConnection(MYSQL_URL);
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      const url = `${MYSQL_URL}/${name}`;
      return {
        url,
        env: { DATABASE_URL: url },
        drop: async () => {
          const conn = await createConnection(MYSQL_URL);
          await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await conn.end();
        },
      };
    },
    (database, rows) => seedMysql(database.url, rows),
  );
} else {
  console.log(`\n(MariaDB not reachable at ${MYSQL_URL}: search skipped)`);
}
