import { dropRunDatabases } from "./mysqlTemplate";

/** Drops the run's MariaDB databases (support/mysqlTemplate.ts). */
export default async function globalTeardown() {
  const run = process.env.PRESALE_TEST_RUN;
  if (run && process.env.TEST_DB === "mysql") await dropRunDatabases(run);
}
