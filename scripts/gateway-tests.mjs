// Runs the gateway suite on SQLite, then on the local MariaDB (a fresh database per test file);
// gateway/test/scaleout/ (several gateway processes on one database) runs in the MariaDB pass only (jest.config.js).
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
for (const db of ["sqlite", "mysql"]) {
  console.log(`\n=== gateway tests on ${db} ===`);
  const result = spawnSync("npx", ["jest", ...args], {
    stdio: "inherit",
    env: { ...process.env, TEST_DB: db },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
