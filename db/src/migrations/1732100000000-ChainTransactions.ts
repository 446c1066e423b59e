import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { id, index, int, longText, timestamps, varchar } from "./columns";

const NOT_NULL = { isNullable: false };

/** The history of chain actions sent from the admin (ManageSale, Blocklist, LaunchPad add, farm pool add). */
export class ChainTransactions1732100000000 implements MigrationInterface {
  name = "ChainTransactions1732100000000";

  async up(qr: QueryRunner): Promise<void> {
    const name = "chain_transactions";
    await qr.createTable(
      new Table({
        name,
        columns: [
          id(),
          varchar("hash", 66, NOT_NULL),
          int("chainId", NOT_NULL),
          varchar("contract", 40, NOT_NULL),
          varchar("contractAddress", 42, NOT_NULL),
          varchar("presaleAddress", 42),
          varchar("functionName", 64, NOT_NULL),
          longText(qr, "args"),
          varchar("wallet", 42, NOT_NULL),
          int("userId"),
          varchar("userName", 100),
          int("blockNumber", NOT_NULL),
          varchar("status", 16, NOT_NULL),
          ...timestamps(),
        ],
        indices: [
          index(name, ["hash"], true),
          ...["contract", "contractAddress", "presaleAddress", "functionName", "wallet", "blockNumber", "status", "createdAt"].map((c) =>
            index(name, [c]),
          ),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable("chain_transactions");
  }
}
