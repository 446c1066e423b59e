import { execFileSync, spawn, type ChildProcess } from "child_process";
import { createHash } from "crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "fs";
import { createServer } from "net";
import { homedir, tmpdir } from "os";
import path from "path";

export const ROOT = path.resolve(__dirname, "../..");
export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin-pass-e2e-123";
export const CHROMIUM = "/usr/bin/chromium";

/** The newest modification time under a path (files only). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stats = statSync(dir);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(dir)
    .filter((n) => n !== "node_modules" && n !== "dist")
    .reduce((m, n) => Math.max(m, newest(path.join(dir, n))), 0);
}

interface Workspace {
  name: string;
  inputs: string[];
  output: string;
}

const WORKSPACES: Workspace[] = [
  {
    name: "abis",
    inputs: ["src", "contracts", "scripts", "package.json", "tsconfig.json", "tsconfig.build.json"],
    output: "dist/index.js",
  },
  { name: "db", inputs: ["src", "images", "package.json", "tsconfig.json"], output: "dist/index.js" },
  { name: "gateway", inputs: ["src", "package.json", "tsconfig.json", "tsconfig.build.json"], output: "dist/main.js" },
  { name: "admin", inputs: ["src", "public", "index.html", "vite.config.ts", "package.json"], output: "dist/index.html" },
];

/**
 * The admin's build (about 45 s of CPU) is kept in the user's cache under a hash of what it is built from, so a fresh
 * clone of the same sources (as CI makes) restores it instead of building again. Only the latest build is kept.
 */
const ADMIN_BUILDS = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "presale-backoffice/admin-dist");
const ADMIN_INPUTS = [
  "admin/src",
  "admin/public",
  "admin/index.html",
  "admin/vite.config.ts",
  "admin/package.json",
  "abis/src",
  "package-lock.json",
];

function adminBuildKey(): string {
  const hash = createHash("sha256");
  const add = (file: string) => {
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory())
      readdirSync(file)
        .sort()
        .forEach((name) => add(path.join(file, name)));
    else hash.update(`${path.relative(ROOT, file)}\0`).update(readFileSync(file));
  };
  ADMIN_INPUTS.forEach((input) => add(path.join(ROOT, input)));
  return hash.digest("hex").slice(0, 24);
}

function restoreAdminBuild(log: (line: string) => void): boolean {
  const kept = path.join(ADMIN_BUILDS, adminBuildKey());
  if (!existsSync(path.join(kept, "index.html"))) return false;
  const dist = path.join(ROOT, "admin/dist");
  rmSync(dist, { recursive: true, force: true });
  cpSync(kept, dist, { recursive: true });
  log(`e2e: admin build restored from ${kept}`);
  return true;
}

function keepAdminBuild() {
  const key = adminBuildKey();
  mkdirSync(ADMIN_BUILDS, { recursive: true });
  for (const name of readdirSync(ADMIN_BUILDS)) if (name !== key) rmSync(path.join(ADMIN_BUILDS, name), { recursive: true, force: true });
  const partial = path.join(ADMIN_BUILDS, `${key}.${process.pid}.partial`);
  cpSync(path.join(ROOT, "admin/dist"), partial, { recursive: true });
  rmSync(path.join(ADMIN_BUILDS, key), { recursive: true, force: true });
  renameSync(partial, path.join(ADMIN_BUILDS, key));
}

/** Builds each workspace whose output is missing or older than its sources (abis and db, then gateway, then admin). */
export function buildIfStale(log = console.log) {
  let upstreamRebuilt = false;
  for (const ws of WORKSPACES) {
    const dir = path.join(ROOT, ws.name);
    const output = path.join(dir, ws.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changedAt = Math.max(...ws.inputs.map((i) => newest(path.join(dir, i))));
    if (builtAt === 0 || changedAt > builtAt || (upstreamRebuilt && ws.name === "gateway")) {
      if (ws.name === "admin" && restoreAdminBuild(log)) continue;
      log(`e2e: building ${ws.name}`);
      // Jest sets NODE_ENV=test, which would give a development build of React.
      const { NODE_ENV: _ignored, ...env } = process.env;
      execFileSync("npm", ["run", "build", "-w", ws.name], { cwd: ROOT, stdio: "inherit", env });
      if (ws.name === "admin") keepAdminBuild();
      upstreamRebuilt = true;
    }
  }
}

const LOCK = path.join(ROOT, ".cache/e2e-setup.lock");
const LOCK_STALE_MS = 15 * 60_000;
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `setup` while no other run of this suite does (a directory made atomically is the lock): `npm test` starts
 * two shards at once, and two builds into one dist, or two apt-get runs, would trip over each other. The second
 * waits, then finds everything built. A lock older than any setup was left by a killed run and is taken over.
 */
export function oneAtATime<T>(setup: () => T): T {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const madeAt = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
    if (madeAt !== undefined && Date.now() - madeAt > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
    else sleepSync(250);
  }
  try {
    return setup();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Debian's Chromium, installed when missing. */
export function ensureChromium(log = console.log) {
  if (existsSync(CHROMIUM)) return;
  log("e2e: installing chromium with apt-get");
  try {
    execFileSync("apt-get", ["install", "-y", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing after apt-get install chromium`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** A free port in [from, to] (this suite's ranges: 4300-4399 for the gateway, 8900-8999 for anvil), from a random one. */
export async function freePort(from = 4300, to = 4399): Promise<number> {
  const size = to - from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((start + i) % size);
    if (await portFree(port)) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

export interface Product {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
}

/** Part `index` (1-based) of `count` equal parts of [from, to]. */
function part(from: number, to: number, { index, count }: { index: number; count: number }): [number, number] {
  const size = Math.floor((to - from + 1) / count);
  return [from + (index - 1) * size, from + index * size - 1];
}

/**
 * Starts the real gateway on a fresh SQLite database and a fresh local chain (anvil), and waits for /healthz. The
 * end-to-end shards started side by side take ports from ranges of their own: two halves that picked the same free
 * port at the same moment would otherwise race for it.
 */
export async function startProduct(shard = { index: 1, count: 1 }): Promise<Product> {
  const port = await freePort(...part(4300, 4399, shard));
  const chainPort = await freePort(...part(8900, 8999, shard));
  const dataDir = mkdtempSync(path.join(tmpdir(), "presale-e2e-"));
  const child = spawn(process.execPath, [path.join(ROOT, "gateway/dist/main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      CHAIN: "local",
      LOCAL_CHAIN_PORT: String(chainPort),
      // As in production: the admin must work without asking the gateway for its schema.
      GRAPHQL_INTROSPECTION: "false",
      // The lowest bcrypt cost: every sign-in of the suite checks a hash.
      PASSWORD_HASH_ROUNDS: "4",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const fail = (message: string) => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  // A ceiling for a hang: the start (migrations, anvil, the contracts deployed and a demo sale seeded) is the heaviest
  // moment of a run, and a busy machine took more than a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw fail(`The gateway exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw fail("The gateway did not answer /healthz within 180 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, child };
}
