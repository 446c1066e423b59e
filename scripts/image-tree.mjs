// The production image's contents, tested without a Docker daemon: reads the Dockerfile's last (runtime) stage,
// assembles exactly the files its COPY lines take into a temporary folder, starts its CMD there with its ENV
// (NODE_ENV=production) as a user who cannot write to that folder, and checks /readyz, sign-in with the first
// admin's printed password, and a list. A file the runtime needs but no COPY line takes fails here.
//
//   import { checkImageTree } from "./image-tree.mjs";   await checkImageTree();   // throws on failure
//   node scripts/image-tree.mjs                                                     // exit 1 with the reason
//
// Stages map to folders here: `build` is this checkout (built: `npm run build`), `deps` is the Dockerfile's own
// `npm ci` line run offline from the lockfile (--ignore-scripts; the compiled better-sqlite3 comes from this
// checkout, built for the Node that runs this script), cached in .cache/image-tree by lockfile and Node version.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/**
 * The unprivileged account the tree runs as when this script runs as root (the image's `node` user does not exist on
 * a CI machine); otherwise the tree runs as the caller, already unprivileged, with its files made read-only.
 */
const asRoot = process.getuid?.() === 0;
const RUN_AS = asRoot ? { user: "nobody", uid: 65534 } : { user: process.env.USER || String(process.getuid?.()), uid: process.getuid?.() };

class ImageTreeError extends Error {}
const fail = (message) => {
  throw new ImageTreeError(message);
};

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n");
    fail(`\`${cmd} ${args.join(" ")}\` failed (exit ${result.status ?? result.signal})\n${output}`);
  }
  return result.stdout;
}

/** The Dockerfile's instructions by stage: continuation lines joined, comments dropped. */
export function parseDockerfile(text) {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (instruction.toUpperCase() === "FROM") {
      const name = /\s+AS\s+(\S+)\s*$/i.exec(args)?.[1] ?? String(stages.length);
      stages.push({ name, workdir: "/", instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue; // ARG before the first FROM
    if (instruction.toUpperCase() === "WORKDIR") stage.workdir = path.posix.resolve(stage.workdir, args);
    stage.instructions.push({ instruction: instruction.toUpperCase(), args, workdir: stage.workdir });
  }
  return stages;
}

/** `COPY --from=stage src... dest` → { from, sources, dest } (absolute paths inside the stages). */
function parseCopy({ args, workdir }) {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith("--"));
  const paths = words.filter((word) => !word.startsWith("--"));
  if (paths.length < 2) fail(`COPY ${args}: expected sources and a destination`);
  const from = flags.find((flag) => flag.startsWith("--from="))?.slice("--from=".length);
  const unknown = flags.filter((flag) => !flag.startsWith("--from=") && !flag.startsWith("--chown=") && !flag.startsWith("--chmod="));
  if (unknown.length) fail(`COPY ${args}: ${unknown.join(" ")} is not understood by scripts/image-tree.mjs`);
  const sources = paths.slice(0, -1);
  const dest = path.posix.resolve(workdir, paths.at(-1));
  // Docker's rule: several sources, or a destination ending in /, copy into that folder.
  const intoFolder = sources.length > 1 || paths.at(-1).endsWith("/");
  return { from, sources, dest, intoFolder };
}

/** ENV a=b c=d (and the older ENV a b) → an object. */
function parseEnv(args) {
  const env = {};
  if (!args.includes("=")) {
    const [name, ...value] = args.split(/\s+/);
    env[name] = value.join(" ");
    return env;
  }
  for (const match of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) env[match[1]] = match[2].replace(/^"|"$/g, "");
  return env;
}

/** The deps install's cache key: the lockfile, the Node running this, the Dockerfile's npm ci arguments. */
function lockHash(npmArgs) {
  return createHash("sha256")
    .update(readFileSync(path.join(root, "package-lock.json")))
    .update(process.version)
    .update(npmArgs.join(" "))
    .digest("hex")
    .slice(0, 16);
}

/**
 * The deps stage: its own `npm ci` line, run offline (the npm cache holds every tarball the lockfile names) without
 * install scripts; packages that compile at install get their build output from this checkout instead.
 */
function depsStage(stage, log) {
  const install = stage.instructions.find((step) => step.instruction === "RUN" && /\bnpm ci\b/.test(step.args));
  if (!install) fail(`stage ${stage.name}: no \`RUN npm ci\` line to reproduce`);
  const npmArgs = /\bnpm ci\b([^&;|]*)/.exec(install.args)[1].trim().split(/\s+/).filter(Boolean);
  const dir = path.join(root, ".cache/image-tree", `deps-${lockHash(npmArgs)}`);
  const stageRoot = path.join(dir, install.workdir);
  if (existsSync(path.join(stageRoot, "node_modules"))) return dir;
  log(`image-tree: npm ci ${npmArgs.join(" ")} --offline (once per lockfile)`);
  // Older lockfiles' installs go: one is kept.
  for (const old of existsSync(path.dirname(dir)) ? readdirSync(path.dirname(dir)) : []) {
    if (old.startsWith("deps-")) rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
  }
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const work = path.join(partial, install.workdir);
  mkdirSync(work, { recursive: true });
  // What the stage's own COPY lines bring in before the install (package.json files and the lockfile).
  for (const step of stage.instructions.filter((s) => s.instruction === "COPY")) {
    const { from, sources, dest, intoFolder } = parseCopy(step);
    if (from) fail(`stage ${stage.name}: COPY --from is not expected before npm ci`);
    for (const source of sources) {
      const target = intoFolder ? path.join(partial, dest, path.basename(source)) : path.join(partial, dest);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(root, source), target);
    }
  }
  run("npm", ["ci", ...npmArgs, "--offline", "--ignore-scripts"], { cwd: work });
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!entry.hasInstallScript || !existsSync(path.join(work, location))) continue;
    const built = path.join(root, location, "build");
    if (existsSync(built)) cpSync(built, path.join(work, location, "build"), { recursive: true });
  }
  for (const step of stage.instructions.filter((s) => s.instruction === "RUN")) {
    const made = /mkdir -p (\S+)/.exec(step.args)?.[1];
    if (made) mkdirSync(path.join(work, made), { recursive: true });
  }
  renameSync(partial, dir);
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A sleep that does not keep the process alive (the loser of a race). */
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function post(url, body, token) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Assembles the runtime stage's tree, starts it, checks it; resolves with what it saw, throws with the reason. */
export async function checkImageTree({ dockerfile = path.join(root, "Dockerfile"), log = (line) => console.error(line) } = {}) {
  const started = Date.now();
  const stages = parseDockerfile(readFileSync(dockerfile, "utf8"));
  const runtime = stages.at(-1);
  if (!runtime) fail(`${dockerfile}: no FROM`);

  const temp = mkdtempSync(path.join(tmpdir(), "image-tree-"));
  chmodSync(temp, 0o755);
  const tree = path.join(temp, "root");
  let child;
  let output = "";
  try {
    const stageDirs = new Map();
    const stageDir = (name) => {
      if (stageDirs.has(name)) return stageDirs.get(name);
      const stage = stages.find((s) => s.name === name);
      if (!stage) fail(`COPY --from=${name}: no such stage`);
      let dir;
      if (stage.instructions.some((s) => s.instruction === "RUN" && /\bnpm run build\b/.test(s.args))) {
        // The build stage is this checkout, built; its WORKDIR is the checkout's root.
        dir = path.join(temp, "build-stage");
        mkdirSync(path.dirname(path.join(dir, stage.workdir)), { recursive: true });
        run("ln", ["-s", root, path.join(dir, stage.workdir)]);
      } else if (stage.instructions.some((s) => s.instruction === "RUN" && /\bnpm ci\b.*--omit=dev/.test(s.args))) {
        dir = depsStage(stage, log);
      } else fail(`stage ${name}: scripts/image-tree.mjs knows a build stage (npm run build) and a deps stage (npm ci --omit=dev)`);
      stageDirs.set(name, dir);
      return dir;
    };

    // The runtime stage, in order: COPY lines make the tree, ENV lines the environment, CMD the command.
    const env = {};
    let cmd;
    let user = "root";
    for (const step of runtime.instructions) {
      if (step.instruction === "ENV") Object.assign(env, parseEnv(step.args));
      else if (step.instruction === "USER") user = step.args;
      else if (step.instruction === "CMD") cmd = JSON.parse(step.args);
      else if (step.instruction === "COPY") {
        const { from, sources, dest, intoFolder } = parseCopy(step);
        // Without --from, sources are in the build context: this checkout.
        const base = from ? stageDir(from) : root;
        for (const source of sources) {
          const sourcePath = path.join(base, source);
          if (!existsSync(sourcePath))
            fail(`COPY ${step.args}: ${source} is missing in stage ${from ?? "context"} (${sourcePath}); run npm run build`);
          const target = intoFolder ? path.join(tree, dest, path.basename(source)) : path.join(tree, dest);
          mkdirSync(path.dirname(target), { recursive: true });
          // Owned by root: the user the tree runs as reads them and cannot change them. The checkout's files are
          // real copies (never written through); the deps stage is this script's own cache, hard-linked (fast).
          const ownCache = sourcePath.startsWith(path.join(root, ".cache") + path.sep);
          // Not as another user: protected_hardlinks refuses links to files one does not own.
          run("cp", [ownCache && asRoot ? "-al" : "-a", "--no-preserve=ownership", sourcePath, target]);
        }
      }
    }
    if (user === "root" || user === "0") fail("the runtime stage has no USER (it would run as root)");
    if (!Array.isArray(cmd) || cmd[0] !== "node") fail(`the runtime stage's CMD must be ["node", ...], found ${JSON.stringify(cmd)}`);
    if (env.NODE_ENV !== "production") fail("the runtime stage does not set NODE_ENV=production");
    // Readable by all, writable by none but root: what `read_only: true` leaves a non-root user.
    run("chmod", ["-R", asRoot ? "a+rX,go-w" : "a+rX,a-w", tree]);

    // DATA_DIR: the volume, the only place the runtime user may write.
    const dataDir = path.join(temp, "data");
    mkdirSync(dataDir);
    if (asRoot) chownSync(dataDir, RUN_AS.uid, RUN_AS.uid);
    const port = await freePort();
    const workdir = path.join(tree, runtime.workdir);
    const command = [process.execPath, ...cmd.slice(1)];
    const privileges = asRoot ? [`--reuid=${RUN_AS.uid}`, `--regid=${RUN_AS.uid}`, "--clear-groups"] : null;
    child = spawn(privileges ? "setpriv" : command[0], privileges ? [...privileges, ...command] : command.slice(1), {
      cwd: workdir,
      env: {
        PATH: process.env.PATH,
        HOME: dataDir,
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // No chain to reach from a test; everything else keeps its production default.
        CHAIN: "none",
        // The gateway prints the first admin's generated password once; ADMIN_PASSWORD stays unset to prove it.
        ADMIN_EMAIL: "admin@example.com",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const url = `http://127.0.0.1:${port}`;

    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) fail(`the gateway exited with ${child.exitCode} before /readyz answered`);
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) fail(`/readyz did not answer 200 within 90 s (last: ${status || "no answer"})`);
      await sleep(200);
    }
    const readyMs = Date.now() - started;

    const printed = /First admin created: (\S+) \/ (\S+)/.exec(output);
    if (!printed) fail("the first start did not print the generated admin password");
    const login = await post(`${url}/graphql`, {
      query: "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }",
      variables: { e: printed[1], p: printed[2] },
    });
    const token = login.body?.data?.login?.token;
    if (!token) fail(`sign-in with the printed password failed: ${login.status} ${JSON.stringify(login.body)}`);
    const list = await post(`${url}/graphql`, { query: "{ allNews(perPage: 5) { id heading } _allNewsMeta { count } }" }, token);
    const news = list.body?.data?.allNews;
    if (!Array.isArray(news)) fail(`allNews failed: ${list.status} ${JSON.stringify(list.body)}`);
    const page = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000) });
    const html = await page.text();
    if (page.status !== 200 || !/<div id="root">|<script/.test(html)) fail(`GET / did not serve the built admin (${page.status})`);
    // A rolling deploy stops it with SIGTERM: it must finish and exit 0 (compose's default grace is 10 s).
    const stopping = Date.now();
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
    child.kill("SIGTERM");
    const code = await Promise.race([exited, later(10_000).then(() => "still running after 10 s")]);
    if (code !== 0) fail(`on SIGTERM the gateway did not exit 0: ${code}`);
    const stopMs = Date.now() - stopping;
    return { readyMs, stopMs, totalMs: Date.now() - started, news: list.body.data._allNewsMeta.count, port };
  } catch (error) {
    if (error instanceof ImageTreeError && output)
      error.message += `\n--- gateway output ---\n${output.trim().split("\n").slice(-30).join("\n")}`;
    throw error;
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([new Promise((resolve) => child.once("exit", resolve)), later(10_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    if (!asRoot) spawnSync("chmod", ["-R", "u+w", temp]);
    rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    const result = await checkImageTree();
    console.log(
      `image-tree: the Dockerfile's runtime tree started as ${RUN_AS.user} with NODE_ENV=production: /readyz in ${result.readyMs} ms, ` +
        `signed in with the printed password, allNews listed (${result.news} news), ` +
        `stopped on SIGTERM in ${result.stopMs} ms; ${result.totalMs} ms in all`,
    );
  } catch (error) {
    console.error(`image-tree: FAILED: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
