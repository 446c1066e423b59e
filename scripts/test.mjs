// `npm test`: every suite of the product, stopping at the first that fails.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const has = (ws, script) => Boolean(JSON.parse(readFileSync(`${ws}/package.json`, "utf8")).scripts?.[script]);

const steps = [
  ["build", ["run", "build", "-w", "abis"]],
  ["build", ["run", "build", "-w", "db"]],
  ["gateway (SQLite, then MariaDB)", ["test", "-w", "gateway"]],
  ...(has("abis", "test") ? [["contracts on anvil", ["test", "-w", "abis"]]] : []),
  ...(has("admin", "test") ? [["admin (jest + msw)", ["test", "-w", "admin"]]] : []),
  ...(has("admin", "e2e") ? [["end-to-end (Chromium)", ["run", "e2e", "-w", "admin"]]] : []),
];

for (const [label, args] of steps) {
  console.log(`\n##### ${label}`);
  const r = spawnSync("npm", args, { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`\n##### ${label} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log("\nAll suites passed.");
