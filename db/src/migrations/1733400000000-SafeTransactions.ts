import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { datetime, id, index, int, longText, timestamps, varchar } from "./columns";
import { createSubstringSearch, dropSubstringSearch } from "./substringSearch";

/** The tables of SafeTransaction, SafeConfirmation (written by `npm run migration -w gateway`). */
export class SafeTransactions1733400000000 implements MigrationInterface {
  name = "SafeTransactions1733400000000";

  async up(qr: QueryRunner): Promise<void> {
    {
      const table = "safe_transactions";
      await qr.createTable(
        new Table({
          name: table,
          columns: [
            id(),
            varchar("safe", 42, { isNullable: false }),
            int("chainId", { isNullable: false }),
            varchar("to", 42, { isNullable: false }),
            varchar("value", 78, { isNullable: false }),
            { ...longText(qr, "data"), isNullable: false },
            int("operation", { isNullable: false }),
            varchar("safeTxGas", 64),
            varchar("baseGas", 64),
            varchar("gasPrice", 64),
            varchar("gasToken", 64),
            varchar("refundReceiver", 64),
            int("nonce", { isNullable: false }),
            varchar("safeTxHash", 66, { isNullable: false }),
            varchar("proposer", 42, { isNullable: false }),
            int("confirmationsRequired", { isNullable: false }),
            int("confirmationCount", { isNullable: false }),
            varchar("status", 16, { isNullable: false }),
            varchar("executedTxHash", 66),
            { ...datetime("executedAt"), isNullable: true },
            ...timestamps(),
          ],
          indices: [
            index(table, ["safe"]),
            index(table, ["to"]),
            index(table, ["nonce"]),
            index(table, ["safeTxHash"], true),
            index(table, ["proposer"]),
            index(table, ["status"]),
            index(table, ["executedAt"]),
            index(table, ["createdAt"]),
          ],
        }),
      );
      await createSubstringSearch(qr, table, ["safeTxHash"]);
    }
    {
      const table = "safe_confirmations";
      await qr.createTable(
        new Table({
          name: table,
          columns: [
            id(),
            varchar("confirmationKey", 120, { isNullable: false }),
            varchar("safeTxHash", 66, { isNullable: false }),
            varchar("owner", 42, { isNullable: false }),
            varchar("signature", 132, { isNullable: false }),
            ...timestamps(),
          ],
          indices: [
            index(table, ["confirmationKey"], true),
            index(table, ["safeTxHash"]),
            index(table, ["owner"]),
            index(table, ["createdAt"]),
          ],
        }),
      );
      await createSubstringSearch(qr, table, ["safeTxHash"]);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropSubstringSearch(qr, "safe_transactions");
    await qr.dropTable("safe_transactions");
    await dropSubstringSearch(qr, "safe_confirmations");
    await qr.dropTable("safe_confirmations");
  }
}
