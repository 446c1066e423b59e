// Heavy signed-in reads against /healthz (called at the end of `npm run bench`, or alone:
// `node scripts/bench/heavyReads.mjs`): seeds 200,000 contributions on SQLite (one bulk insert), starts
// the built gateway, fires 8 parallel reads each at the largest cost GRAPHQL_MAX_COST lets through, and
// polls /healthz every 10 ms meanwhile (3 rounds). Prints the worst and median /healthz latency and how long the
// reads took. HEAVY_BENCH_ROWS overrides the row count.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fmt, median, startGateway } from "./gateway.mjs";

const ROWS = Number(process.env.HEAVY_BENCH_ROWS ?? 200_000);
const PARALLEL = 8;
/** Rounds of the 8 parallel reads, one after another (more /healthz polls to take the worst of). */
const ROUNDS = 3;

function seed(file, count) {
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO contributions (eventKey, chainId, presaleAddress, buyer, currency, amountPaid, tokens, blockNumber, txHash, logIndex, boughtAt, createdAt, updatedAt)
     VALUES (?, 97, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 0; n < count; n++) {
      const at = new Date(Date.UTC(2025, 0, 1) + n * 3000).toISOString().replace("T", " ").replace("Z", "");
      const hex = n.toString(16).padStart(40, "0");
      insert.run(
        `97:0x${n.toString(16).padStart(64, "0")}:0`,
        `0x${"1".repeat(40)}`,
        `0x${hex}`,
        n % 2 ? "BNB" : "BUSD",
        `${n}000000000000000`,
        `${n}000000000000000000`,
        1_000_000 + n,
        `0x${n.toString(16).padStart(64, "0")}`,
        at,
        at,
        at,
      );
    }
  })();
  db.exec("ANALYZE");
  db.close();
}

const FIELDS = "id presaleAddress buyer currency amountPaid tokens blockNumber txHash logIndex boughtAt";

/** The largest read of contributions one request may make: as many 1,000-row aliases as the cost limit lets through. */
async function largestRead(gateway) {
  for (let aliases = 10; aliases >= 1; aliases--) {
    const query = `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: allContributions(page: ${i}, perPage: 1000) { ${FIELDS} }`).join(" ")} }`;
    const res = await post(gateway, query);
    if (res.status === 200) return { query, aliases };
  }
  throw new Error("no read of contributions passes the cost limit");
}

const post = (gateway, query) =>
  fetch(`${gateway.base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
    body: JSON.stringify({ query }),
  }).then(async (res) => ({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }));

export async function heavyReads() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "presale-heavy-"));
  try {
    // A first start creates the tables (migrations); the rows go in while it is stopped.
    await (await startGateway({ DATA_DIR: dataDir })).stop();
    const seeding = performance.now();
    seed(path.join(dataDir, "presale.sqlite"), ROWS);
    console.log(`heavy reads: ${ROWS} contributions seeded in ${fmt((performance.now() - seeding) / 1000)} s`);
    // No kept answers: every read is read again from the database (the worst case).
    const gateway = await startGateway({ DATA_DIR: dataDir, PUBLIC_CACHE_MB: "0" });
    try {
      const { query, aliases } = await largestRead(gateway);
      const health = [];
      let running = true;
      const poll = (async () => {
        while (running) {
          const started = performance.now();
          await fetch(`${gateway.base}/healthz`).then((res) => res.arrayBuffer());
          health.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const started = performance.now();
      let answers = [];
      for (let round = 0; round < ROUNDS; round++)
        answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(gateway, query)));
      const readsMs = (performance.now() - started) / ROUNDS;
      running = false;
      await poll;
      const statuses = [...new Set(answers.map((a) => a.status))].join(",");
      console.log(
        `heavy reads: ${PARALLEL} × ${aliases} alias(es) × allContributions(perPage: 1000) (status ${statuses}, ` +
          `${fmt(answers[0].bytes / 1024 / 1024, 2)} MB each) took ${fmt(readsMs, 0)} ms a round (${ROUNDS} rounds); ` +
          `/healthz meanwhile: worst ${fmt(Math.max(...health), 0)} ms, median ${fmt(median(health), 0)} ms over ${health.length} polls`,
      );
    } finally {
      await gateway.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await heavyReads();
