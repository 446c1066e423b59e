import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";
import { isMysql } from "./columns";

/**
 * Sessions you can see and end: when each session was last used,
 * recorded at most once a minute. Existing sessions start at their sign-in.
 */
export class SessionLastSeen1733000000000 implements MigrationInterface {
  name = "SessionLastSeen1733000000000";

  async up(qr: QueryRunner): Promise<void> {
    if (isMysql(qr)) await qr.addColumn("sessions", new TableColumn({ name: "lastSeenAt", type: "datetime", isNullable: true }));
    // TypeORM adds a SQLite column by rebuilding the table, which drops the triggers that keep its search index current.
    else await qr.query(`ALTER TABLE "sessions" ADD COLUMN "lastSeenAt" datetime`);
    await qr.query(`UPDATE sessions SET lastSeenAt = createdAt`);
  }

  async down(qr: QueryRunner): Promise<void> {
    if (isMysql(qr)) await qr.dropColumn("sessions", "lastSeenAt");
    else await qr.query(`ALTER TABLE "sessions" DROP COLUMN "lastSeenAt"`);
  }
}
