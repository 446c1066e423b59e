import { MigrationInterface, QueryRunner, TableIndex } from "typeorm";
import { index } from "./columns";

/**
 * Every list sorts by every value column it shows: the columns that
 * became sortable get an index, so a page of the large tables is read off the
 * index (both engines end each index with the row id, the sort's tie-break).
 * Long-text columns (comments, setting values, audit changes, chain
 * arguments) do not sort.
 */
const ADDED: [string, string[]][] = [
  ["audit_events", ["actorName", "id"]],
  ["audit_events", ["transport", "id"]],
  ["audit_events", ["resource", "id"]],
  ["audit_events", ["operation", "id"]],
  ["audit_events", ["txHash", "id"]],
  ["chain_transactions", ["userName"]],
  ["sign_in_events", ["userAgent"]],
  ["contact_messages", ["website"]],
  ["contributions", ["tokens"]],
  ["contributions", ["txHash"]],
  ["pools", ["tokenAddresses"]],
];

export class SortIndexes1733100000000 implements MigrationInterface {
  name = "SortIndexes1733100000000";

  async up(qr: QueryRunner): Promise<void> {
    for (const [table, columns] of ADDED) await qr.createIndex(table, new TableIndex(index(table, columns)));
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const [table, columns] of [...ADDED].reverse()) await qr.dropIndex(table, index(table, columns).name!);
  }
}
