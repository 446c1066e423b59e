import { randomBytes } from "crypto";

/** Names the run, for the MariaDB databases its test apps share (support/mysqlTemplate.ts); jest's workers inherit it. */
export default function globalSetup() {
  process.env.PRESALE_TEST_RUN ??= randomBytes(4).toString("hex");
}
