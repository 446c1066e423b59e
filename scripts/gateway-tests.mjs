// Runs the gateway suite on SQLite, then on the local MariaDB (a fresh database per test file);
// gateway/test/scaleout/ (several gateway processes on one database) runs in the MariaDB pass only (jest.config.js).
// The MariaDB pass mostly waits on the database: it runs two test files at a time (jest alone picks one
// worker on a 2-core machine); an explicit --maxWorkers/-w on the command line still wins.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const workersGiven = args.some((arg) => /^(--maxWorkers|-w|--runInBand|-i)(=|$)/.test(arg));
for (const db of ["sqlite", "mysql"]) {
  console.log(`\n=== gateway tests on ${db} ===`);
  const workers = db === "mysql" && !workersGiven ? ["--maxWorkers=2"] : [];
  const result = spawnSync("npx", ["jest", ...workers, ...args], {
    stdio: "inherit",
    env: { ...process.env, TEST_DB: db },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
