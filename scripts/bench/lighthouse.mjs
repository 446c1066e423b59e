// Lighthouse 12.2.3 on the signed-in admin (called by `npm run bench`, or alone: `node scripts/bench/lighthouse.mjs`):
// starts the built gateway serving the built admin on a fresh SQLite database with 1,000 news rows, signs the bench
// admin in once in Debian's Chromium (launched with --remote-debugging-port; nothing is downloaded), then runs
// Lighthouse's performance category through that port with storage kept (the session stays) and the HTTP cache
// emptied before each run (every load is cold): /News with the mobile and desktop presets, /Dashboard desktop.
// Prints each score with FCP, LCP, TBT and CLS against the targets in ALL_PAGES. LIGHTHOUSE_RUNS (default 3) runs
// per page, the median score kept (one run is noise on a shared machine); LIGHTHOUSE_PAGES narrows the pages and
// LIGHTHOUSE_JSON keeps the last report.
import Database from "better-sqlite3";
import lighthouse, { desktopConfig } from "lighthouse";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fmt, freePort, median, root, startGateway } from "./gateway.mjs";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
// The admin's dev dependency (as in bench.mjs), which signs the bench admin in through the debugging port.
const playwright = await import(createRequire(import.meta.url).resolve("playwright-core"));
const { chromium } = playwright.default ?? playwright;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const NEWS_ROWS = 1_000;

/** The pages measured, each with its preset and the performance score it must reach. */
const ALL_PAGES = [
  { route: "/News", preset: "mobile", target: 75 },
  { route: "/News", preset: "desktop", target: 90 },
  { route: "/Dashboard", preset: "desktop", target: 85 },
];
// LIGHTHOUSE_PAGES="/News mobile" measures only the pages named (comma-separated "route preset").
const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((page) => page.trim());
const PAGES = only ? ALL_PAGES.filter(({ route, preset }) => only.includes(`${route} ${preset}`)) : ALL_PAGES;

const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
};

function seed(file) {
  const db = new Database(file);
  const insert = db.prepare(`INSERT INTO news (heading, description, visible, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (let item = 0; item < NEWS_ROWS; item++) {
      const created = new Date(Date.UTC(2025, 0, 1) + item * 60_000).toISOString().replace("T", " ").replace("Z", "");
      insert.run(`News item ${item} about staking and presales`, `Description of news item ${item}.`, item % 3 ? 1 : 0, created, created);
    }
  })();
  db.close();
}

/** Debian's Chromium, headless, on a fresh profile, driven through its debugging port. */
async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "presale-lighthouse-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop: async () => {
      await new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run of `url` (performance only) with the page's storage kept: its score and metrics. */
async function audit(url, port, preset) {
  const flags = { port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true };
  const { lhr } = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_JSON=file keeps the last run's whole report (long tasks, boot-up time per script) to look into.
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr));
  return {
    score: lhr.categories.performance.score * 100,
    ...Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id].numericValue])),
  };
}

if (!existsSync(CHROMIUM) || !existsSync(path.join(root, "admin/dist/index.html"))) {
  console.log(`\n(Lighthouse: no Chromium at ${CHROMIUM} or no admin build: skipped)`);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "presale-bench-lighthouse-"));
// Migrate, then seed with the gateway stopped (its caches start empty), then start it for good.
await (await startGateway({ DATA_DIR: dataDir })).stop();
seed(path.join(dataDir, "presale.sqlite"));
const gateway = await startGateway({ DATA_DIR: dataDir });
const browser = await startChromium();
try {
  // Signed in as the admin would be after the login form: the session in the origin's localStorage.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
  const [context] = cdp.contexts();
  const page = await context.newPage();
  await page.goto(`${gateway.base}/login`);
  await page.evaluate(
    ([token, name]) => (localStorage.setItem("token", token), localStorage.setItem("name", name)),
    [gateway.token, "admin"],
  );
  const session = await context.newCDPSession(page);
  await page.goto("about:blank"); // the measured page is the only one of the origin open

  console.log(`\n## Lighthouse 12.2.3, performance, signed in (median of ${RUNS} cold runs; Chromium ${cdp.version()})`);
  let missed = 0;
  for (const { route, preset, target } of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      await session.send("Network.clearBrowserCache");
      runs.push(await audit(`${gateway.base}${route}`, browser.port, preset));
    }
    const score = median(runs.map((r) => r.score));
    const at = (name) => median(runs.map((r) => r[name]));
    if (score < target) missed++;
    console.log(
      `  ${`${route} ${preset}`.padEnd(20)} ${fmt(score, 0).padStart(3)} (target ≥ ${target}${score >= target ? "" : ", missed"})` +
        `  FCP ${fmt(at("FCP") / 1000, 2)} s  LCP ${fmt(at("LCP") / 1000, 2)} s  TBT ${fmt(at("TBT"), 0)} ms  CLS ${fmt(at("CLS"), 3)}` +
        `  (runs: ${runs.map((r) => fmt(r.score, 0)).join(", ")})`,
    );
  }
  if (missed) console.log(`  ${missed} target(s) missed (on a machine shared with other work the scores run lower)`);
  await cdp.close();
} finally {
  await browser.stop();
  await gateway.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
