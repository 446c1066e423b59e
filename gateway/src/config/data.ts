import path from "path";
import { z } from "zod";
import { text, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

/** mysql://user:pass@host:port/db, or a SQLite file path. */
export type DatabaseConfig = { type: "mysql"; url: string } | { type: "sqlite"; file: string };

const databaseUrl = z.string().transform((url, context): DatabaseConfig => {
  if (/^sqlite:/i.test(url)) return { type: "sqlite", file: path.resolve(url.replace(/^sqlite:(\/\/)?/i, "")) };
  if (!/^mysql:\/\//i.test(url)) {
    context.addIssue({ code: "custom", message: "must start with mysql:// or sqlite:" });
    return z.NEVER;
  }
  let database: string;
  try {
    database = new URL(url).pathname.replace("/", "");
  } catch {
    context.addIssue({ code: "custom", message: "must be a valid URL" });
    return z.NEVER;
  }
  if (!database) context.addIssue({ code: "custom", message: "must name a database: mysql://user:pass@host:port/db" });
  return { type: "mysql", url };
});

export const dataSettings = settingGroup({
  title: "Data",
  intro: "Where records, images and the generated secret live. See [operations](operations.md) for MySQL/MariaDB and backups.",
  settings: {
    DATA_DIR: setting({
      parse: text.transform((dir) => path.resolve(dir)),
      default: "./data",
      production: "the volume: the one writable place of a read-only container",
      description:
        "where the SQLite file, the images (`DATA_DIR/images`, unless `S3_BUCKET` is set) and the generated JWT secret live; created 0700",
    }),
    DATABASE_URL: setting({
      parse: databaseUrl,
      unset: "SQLite file `DATA_DIR/presale.sqlite`",
      production: "replicas share one MySQL/MariaDB database (SQLite is one process's)",
      description: "`mysql://user:pass@host:3306/db` for MySQL or MariaDB, or `sqlite:/path/file.sqlite`",
    }),
    STARTUP_LOCK_TIMEOUT_S: setting({
      parse: wholeNumber(1, 86_400),
      default: "300",
      description:
        "how long a starting process waits for another one's migrations and seeds (replicas starting together take turns) before exiting with an error",
    }),
    AUDIT_RETENTION_DAYS: setting({
      parse: wholeNumber(1, 36_500),
      unset: "keep forever",
      description:
        "days audit events are kept (1 to 36500); older ones are deleted at start and every hour, oldest first in batches of 1,000 (replicas may prune at once)",
    }),
  },
});

const sqliteIn = (dataDir: string): DatabaseConfig => ({ type: "sqlite", file: path.join(dataDir, "presale.sqlite") });

/** Where the data lives: the SQLite file and the images go under DATA_DIR unless told otherwise. */
export const dataConfig = (values: Values<typeof dataSettings>) => ({
  dataDir: values.DATA_DIR,
  imagesDir: path.join(values.DATA_DIR, "images"),
  database: values.DATABASE_URL ?? sqliteIn(values.DATA_DIR),
  startupLockTimeoutMs: values.STARTUP_LOCK_TIMEOUT_S * 1000,
  auditRetentionDays: values.AUDIT_RETENTION_DAYS ?? null,
});
