// `npm test`: every suite of the product. `npm run test:quick` (--quick): the inner loop, SQLite only, no Chromium.
//
// Suites run in lanes side by side: this 2-core machine spends most of the MariaDB pass and the end-to-end
// run waiting (on the database, the browser, the chain), so one CPU-bound lane and two waiting lanes finish
// in about the time of the longest. Each suite's output goes to .cache/test-logs/<suite>.log and is printed
// when the suite ends (all of it when it fails); the end prints the time of every suite and the slowest files.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, existsSync, rmSync, createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOGS = path.join(ROOT, ".cache/test-logs");
const quick = process.argv.includes("--quick");

/**
 * A suite: a label, commands run one after another, where its jest runs report their per-file times, and its
 * runtime: the machine's Node (20.19+ here) or Node 24 LTS, the reference, in the copy scripts/node24.mjs makes.
 */
const suite = (label, commands, opts = {}) => ({ label, commands, ...opts });
const npm = (...args) => ["npm", ...args];
const jestJson = (name) => path.join(LOGS, `${name}.json`);
const NODE = `Node ${process.versions.node}`;

const build = suite("build (contracts package, migrations, gateway)", [
  npm("run", "build", "-w", "abis"),
  npm("run", "build", "-w", "db"),
  npm("run", "build", "-w", "gateway"),
]);
/**
 * Node 24 from the npm registry and a copy of this tree with better-sqlite3 built for it (after the build). In a
 * process of its own: its work is synchronous (a fresh clone compiles for a minute and a half), and the admin's
 * jest starts meanwhile.
 */
let node24;
const prepare24 = suite("Node 24 LTS (npm registry) and a copy of the tree for it", [["node", "scripts/node24.mjs"]], {
  stdout: (printed) => {
    const { nodeBin, cwd, version } = JSON.parse(printed);
    node24 = { cwd, version, env: { ...process.env, PATH: `${path.dirname(nodeBin)}:${process.env.PATH}` } };
  },
});
const gateway = (db, workers, runtime) => {
  const name = `gateway-${db}-${runtime === "node24" ? "node24" : "node"}`;
  return suite(
    `gateway on ${db === "sqlite" ? "SQLite" : "MariaDB"}, ${runtime === "node24" ? "Node 24" : NODE}`,
    [["npx", "jest", `--maxWorkers=${workers}`, "--json", `--outputFile=${jestJson(name)}`]],
    { cwd: "gateway", runtime, env: { TEST_DB: db }, json: [jestJson(name)] },
  );
};
const admin = (workers) =>
  suite("admin (jest + msw)", [["npx", "jest", `--maxWorkers=${workers}`, "--json", `--outputFile=${jestJson("admin")}`]], {
    cwd: "admin",
    json: [jestJson("admin")],
  });
// The Dockerfile's runtime stage assembled and started as a non-root user (scripts/image-tree.mjs).
// Its build stage takes admin/dist: on Node 24 the end-to-end run built the copy's; this checkout (a fresh clone has
// none) takes that build (adminBuild).
const imageTree = (runtime) =>
  suite(
    `production tree (Dockerfile) on ${runtime === "node24" ? "Node 24" : NODE}`,
    [...(runtime === "node24" ? [] : [adminBuild]), ["node", "scripts/image-tree.mjs"]],
    { runtime },
  );

/**
 * admin/dist for this checkout's tree: the end-to-end run's build of the same sources (in Node 24's copy; static files,
 * whichever Node ran vite) when there is one, else built here.
 */
async function adminBuild(log) {
  const built = node24 && path.join(node24.cwd, "admin/dist");
  if (built && existsSync(path.join(built, "index.html"))) {
    rmSync(path.join(ROOT, "admin/dist"), { recursive: true, force: true });
    cpSync(built, path.join(ROOT, "admin/dist"), { recursive: true });
    log.write(`admin/dist copied from ${built}\n`);
    return;
  }
  const code = await run(npm("run", "build", "-w", "admin"), { log });
  if (code !== 0) throw new Error("the admin's build failed");
}

const endToEnd = (shard) =>
  suite(
    `end-to-end on Node 24 (Chromium, real gateway, database and chain), half ${shard} of 2`,
    [npm("run", "e2e", "-w", "admin", "--", `--shard=${shard}/2`, "--json", `--outputFile=${jestJson(`e2e-${shard}`)}`)],
    { runtime: "node24", json: [jestJson(`e2e-${shard}`)] },
  );

const lanes = quick
  ? [[gateway("sqlite", 2)], [admin(2)]]
  : [
      // CPU-bound, the longest: the admin's jest, two files at a time. One at a time, it got a third of a core beside
      // the other lanes and ended alone, a core idle (13m42s for 364 CPU seconds).
      [admin(2)],
      // Mostly waiting on MariaDB's disk syncs (its files take four times their SQLite time for a similar CPU), two
      // files at a time (three saved a minute, and once left a trigger's backup file the server could not remove).
      [gateway("mysql", 2, "node24")],
      // Mostly waiting on Chromium and the chain: two halves of the end-to-end files side by side, each with its own
      // gateway, database, chain and browser (admin/e2e/shards.mjs balances them); they leave a fresh admin build behind.
      [endToEnd(1), gateway("sqlite", 2, "node24")],
      [
        endToEnd(2),
        suite("JavaScript weight of /login", [["node", "scripts/login-weight.mjs"]], { runtime: "node24" }),
        // On the machine's Node: run first when Node 24 takes a while to prepare (a fresh clone downloads it), on the
        // core the admin's jest leaves meanwhile.
        { ...suite("lint", [npm("run", "lint")]), whileNode24: true },
        suite("contracts on anvil", [npm("test", "-w", "abis")]),
        imageTree("node24"),
        imageTree(),
      ],
    ];

const running = new Set();
let failed = null;

const seconds = (ms) => {
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, "0")}s`;
};

/** Runs one command with its output appended to the suite's log; resolves to its exit code. */
function run(command, { cwd = ".", runtime, env, log, stdout }) {
  if (typeof command === "function") {
    return command(log).then(
      () => 0,
      (error) => {
        log.write(`${error?.stack ?? error}\n`);
        return 1;
      },
    );
  }
  return new Promise((resolve) => {
    // Under scripts/reaper.py, which writes on fd 3 the CPU the command and every process it started used.
    const child = spawn("python3", [path.join(ROOT, "scripts/reaper.py"), ...command], {
      cwd: path.join(runtime === "node24" ? node24.cwd : ROOT, cwd),
      env: { ...(runtime === "node24" ? node24.env : process.env), ...env },
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    let printed = "";
    if (stdout) child.stdout.on("data", (chunk) => (printed += chunk));
    else child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let times = "";
    child.stdio[3].on("data", (chunk) => (times += chunk));
    child.on("close", (code, signal) => {
      running.delete(child);
      cpu.set(log, (cpu.get(log) ?? 0) + childrenCpu(times));
      let exit = code ?? (signal ? 1 : 0);
      if (stdout && exit === 0) {
        try {
          stdout(printed);
        } catch (error) {
          log.write(`${error?.stack ?? error}\n${printed}\n`);
          exit = 1;
        }
      }
      resolve(exit);
    });
  });
}

/** CPU seconds each suite's commands used, by the suite's log. */
const cpu = new Map();

/** The seconds scripts/reaper.py wrote (nothing when it could not run: 0). */
const childrenCpu = (written) => Number(written.trim()) || 0;

/** This process's CPU seconds, its own and every child's it waited for (/proc/self/stat: utime stime cutime cstime). */
function cpuInAll() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;

/** The machine's busy CPU seconds since boot (/proc/stat: user, nice, system, irq, softirq, steal). */
function machineCpu() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  return [user, nice, system, irq, softirq, steal].reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS;
}
const machineAtStart = machineCpu();

async function runSuite(current) {
  const file = path.join(LOGS, `${current.label.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "")}.log`);
  const log = createWriteStream(file);
  const started = Date.now();
  let code = 0;
  for (const command of current.commands) {
    if (failed) return { ...current, skipped: true };
    log.write(`$ ${typeof command === "function" ? current.label : command.join(" ")}\n`);
    code = await run(command, { cwd: current.cwd, runtime: current.runtime, env: current.env, stdout: current.stdout, log });
    if (code !== 0) break;
  }
  await new Promise((resolve) => log.end(resolve));
  const ms = Date.now() - started;
  const output = readFileSync(file, "utf8");
  if (code !== 0 && !failed) {
    failed = current.label;
    console.log(`\n##### ${current.label} FAILED after ${seconds(ms)}; its output (${path.relative(ROOT, file)}):\n${output}`);
    for (const child of running) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
  } else if (code === 0) {
    const summary = output.split("\n").filter((line) => /^(Tests|Test Suites):/.test(line));
    console.log(`##### ${current.label}: passed in ${seconds(ms)}${summary.length ? `  (${summary.join("; ")})` : ""}`);
  }
  return { ...current, ms, cpu: cpu.get(log) ?? 0, code };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Node 24's preparation, under way (null on --quick): a lane waits for it only before its first Node 24 suite. */
let ready24 = null;

/** How long Node 24's preparation may take before a lane runs a suite marked whileNode24 in the meantime. */
const NODE24_QUICK_MS = 10_000;

async function runLane(lane) {
  const results = [];
  const waiting = [...lane];
  while (waiting.length) {
    let current = waiting[0];
    const early = waiting.find((other) => other.whileNode24);
    if (current.runtime === "node24" && ready24 && early) {
      const prepared = await Promise.race([ready24.then(() => true), sleep(NODE24_QUICK_MS).then(() => false)]);
      if (!prepared) current = early;
    }
    waiting.splice(waiting.indexOf(current), 1);
    if (current.runtime === "node24") await ready24;
    results.push(await runSuite(current));
  }
  return results;
}

/** The slowest test files of every jest run that reported, for where time goes. */
function slowestFiles(results, count = 12) {
  const files = [];
  for (const result of results) {
    for (const json of result.json ?? []) {
      if (!existsSync(json)) continue;
      const report = JSON.parse(readFileSync(json, "utf8"));
      for (const file of report.testResults)
        files.push([file.endTime - file.startTime, `${result.label}: ${path.relative(ROOT, file.name)}`]);
    }
  }
  return files.sort((a, b) => b[0] - a[0]).slice(0, count);
}

rmSync(LOGS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });
const started = Date.now();
console.log(`${quick ? "Quick tests" : "All tests"}: logs in ${path.relative(ROOT, LOGS)}/`);
const results = [await runSuite(build)];
let laneResults = [];
if (!failed) {
  // The admin's jest (machine Node) starts while Node 24 is fetched and the copy made, mostly disk and network.
  ready24 = quick ? null : runSuite(prepare24).then((result) => results.push(result));
  laneResults = await Promise.all(lanes.map(runLane));
  await ready24;
  results.push(...laneResults.flat());
}

console.log("\n##### Time per suite: wall clock, CPU (user + system)");
const cpuSeconds = (s) => `${Math.round(s)} s CPU`.padStart(11);
for (const result of results)
  console.log(
    result.skipped
      ? `  skipped${"".padStart(13)}  ${result.label}`
      : `${seconds(result.ms).padStart(9)}  ${cpuSeconds(result.cpu)}  ${result.label}`,
  );
console.log("\n##### Time per lane (its suites one after another; the lanes side by side)");
laneResults.forEach((lane, index) => {
  const done = lane.filter((result) => !result.skipped);
  const ms = done.reduce((sum, result) => sum + result.ms, 0);
  const cpu = done.reduce((sum, result) => sum + result.cpu, 0);
  console.log(
    `${seconds(ms).padStart(9)}  ${cpuSeconds(cpu)}  lane ${index + 1}: ${lane.map((result) => result.label.split(" (")[0]).join("; ")}`,
  );
});
console.log(
  `${seconds(Date.now() - started).padStart(9)}  ${cpuSeconds(cpuInAll())}  in all (wall clock; CPU of every process the run started)`,
);
console.log(`${"".padStart(9)}  ${cpuSeconds(machineCpu() - machineAtStart)}  the machine meanwhile (its database and cache servers too)`);
const slow = slowestFiles(results);
if (slow.length) {
  console.log("\n##### Slowest test files");
  for (const [ms, name] of slow) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
if (failed) {
  console.error(`\n##### ${failed} failed`);
  process.exit(1);
}
console.log(`\n${quick ? "Quick tests" : "All suites"} passed.`);
