// The audit trail at scale (called at the end of `npm run bench`, or alone: `node scripts/bench/audit.mjs`):
// seeds 1,000 and 1,000,000 audit events (bulk inserts) on SQLite, and on MariaDB when it answers at
// MYSQL_URL, starts the built gateway on each, and prints the median time of the event list's default
// page 0, a deep page, each filter and a count, 1M against 1k (same shape as the bench's other tables).
// AUDIT_BENCH_ROWS overrides the large size (a quick run).
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { fmt, median, MYSQL_URL, startGateway } from "./gateway.mjs";

const SIZES = [1_000, Number(process.env.AUDIT_BENCH_ROWS ?? 1_000_000)];
const BATCH = 5_000;

const RESOURCES = ["News", "Setting", "Article", "LandingBlock", "User", "LaunchPad", "HomePage", "Feature"];
const OPERATIONS = ["update", "update", "update", "create", "delete", "restore", "status"];
const TRANSPORTS = ["graphql", "graphql", "rest", "system", "chain"];
const START = Date.UTC(2024, 0, 1);

/** Event `seq` as a row of audit_events: one a second, spread over actors, resources, records, operations and transports. */
function eventRow(seq) {
  const created = new Date(START + seq * 1000).toISOString().replace("T", " ").replace("Z", "");
  const resource = RESOURCES[seq % RESOURCES.length];
  const changes = JSON.stringify([{ field: "heading", before: `Heading ${seq - 1}`, after: `Heading ${seq}` }]);
  return [
    seq % 13,
    `Editor ${seq % 13}`,
    TRANSPORTS[seq % TRANSPORTS.length],
    resource,
    String(seq % 5000),
    OPERATIONS[seq % OPERATIONS.length],
    changes,
    created,
    created,
  ];
}
const COLUMNS = "(actorId, actorName, transport, resource, recordId, operation, changes, createdAt, updatedAt)";

async function seedSqlite(file, count) {
  const db = new Database(file);
  const insert = db.prepare(`INSERT INTO audit_events ${COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const batch = db.transaction((from, to) => {
    for (let seq = from; seq < to; seq++) insert.run(...eventRow(seq));
  });
  for (let from = 0; from < count; from += BATCH) batch(from, Math.min(count, from + BATCH));
  db.exec("ANALYZE");
  db.close();
}

async function seedMysql(url, count) {
  const conn = await createConnection(url);
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, offset) => eventRow(from + offset));
    await conn.query(`INSERT INTO audit_events ${COLUMNS} VALUES ?`, [rows]);
  }
  await conn.query("ANALYZE TABLE audit_events");
  await conn.end();
}

const gql = (gateway, query, variables = {}) =>
  fetch(`${gateway.base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
    body: JSON.stringify({ query, variables }),
  }).then(async (res) => {
    const body = await res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body;
  });

const LIST = `query($page: Int, $perPage: Int, $filter: AuditEventFilter) {
  allAuditEvents(page: $page, perPage: $perPage, filter: $filter) { id createdAt actorName transport resource recordId operation changes } }`;

/** Median time of `call` made right after a write (which appends an event), so no answer comes from a cache. */
async function freshLatency(gateway, call, times = 5) {
  await call();
  const spent = [];
  for (let run = 0; run < times; run++) {
    const created = await gql(gateway, `mutation { createNews(heading: "Bench write", visible: false) { id } }`);
    await gql(gateway, `mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: created.data.createNews.id });
    const started = performance.now();
    await call();
    spent.push(performance.now() - started);
  }
  return median(spent);
}

async function cases(gateway, rows) {
  const list = (variables) => () => gql(gateway, LIST, { perPage: 25, ...variables });
  const middle = Math.floor(rows / 25 / 2);
  const step = Math.max(1, Math.floor(middle / 50));
  let firstVisits = 0;
  const lastDay = new Date(START + (rows - 86_400) * 1000).toISOString();
  const filters = {
    "filter actorId": { actorId: 7 },
    "filter resource": { resource: "Setting" },
    "filter resource+record": { resource: "News", recordId: "40" },
    "filter recordId": { recordId: "40" },
    "filter operation": { operation: "delete" },
    "filter transport": { transport: "chain" },
    "filter createdAt range": { createdAt_gte: lastDay },
  };
  const figures = {
    "list page 0": await freshLatency(gateway, list({ page: 0 })),
    "deep page": await freshLatency(gateway, list({ page: middle })),
    // Each a page not read before, before every page read so far: read backwards from the marks of the pages after it.
    "deep page, not read before": await freshLatency(gateway, () => list({ page: middle - ++firstVisits * step })()),
  };
  for (const [name, filter] of Object.entries(filters)) figures[name] = await freshLatency(gateway, list({ page: 0, filter }));
  figures["count (all)"] = await freshLatency(gateway, () => gql(gateway, `{ _allAuditEventsMeta { count } }`));
  figures["count (resource)"] = await freshLatency(gateway, () =>
    gql(gateway, `query($f: AuditEventFilter) { _allAuditEventsMeta(filter: $f) { count } }`, { f: { resource: "Setting" } }),
  );
  return figures;
}

async function engine(name, databaseFor, seed) {
  const measured = {};
  for (const rows of SIZES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `presale-audit-bench-${name}-`));
    const database = await databaseFor(dataDir);
    await (await startGateway({ DATA_DIR: dataDir, ...database.env })).stop();
    const started = performance.now();
    await seed(database, rows);
    console.log(`  (${name}: ${rows.toLocaleString("en")} events seeded in ${fmt((performance.now() - started) / 1000, 1)} s)`);
    const gateway = await startGateway({ DATA_DIR: dataDir, ...database.env });
    measured[rows] = await cases(gateway, rows);
    await gateway.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return measured;
}

function report(name, measured) {
  const [small, large] = SIZES;
  console.log(`\n## ${name}: audit events, ${large.toLocaleString("en")} against ${small.toLocaleString("en")} (median ms; ratio)`);
  for (const key of Object.keys(measured[small])) {
    const [a, b] = [measured[small][key], measured[large][key]];
    console.log(`  ${key.padEnd(24)} ${fmt(a, 2).padStart(9)} ms  ${fmt(b, 2).padStart(9)} ms  ${fmt(b / a, 2).padStart(6)}×`);
  }
}

report(
  "SQLite",
  await engine(
    "sqlite",
    async (dataDir) => ({ file: path.join(dataDir, "presale.sqlite"), env: {}, drop: async () => {} }),
    (database, rows) => seedSqlite(database.file, rows),
  ),
);

const mysqlUp = await createConnection(MYSQL_URL).then(
  (conn) => (conn.end(), true),
  () => false,
);
if (mysqlUp) {
  report(
    "MariaDB",
    await engine(
      "mariadb",
      async () => {
        const name = `presale_audit_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
        const admin = await createConnection(MYSQL_URL);
        await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        await admin.end();
        const url = `${MYSQL_URL}/${name}`;
        const drop = async () => {
          const conn = await createConnection(MYSQL_URL);
          await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await conn.end();
        };
        return { url, env: { DATABASE_URL: url }, drop };
      },
      (database, rows) => seedMysql(database.url, rows),
    ),
  );
} else {
  console.log(`\n(MariaDB not reachable at ${MYSQL_URL}: the audit bench skipped it)`);
}
