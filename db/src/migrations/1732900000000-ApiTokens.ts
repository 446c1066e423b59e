import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { bool, id, index, int, text, varchar } from "./columns";

/**
 * API tokens: a user's keys for integrations. Only a keyed hash of
 * the secret is stored (HMAC-SHA-256 with the gateway's API_TOKEN_SECRET),
 * found by the token's random public id. Times are seconds since 1970, as a
 * session's expiry is, so both databases read them back alike.
 */
export class ApiTokens1732900000000 implements MigrationInterface {
  name = "ApiTokens1732900000000";

  async up(qr: QueryRunner): Promise<void> {
    const table = "api_tokens";
    await qr.createTable(
      new Table({
        name: table,
        columns: [
          id(),
          varchar("publicId", 32, { isNullable: false }),
          int("userId", { isNullable: false }),
          varchar("name", 100, { isNullable: false }),
          varchar("description", 255),
          varchar("secretHash", 64, { isNullable: false }),
          bool("readOnly", false),
          // JSON list of permissions; null: the owner's role.
          text("permissions"),
          int("expiresAt"),
          bool("revoked", false),
          int("lastUsedAt"),
          varchar("lastUsedIp", 45),
          int("createdAt", { isNullable: false }),
          int("updatedAt", { isNullable: false }),
        ],
        indices: [index(table, ["publicId"], true), index(table, ["userId"])],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable("api_tokens");
  }
}
