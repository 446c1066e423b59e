import { MigrationInterface, QueryRunner } from "typeorm";
import { createSearchIndex, dropSearchIndex } from "./search";
import { createSubstringSearch, createTrigramTable, dropSubstringSearch, dropTrigramTable } from "./substringSearch";

/** The columns `q` searches in each table, as the resource declarations said when this migration was written. */
const SEARCHED: Record<string, string[]> = {
  users: ["name", "email"],
  abouts: ["title", "heading", "description", "content"],
  features: ["title", "heading", "description", "content"],
  feature_descriptions: ["title", "heading", "description"],
  roadmaps: ["title", "heading", "description", "content"],
  landing_blocks: ["identifier", "pageName", "title", "description", "blocks"],
  home_pages: ["title", "heading", "description", "content"],
  settings: ["name", "value"],
  news: ["heading", "description"],
  news_descriptions: ["title", "heading", "description", "newsLink", "vimeoLink"],
  articles: [
    "title",
    "heading",
    "description",
    "description1",
    "description2",
    "description3",
    "newsLink",
    "newsLink1",
    "newsLink2",
    "newsLink3",
    "vimeoLink",
    "vimeoLink1",
    "vimeoLink2",
    "vimeoLink3",
  ],
  contact_messages: ["name", "email", "website", "comments"],
  pools: ["lpSymbol", "tokenSymbol"],
  ip_whitelist: ["address"],
  launchpads: ["tokenName", "tokenSymbol", "presaleAddress"],
  blocklist: ["walletAddress"],
  chain_transactions: ["hash", "functionName", "userName"],
  sessions: ["userName", "ip"],
  sign_in_events: ["email", "ip"],
  audit_events: ["actorName", "resource"],
  contributions: ["buyer", "txHash"],
  whitelist_entries: ["address"],
  roles: ["name"],
};

/**
 * The list filter as DataTables has it: each term a
 * case-insensitive substring of a searched column, not a word prefix. The word
 * indexes (FTS5 unicode61, FULLTEXT) give way to trigram ones: FTS5 tables
 * with the trigram tokenizer on SQLite, the search_trigrams table kept by
 * triggers on MySQL/MariaDB (see substringSearch.ts).
 */
export class SubstringSearch1733200000000 implements MigrationInterface {
  name = "SubstringSearch1733200000000";

  async up(qr: QueryRunner): Promise<void> {
    await createTrigramTable(qr);
    for (const [table, columns] of Object.entries(SEARCHED)) {
      await dropSearchIndex(qr, table);
      await createSubstringSearch(qr, table, columns);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(SEARCHED)) {
      await dropSubstringSearch(qr, table);
      await createSearchIndex(qr, table, columns);
    }
    await dropTrigramTable(qr);
  }
}
