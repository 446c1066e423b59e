// `npm start`: builds whatever is missing or older than its sources, then runs the product on one port.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { runGateway } from "./runGateway.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Newest modification time under a folder (skipping node_modules and build output). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", "dist", "build", "test-artifacts"].includes(entry.name)) continue;
    const entryPath = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(entryPath) : statSync(entryPath).mtimeMs);
  }
  return latest;
}

// A workspace without a build script is skipped.
const builds = [
  { workspace: "abis", sources: ["abis/contracts", "abis/src", "abis/scripts"], output: "abis/dist/index.js" },
  { workspace: "db", sources: ["db/src"], output: "db/dist/index.js" },
  { workspace: "gateway", sources: ["gateway/src", "db/src"], output: "gateway/dist/main.js" },
  { workspace: "admin", sources: ["admin/src", "admin/index.html", "admin/vite.config.ts"], output: "admin/dist/index.html" },
];

for (const build of builds) {
  const out = path.join(root, build.output);
  const pkg = path.join(root, build.workspace, "package.json");
  if (!JSON.parse(readFileSync(pkg, "utf8")).scripts?.build) continue;
  const srcTime = Math.max(
    ...build.sources.map((s) => {
      const sourcePath = path.join(root, s);
      return existsSync(sourcePath) && statSync(sourcePath).isFile() ? statSync(sourcePath).mtimeMs : newest(sourcePath);
    }),
  );
  if (existsSync(out) && statSync(out).mtimeMs >= srcTime) continue;
  console.log(`building ${build.workspace}...`);
  const result = spawnSync("npm", ["run", "build", "-w", build.workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

runGateway();
