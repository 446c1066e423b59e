// `npm run bench`: the performance figures, each measured in this one run (not part of `npm test`).
// Starts the built gateway on fresh data dirs, seeds 1,000 and 100,000 news rows on SQLite (and on
// MariaDB when it answers at MYSQL_URL), and prints ratios: throughput against a bare node:http server,
// a direct SQL handler and (when installed) a fastify + better-sqlite3 + gzip handler (autocannon,
// interleaved rounds), 100k/1k latencies, memory around the whole legacy list, and a cold load of the
// News list screen in Chromium (GraphQL requests, JavaScript beyond /login), the audit trail at scale
// (bench/audit.mjs), the list filter `q` at 100,000 news (bench/search.mjs) and 8 parallel maximum-cost reads of
// 200,000 contributions against /healthz (bench/heavyReads.mjs), and Lighthouse's performance scores of the signed-in
// News list and Dashboard (bench/lighthouse.mjs).
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createConnection } from "mysql2/promise";
import { bareServer, directSqlServer, fastifyServer } from "./bench/baselines.mjs";
import { fmt, median, MYSQL_URL, root, startGateway } from "./bench/gateway.mjs";
import { CHROMIUM, screenLoad } from "./bench/screenLoad.mjs";
import { BLOCKLIST_ROWS, seedMysql, seedSqlite } from "./bench/seed.mjs";

const SIZES = [1_000, 100_000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 2;

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

/** The whole gzip answer as sent (fetch would time its own decompression too); its size in bytes. */
const download = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let size = 0;
        res.on("data", (chunk) => (size += chunk.length));
        res.on("end", () => resolve(size));
      })
      .on("error", reject);
  });

/** Median wall time of `times` calls, in ms (the first call warms up and is left out). */
async function latency(call, times = 9) {
  await call();
  const spent = [];
  for (let run = 0; run < times; run++) {
    const started = performance.now();
    await call();
    spent.push(performance.now() - started);
  }
  return median(spent);
}

const LIST = `query($page: Int, $perPage: Int, $filter: NewsFilter) {
  items: allNews(page: $page, perPage: $perPage, sortField: "createdAt", sortOrder: "DESC", filter: $filter) { id heading visible createdAt }
  total: _allNewsMeta(filter: $filter) { count } }`;

/** The contact messages (read by admins and editors, not public): the permission check on every request. */
const MESSAGES_LIST = `query($page: Int, $perPage: Int) {
  items: allContactMessages(page: $page, perPage: $perPage, sortField: "createdAt", sortOrder: "DESC") { id name email createdAt }
  total: _allContactMessagesMeta { count } }`;

const BLOCKLIST_LIST = `query($page: Int, $perPage: Int) {
  items: allBlocklistEntries(page: $page, perPage: $perPage, sortField: "createdAt", sortOrder: "DESC") { id walletAddress createdAt }
  total: _allBlocklistEntriesMeta { count } }`;

/** Sessions of other roles and a read-only API token of the bench admin: the same lists read under other permissions. */
async function otherCallers(gateway) {
  const signIn = async (role) => {
    const user = { email: `${role}@example.com`, password: `bench-${role}-123` };
    const vars = { e: user.email, p: user.password, r: role };
    await gql(
      gateway,
      `mutation($e: String!, $p: String!, $r: String!) { createUser(name: $e, email: $e, password: $p, role: $r) { id } }`,
      vars,
    );
    const login = await fetch(`${gateway.base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(user),
    }).then((res) => res.json());
    return `Bearer ${login.token}`;
  };
  const made = await gql(gateway, `mutation { createApiToken(name: "bench", readOnly: true) { token } }`);
  return {
    admin: gateway.token,
    editor: await signIn("editor"),
    "sale-operator": await signIn("sale-operator"),
    "API token": `Bearer ${made.data.createApiToken.token}`,
  };
}

/**
 * Two private lists read as each caller that may: Blocklist, whose answers are kept (the check is all a request
 * costs beyond sending them), and contact messages, which are not (the check beside the whole GraphQL pipeline).
 */
const PERMISSION_LISTS = {
  "Blocklist, kept": { query: BLOCKLIST_LIST, callers: ["admin", "sale-operator", "API token"] },
  "messages, not kept": { query: MESSAGES_LIST, callers: ["admin", "editor", "API token"] },
};

/** A news added and deleted: the answer cache and the kept counts of News start over. */
async function touchNews(gateway) {
  const created = await gql(gateway, `mutation { createNews(heading: "Bench write", visible: false) { id } }`);
  await gql(gateway, `mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: created.data.createNews.id });
}

/**
 * Median time of `call` made right after a write, so that nothing is answered from a cache:
 * what the database, its indexes and the GraphQL pipeline cost (one sample is noise on a shared machine).
 */
async function freshLatency(gateway, call, times = 5) {
  await call(); // warms the code path up
  const spent = [];
  for (let run = 0; run < times; run++) {
    await touchNews(gateway);
    const started = performance.now();
    await call();
    spent.push(performance.now() - started);
  }
  return median(spent);
}

/** The cases compared between 1,000 and 100,000 rows, each read fresh (never from the answer cache). */
async function cases(gateway, rows) {
  const deepPage = Math.floor(rows / 20) - 1;
  const step = Math.max(1, Math.floor(deepPage / 50));
  let firstVisits = 0;
  const list = (variables) => () => gql(gateway, LIST, variables);
  const figures = {
    "list page 0": await freshLatency(gateway, list({ page: 0, perPage: 10 })),
    "deep page": await freshLatency(gateway, list({ page: deepPage, perPage: 10 })),
    // Each a page not read before, before every page read so far: read backwards from the marks (cache/pageMarks.ts) of the pages after it.
    "deep page, not read before": await freshLatency(gateway, () => list({ page: deepPage - ++firstVisits * step, perPage: 10 })()),
    "search, a match": await freshLatency(gateway, list({ page: 0, perPage: 10, filter: { q: "zebra" } })),
    "search, no match": await freshLatency(gateway, list({ page: 0, perPage: 10, filter: { q: "nothingmatchesthis" } })),
    "count (first)": await freshLatency(gateway, () =>
      gql(gateway, `query($f: NewsFilter) { _allNewsMeta(filter: $f) { count } }`, { f: { visible: true } }),
    ),
  };
  const before = gateway.rssMb();
  const legacyStarted = performance.now();
  await download(`${gateway.base}/api/get/news`);
  figures["legacy list (first)"] = performance.now() - legacyStarted;
  figures["legacy list (repeated)"] = await latency(() => download(`${gateway.base}/api/get/news`));
  figures.memory = { before, after: gateway.rssMb() };
  return figures;
}

/** Requests per second of each target, interleaved (a, b, a, b ...), each for SECONDS. */
async function throughput(targets) {
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, options] of Object.entries(targets)) {
      const result = await autocannon({ connections: 10, duration: SECONDS, ...options });
      // A rate of refusals (a 429, a 401) is no figure: say so rather than print it.
      if (result.non2xx) throw new Error(`${name}: ${result.non2xx} of ${result.requests.total} answers were not 2xx`);
      results[name].push(result.requests.average);
    }
  }
  return Object.fromEntries(Object.entries(results).map(([name, values]) => [name, median(values)]));
}

/** The query a public page of news makes: 10 rows and the count, anonymous. */
const PUBLIC_LIST = {
  query: LIST,
  variables: { page: 0, perPage: 10 },
};

async function engine(name, databaseFor, seed) {
  const measured = {};
  for (const rows of SIZES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `presale-bench-${name}-`));
    const database = await databaseFor(dataDir);
    // Migrate, then seed with the gateway stopped (its caches then start empty), then start it for good.
    await (await startGateway({ DATA_DIR: dataDir, ...database.env })).stop();
    await seed(database, rows);
    const gateway = await startGateway({ DATA_DIR: dataDir, ...database.env });
    measured[rows] = await cases(gateway, rows);
    if (name === "sqlite" && rows === SIZES[0]) {
      const read = await fetch(`${gateway.base}/api/get/news?page=1&perPage=10`, { headers: { "accept-encoding": "gzip" } });
      const body = Buffer.from(await read.arrayBuffer());
      const bare = await bareServer(gzipSync(body), { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip" });
      const publicGraphql = {
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": "gzip" },
        body: JSON.stringify(PUBLIC_LIST),
      };
      const graphqlRead = await fetch(`${gateway.base}/graphql`, publicGraphql);
      const graphqlBody = Buffer.from(await graphqlRead.arrayBuffer());
      const bareGraphql = await bareServer(gzipSync(graphqlBody), {
        "content-type": "application/json; charset=utf-8",
        "content-encoding": "gzip",
      });
      const direct = await directSqlServer(database.file, "news", "id, heading, visible, createdAt");
      const directBlocklist = await directSqlServer(database.file, "blocklist", "id, walletAddress, createdAt");
      const directMessages = await directSqlServer(database.file, "contact_messages", "id, name, email, createdAt");
      const reference = await fastifyServer(database.file);
      const gzip = { headers: { "accept-encoding": "gzip" } };
      const listRequest = {
        method: "POST",
        // As the admin in a browser sends it (browsers always take gzip).
        headers: { "content-type": "application/json", "accept-encoding": "gzip", authorization: `Bearer ${gateway.token}` },
        body: JSON.stringify({ query: LIST, variables: { page: 0, perPage: 10 } }),
      };
      // The same list with `me` beside it: a caller-dependent field, so the answer is never kept and
      // Apollo, type-graphql and the SQL run on every request (the list of a private resource costs this).
      const uncachedRequest = {
        ...listRequest,
        body: JSON.stringify({ query: LIST.replace(/ }$/, " me { id } }"), variables: { page: 0, perPage: 10 } }),
      };
      const uncached = await fetch(`${gateway.base}/graphql`, uncachedRequest).then((res) => res.json());
      if (uncached.errors || !uncached.data.me) throw new Error(`uncached list query failed: ${JSON.stringify(uncached)}`);
      // The list of a resource only signed-in users read (the Blocklist screen): kept per access, checked on each request.
      const signedInRequest = { ...listRequest, body: JSON.stringify({ query: BLOCKLIST_LIST, variables: { page: 0, perPage: 10 } }) };
      const signedIn = await fetch(`${gateway.base}/graphql`, signedInRequest).then((res) => res.json());
      if (signedIn.errors || signedIn.data.total.count !== BLOCKLIST_ROWS)
        throw new Error(`signed-in list failed: ${JSON.stringify(signedIn)}`);
      const callers = await otherCallers(gateway);
      const permissionTargets = {};
      for (const [list, { query, callers: names }] of Object.entries(PERMISSION_LISTS)) {
        for (const name of names) {
          const request = { ...listRequest, headers: { ...listRequest.headers, authorization: callers[name] } };
          request.body = JSON.stringify({ query, variables: { page: 0, perPage: 10 } });
          const answer = await fetch(`${gateway.base}/graphql`, request).then((res) => res.json());
          if (answer.errors || answer.data.total.count < BLOCKLIST_ROWS) throw new Error(`${list} as ${name}: ${JSON.stringify(answer)}`);
          permissionTargets[`${list} as ${name}`] = { url: `${gateway.base}/graphql`, ...request };
        }
      }
      measured.throughput = await throughput({
        "gateway public read": { url: `${gateway.base}/api/get/news?page=1&perPage=10`, ...gzip },
        "bare node:http, same bytes": { url: bare.url, ...gzip },
        "gateway public GraphQL read": { url: `${gateway.base}/graphql`, ...publicGraphql },
        "bare node:http, GraphQL bytes": { url: bareGraphql.url, ...publicGraphql },
        ...(reference && { "fastify + SQL + gzip": { url: reference.url, ...publicGraphql } }),
        "gateway admin list query": { url: `${gateway.base}/graphql`, ...listRequest },
        "admin list, not cached": { url: `${gateway.base}/graphql`, ...uncachedRequest },
        "direct SQL handler": { url: direct.url },
        "admin list, signed-in resource": { url: `${gateway.base}/graphql`, ...signedInRequest },
        "direct SQL handler, blocklist": { url: directBlocklist.url },
        ...permissionTargets,
        "direct SQL handler, messages": { url: directMessages.url },
      });
      await bare.close();
      await bareGraphql.close();
      await direct.close();
      await directBlocklist.close();
      await directMessages.close();
      await reference?.close();
      measured.screen = await screenLoad(gateway);
    }
    await gateway.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return measured;
}

function report(name, measured) {
  const [small, large] = SIZES;
  console.log(`\n## ${name}: ${large.toLocaleString("en")} rows against ${small.toLocaleString("en")} (median ms; ratio)`);
  for (const key of Object.keys(measured[small]).filter((key) => key !== "memory")) {
    const [a, b] = [measured[small][key], measured[large][key]];
    console.log(`  ${key.padEnd(24)} ${fmt(a, 2).padStart(9)} ms  ${fmt(b, 2).padStart(9)} ms  ${fmt(b / a, 2).padStart(6)}×`);
  }
  const memory = measured[large].memory;
  console.log(
    `  gateway memory around the whole legacy list at ${large.toLocaleString("en")} rows: ${fmt(memory.before, 0)} MB → ${fmt(memory.after, 0)} MB (+${fmt(memory.after - memory.before, 0)} MB)`,
  );
  if (measured.throughput) {
    const rates = measured.throughput;
    console.log(`\n## ${name}: throughput (requests/s, 10 connections, ${ROUNDS} interleaved rounds of ${SECONDS} s)`);
    for (const [target, rate] of Object.entries(rates)) console.log(`  ${target.padEnd(28)} ${fmt(rate, 0).padStart(8)}`);
    console.log(`  public read / bare node:http:      ${fmt(rates["gateway public read"] / rates["bare node:http, same bytes"], 2)}×`);
    console.log(
      `  public GraphQL read / bare node:http: ${fmt(rates["gateway public GraphQL read"] / rates["bare node:http, GraphQL bytes"], 2)}×`,
    );
    if (rates["fastify + SQL + gzip"]) {
      console.log(`  public GraphQL read / fastify:      ${fmt(rates["gateway public GraphQL read"] / rates["fastify + SQL + gzip"], 2)}×`);
    }
    console.log(`  admin list query / direct SQL:     ${fmt(rates["gateway admin list query"] / rates["direct SQL handler"], 2)}×`);
    console.log(`  admin list, not cached / direct SQL: ${fmt(rates["admin list, not cached"] / rates["direct SQL handler"], 2)}×`);
    console.log(
      `  signed-in list (Blocklist) / its direct SQL: ${fmt(rates["admin list, signed-in resource"] / rates["direct SQL handler, blocklist"], 2)}×`,
    );
    // What the permission check costs: each role's rate against the admin's on the same list, one run.
    for (const [list, { callers }] of Object.entries(PERMISSION_LISTS)) {
      const direct = rates[list.startsWith("Blocklist") ? "direct SQL handler, blocklist" : "direct SQL handler, messages"];
      for (const caller of callers) {
        const rate = rates[`${list} as ${caller}`];
        const slower = 100 * (1 - rate / rates[`${list} as admin`]);
        console.log(
          `  ${`${list} as ${caller}`.padEnd(34)} / direct SQL: ${fmt(rate / direct, 2)}×${caller === "admin" ? "" : `  (${fmt(slower, 1)} % below the admin's)`}`,
        );
      }
    }
  }
  if (measured.screen) {
    const { graphql, loginKb, listKb, listFiles } = measured.screen;
    console.log(`\n## ${name}: a cold load of the News list screen (Chromium, signed in)`);
    console.log(`  GraphQL requests:                  ${graphql}`);
    console.log(`  JavaScript of /login, as sent:     ${fmt(loginKb)} KB`);
    console.log(`  JavaScript beyond /login, as sent: ${fmt(listKb)} KB in ${listFiles} file(s)`);
  } else if (measured.throughput) {
    console.log(`\n(${name}: no Chromium at ${CHROMIUM}, playwright-core or admin build: screen load skipped)`);
  }
}

const sqlite = await engine(
  "sqlite",
  // The API token's own rate limit (600 a minute by default) would answer most of its bench requests 429.
  async (dataDir) => ({ file: path.join(dataDir, "presale.sqlite"), env: { API_TOKEN_RATE_PER_MINUTE: "1000000" }, drop: async () => {} }),
  (database, rows) => seedSqlite(database.file, rows),
);
report("SQLite", sqlite);

const mysqlUp = await createConnection(MYSQL_URL).then(
  (conn) => (conn.end(), true),
  () => false,
);
if (mysqlUp) {
  const mariadb = await engine(
    "mariadb",
    async () => {
      const name = `presale_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
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
  report("MariaDB", mariadb);
} else {
  console.log(`\n(MariaDB not reachable at ${MYSQL_URL}: skipped)`);
}

console.log("\n## admin JavaScript");
spawnSync(process.execPath, [path.join(root, "scripts/login-weight.mjs")], { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "scripts/bench/audit.mjs")], { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "scripts/bench/search.mjs")], { cwd: root, stdio: "inherit" });
console.log("\n## heavy signed-in reads against /healthz");
spawnSync(process.execPath, [path.join(root, "scripts/bench/heavyReads.mjs")], { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "scripts/bench/lighthouse.mjs")], { cwd: root, stdio: "inherit" });
