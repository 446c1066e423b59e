import { MigrationInterface, QueryRunner, Table, type TableColumnOptions } from "typeorm";
import { bool, id, index, int, longText, text, varchar } from "./columns";

/** Milliseconds since 1970: retries are paced in fractions of a second (and tests pace them at 100 ms). */
const millis = (name: string, isNullable = true): TableColumnOptions => ({ name, type: "bigint", isNullable });

/**
 * Signed webhooks: the endpoints an admin registers, and their
 * outbox of deliveries. A delivery row is written in the transaction of the
 * write it tells of, so a crash loses none; workers claim a row with a
 * conditional update (status and lease), which both databases make atomic.
 * The signing secret is kept as given (it signs every delivery); it is shown
 * to the admin only once, when the endpoint is made.
 */
export class Webhooks1733300000000 implements MigrationInterface {
  name = "Webhooks1733300000000";

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: "webhooks",
        columns: [
          id(),
          varchar("url", 2000, { isNullable: false }),
          varchar("description", 255),
          // JSON lists: GraphQL type names, and operations among create, update, delete, restore.
          text("resources"),
          text("operations"),
          varchar("secret", 100, { isNullable: false }),
          bool("enabled", true),
          int("consecutiveFailures", { isNullable: false, default: 0 }),
          millis("disabledAt"),
          varchar("disabledReason", 255),
          millis("createdAt", false),
          millis("updatedAt", false),
        ],
        indices: [index("webhooks", ["enabled"])],
      }),
    );
    await qr.createTable(
      new Table({
        name: "webhook_deliveries",
        columns: [
          id(),
          int("webhookId", { isNullable: false }),
          // The Standard Webhooks `webhook-id`: the same on every attempt, so receivers can drop repeats.
          varchar("messageId", 40, { isNullable: false }),
          varchar("eventType", 80, { isNullable: false }),
          // `<resource>:<id>`: a record's deliveries go out one after another, in order.
          varchar("recordKey", 160, { isNullable: false }),
          longText(qr, "body"),
          // pending, sending (claimed until leaseUntil), delivered, failed.
          varchar("status", 16, { isNullable: false }),
          int("attempts", { isNullable: false, default: 0 }),
          millis("nextAttemptAt", false),
          millis("leaseUntil"),
          millis("retryUntil", false),
          int("responseStatus"),
          int("latencyMs"),
          varchar("lastError", 255),
          millis("createdAt", false),
          millis("deliveredAt"),
        ],
        indices: [
          index("webhook_deliveries", ["status", "nextAttemptAt"]),
          // Finished deliveries past WEBHOOK_LOG_DAYS are pruned by it.
          index("webhook_deliveries", ["status", "createdAt"]),
          index("webhook_deliveries", ["webhookId", "recordKey"]),
          index("webhook_deliveries", ["messageId"], true),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable("webhook_deliveries");
    await qr.dropTable("webhooks");
  }
}
