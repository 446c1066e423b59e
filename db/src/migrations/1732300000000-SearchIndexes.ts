import { MigrationInterface, QueryRunner } from "typeorm";
import { createSearchIndex, dropSearchIndex } from "./search";

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
};

/**
 * Search by index instead of LIKE '%…%' (which no index serves): FULLTEXT on
 * MySQL/MariaDB, FTS5 on SQLite (see search.ts).
 */
export class SearchIndexes1732300000000 implements MigrationInterface {
  name = "SearchIndexes1732300000000";

  async up(qr: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(SEARCHED)) await createSearchIndex(qr, table, columns);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of Object.keys(SEARCHED)) await dropSearchIndex(qr, table);
  }
}
