import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { id, int, isMysql, longText, timestamps, varchar } from "./columns";
import { createSearchIndex, dropSearchIndex } from "./search";

const NOT_NULL = { isNullable: false };

/** The tables whose records can be updated, as the declarations said when this migration was written: each gets a version. */
const VERSIONED = [
  "users",
  "abouts",
  "features",
  "feature_descriptions",
  "roadmaps",
  "landing_blocks",
  "home_images",
  "home_pages",
  "settings",
  "news",
  "news_descriptions",
  "articles",
  "article_images",
  "pools",
  "ip_whitelist",
  "launchpads",
  "blocklist",
];

/** The default sort and every filter of the audit list, newest first, served by an index at millions of rows. */
const AUDIT_INDEXES = [
  ["createdAt", "id"],
  ["actorId", "createdAt", "id"],
  ["resource", "createdAt", "id"],
  ["resource", "recordId", "createdAt", "id"],
  ["recordId", "createdAt", "id"],
  ["operation", "createdAt", "id"],
  ["transport", "createdAt", "id"],
];

/**
 * The audit trail: `audit_events` (one row per change, appended in the
 * change's transaction) and a `version` on every updatable record, so a
 * stale save is refused instead of overwriting someone else's.
 */
export class AuditTrail1732600000000 implements MigrationInterface {
  name = "AuditTrail1732600000000";

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: "audit_events",
        columns: [
          id(),
          int("actorId"),
          varchar("actorName", 100, NOT_NULL),
          varchar("transport", 16, NOT_NULL),
          varchar("requestId", 64),
          varchar("ip", 45),
          varchar("resource", 64, NOT_NULL),
          varchar("recordId", 64),
          varchar("operation", 16, NOT_NULL),
          { ...longText(qr, "changes"), isNullable: false },
          varchar("txHash", 66),
          int("chainId"),
          longText(qr, "snapshot"),
          ...timestamps(),
        ],
        indices: AUDIT_INDEXES.map((columns) => ({ name: `IDX_audit_events_${columns.join("_")}`, columnNames: columns })),
      }),
    );
    await createSearchIndex(qr, "audit_events", ["actorName", "resource"]);
    // Plain ALTERs: TypeORM adds a SQLite column by rebuilding the table, which drops the triggers that keep its
    // search index current, and on MySQL it re-reads each table's definition first (seconds at every fresh start).
    for (const table of VERSIONED) {
      if (isMysql(qr)) await qr.query(`ALTER TABLE \`${table}\` ADD \`version\` int NOT NULL DEFAULT 1`);
      else await qr.query(`ALTER TABLE "${table}" ADD COLUMN "version" integer NOT NULL DEFAULT (1)`);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of VERSIONED)
      await qr.query(isMysql(qr) ? `ALTER TABLE \`${table}\` DROP COLUMN \`version\`` : `ALTER TABLE "${table}" DROP COLUMN "version"`);
    await dropSearchIndex(qr, "audit_events");
    await qr.dropTable("audit_events");
  }
}
