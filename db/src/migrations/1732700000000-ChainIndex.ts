import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from "typeorm";
import { datetime, id, index, int, isMysql, longText, timestamps, varchar } from "./columns";
import { createSearchIndex, dropSearchIndex } from "./search";

const NOT_NULL = { isNullable: false };

/** A uint256 kept exact and in numeric order: DECIMAL(65,0) on MySQL, zero-padded 78-digit text on SQLite (gateway kit/entity.ts). */
const uint = (qr: QueryRunner, name: string): TableColumnOptions => ({
  name,
  ...(isMysql(qr) ? { type: "decimal", precision: 65, scale: 0 } : { type: "varchar", length: "78" }),
  isNullable: false,
});
/** Milliseconds or seconds since 1970: past what a 32-bit integer holds. */
const bigint = (name: string, opts: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "bigint",
  isNullable: true,
  ...opts,
});

/**
 * The chain indexer's tables (gateway/src/chain/indexer): the presale
 * contributions and whitelists it reads from the factory's presales (exposed as
 * resources), the raw events they come from (unique per log, so a replayed
 * range writes nothing twice), the presales followed, the cursor per chain and
 * factory, and the recent block hashes a reorg is detected by.
 */
export class ChainIndex1732700000000 implements MigrationInterface {
  name = "ChainIndex1732700000000";

  async up(qr: QueryRunner): Promise<void> {
    {
      const table = "contributions";
      await qr.createTable(
        new Table({
          name: table,
          columns: [
            id(),
            varchar("eventKey", 90, NOT_NULL),
            int("chainId", NOT_NULL),
            varchar("presaleAddress", 42, NOT_NULL),
            varchar("buyer", 42, NOT_NULL),
            varchar("currency", 4, NOT_NULL),
            uint(qr, "amountPaid"),
            uint(qr, "tokens"),
            int("blockNumber", NOT_NULL),
            varchar("txHash", 66, NOT_NULL),
            int("logIndex", NOT_NULL),
            { ...datetime("boughtAt"), isNullable: false },
            ...timestamps(),
          ],
          indices: [
            index(table, ["eventKey"], true),
            ...["presaleAddress", "buyer", "currency", "amountPaid", "blockNumber", "boughtAt", "createdAt"].map((c) => index(table, [c])),
          ],
        }),
      );
      await createSearchIndex(qr, table, ["buyer", "txHash"]);
    }
    {
      const table = "whitelist_entries";
      await qr.createTable(
        new Table({
          name: table,
          columns: [
            id(),
            varchar("entryKey", 100, NOT_NULL),
            int("chainId", NOT_NULL),
            varchar("presaleAddress", 42, NOT_NULL),
            varchar("address", 42, NOT_NULL),
            uint(qr, "allocation"),
            { ...datetime("addedAt"), isNullable: false },
            int("blockNumber", NOT_NULL),
            ...timestamps(),
          ],
          indices: [
            index(table, ["entryKey"], true),
            ...["presaleAddress", "address", "allocation", "addedAt", "blockNumber", "createdAt"].map((c) => index(table, [c])),
          ],
        }),
      );
      await createSearchIndex(qr, table, ["address"]);
    }
    await qr.createTable(
      new Table({
        name: "chain_events",
        columns: [
          id(),
          int("chainId", NOT_NULL),
          int("blockNumber", NOT_NULL),
          varchar("blockHash", 66, NOT_NULL),
          bigint("blockTime", NOT_NULL),
          varchar("txHash", 66, NOT_NULL),
          int("logIndex", NOT_NULL),
          varchar("address", 42, NOT_NULL),
          varchar("name", 40, NOT_NULL),
          longText(qr, "args"),
        ],
        indices: [
          index("chain_events", ["chainId", "txHash", "logIndex"], true),
          index("chain_events", ["chainId", "blockNumber"]),
          index("chain_events", ["chainId", "address", "blockNumber"]),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: "chain_presales",
        columns: [
          id(),
          int("chainId", NOT_NULL),
          varchar("factory", 42, NOT_NULL),
          varchar("presaleAddress", 42, NOT_NULL),
          varchar("tokenAddress", 42, NOT_NULL),
          int("createdBlock", NOT_NULL),
          varchar("hardCap", 78),
          varchar("busdHardCap", 78),
        ],
        indices: [index("chain_presales", ["chainId", "presaleAddress"], true), index("chain_presales", ["chainId", "factory"])],
      }),
    );
    await qr.createTable(
      new Table({
        name: "chain_index_cursors",
        columns: [
          id(),
          int("chainId", NOT_NULL),
          varchar("factory", 42, NOT_NULL),
          int("blockNumber", NOT_NULL),
          varchar("blockHash", 66),
          int("headBlock"),
          varchar("lastError", 500),
          bigint("updatedAtMs"),
        ],
        indices: [index("chain_index_cursors", ["chainId", "factory"], true)],
      }),
    );
    await qr.createTable(
      new Table({
        name: "chain_index_blocks",
        columns: [
          id(),
          int("chainId", NOT_NULL),
          varchar("factory", 42, NOT_NULL),
          int("blockNumber", NOT_NULL),
          varchar("blockHash", 66, NOT_NULL),
        ],
        indices: [index("chain_index_blocks", ["chainId", "factory", "blockNumber"], true)],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ["chain_index_blocks", "chain_index_cursors", "chain_presales", "chain_events"]) await qr.dropTable(table);
    await dropSearchIndex(qr, "whitelist_entries");
    await qr.dropTable("whitelist_entries");
    await dropSearchIndex(qr, "contributions");
    await qr.dropTable("contributions");
  }
}
