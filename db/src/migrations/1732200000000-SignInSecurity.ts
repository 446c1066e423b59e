import { MigrationInterface, QueryRunner, Table, TableColumn } from "typeorm";
import { bool, id, index, int, longText, timestamps, varchar } from "./columns";

const NOT_NULL = { isNullable: false };

/**
 * Sign-in worthy of a treasury: revocable sessions (a token names its session
 * and the user's token version), two-factor sign-in (TOTP secret, hashed
 * recovery codes, the last time step used), and the record of sign-in attempts.
 */
export class SignInSecurity1732200000000 implements MigrationInterface {
  name = "SignInSecurity1732200000000";

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumns("users", [
      new TableColumn(int("tokenVersion")),
      new TableColumn(varchar("twoFactorSecret", 64)),
      new TableColumn(bool("twoFactorEnabled", false)),
      new TableColumn(longText(qr, "twoFactorRecovery")),
      new TableColumn(int("twoFactorLastStep")),
    ]);
    await qr.createTable(
      new Table({
        name: "sessions",
        columns: [
          id(),
          varchar("jti", 64, NOT_NULL),
          int("userId", NOT_NULL),
          varchar("userName", 100),
          varchar("ip", 45),
          varchar("userAgent", 255),
          int("expiresAt", NOT_NULL),
          bool("revoked", false),
          ...timestamps(),
        ],
        indices: [index("sessions", ["jti"], true), ...["userId", "expiresAt", "revoked", "createdAt"].map((c) => index("sessions", [c]))],
      }),
    );
    await qr.createTable(
      new Table({
        name: "sign_in_events",
        columns: [
          id(),
          varchar("email", 190, NOT_NULL),
          int("userId"),
          varchar("ip", 45),
          varchar("userAgent", 255),
          varchar("result", 24, NOT_NULL),
          ...timestamps(),
        ],
        indices: ["email", "userId", "ip", "result", "createdAt"].map((c) => index("sign_in_events", [c])),
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable("sign_in_events");
    await qr.dropTable("sessions");
    for (const column of ["twoFactorLastStep", "twoFactorRecovery", "twoFactorEnabled", "twoFactorSecret", "tokenVersion"])
      await qr.dropColumn("users", column);
  }
}
