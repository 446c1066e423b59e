// `npm test`: every suite of the product, in order, stopping at the first that fails.
import { spawnSync } from "node:child_process";

const npm = (...args) => ["npm", ...args];
const steps = [
  // The gateway build is what the SIGTERM test runs as a real process.
  [
    "build the contracts package, the migrations and the gateway",
    npm("run", "build", "-w", "abis"),
    npm("run", "build", "-w", "db"),
    npm("run", "build", "-w", "gateway"),
  ],
  // ESLint, Prettier and the type checks (the gateway's and the contracts' types come from their builds).
  ["lint", npm("run", "lint")],
  ["gateway (SQLite, then MariaDB)", npm("test", "-w", "gateway")],
  ["contracts on anvil", npm("test", "-w", "abis")],
  ["admin (jest + msw)", npm("test", "-w", "admin")],
  ["end-to-end (Chromium, real gateway, database and chain)", npm("run", "e2e", "-w", "admin")],
  // The end-to-end run leaves a fresh admin build behind.
  ["JavaScript weight of /login", [process.execPath, "scripts/login-weight.mjs"]],
];

for (const [label, ...commands] of steps) {
  console.log(`\n##### ${label}`);
  for (const [cmd, ...args] of commands) {
    const result = spawnSync(cmd, args, { stdio: "inherit" });
    if (result.status !== 0) {
      console.error(`\n##### ${label} failed`);
      process.exit(result.status ?? 1);
    }
  }
}
console.log("\nAll suites passed.");
