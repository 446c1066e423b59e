import { QueryRunner } from "typeorm";
import { isMysql } from "./columns";

const quote = (name: string) => `"${name}"`;

/**
 * The search index of a table's searched columns, so that `q` is served by an
 * index and not LIKE '%…%': on MySQL/MariaDB a FULLTEXT index FT_<table>
 * (built without stopwords, so every word can be found); on SQLite an FTS5
 * table <table>_search with external content, kept in step by triggers.
 * Frozen with the migrations that use it.
 */
export async function createSearchIndex(qr: QueryRunner, table: string, columns: string[]): Promise<void> {
  if (isMysql(qr)) {
    await qr.query("SET SESSION innodb_ft_enable_stopword = 0");
    await qr.query(`ALTER TABLE \`${table}\` ADD FULLTEXT INDEX \`FT_${table}\` (${columns.map((c) => `\`${c}\``).join(", ")})`);
    return;
  }
  const search = `${table}_search`;
  const list = columns.map(quote).join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${quote(c)}`).join(", ");
  await qr.query(`CREATE VIRTUAL TABLE ${quote(search)} USING fts5(${list}, content=${quote(table)}, content_rowid='id')`);
  await qr.query(`CREATE TRIGGER ${quote(`${search}_insert`)} AFTER INSERT ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (rowid, ${list}) VALUES (new.id, ${values("new")}); END`);
  await qr.query(`CREATE TRIGGER ${quote(`${search}_delete`)} AFTER DELETE ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (${quote(search)}, rowid, ${list}) VALUES ('delete', old.id, ${values("old")}); END`);
  await qr.query(`CREATE TRIGGER ${quote(`${search}_update`)} AFTER UPDATE ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (${quote(search)}, rowid, ${list}) VALUES ('delete', old.id, ${values("old")});
    INSERT INTO ${quote(search)} (rowid, ${list}) VALUES (new.id, ${values("new")}); END`);
  await qr.query(`INSERT INTO ${quote(search)} (${quote(search)}) VALUES ('rebuild')`);
}

export async function dropSearchIndex(qr: QueryRunner, table: string): Promise<void> {
  if (isMysql(qr)) {
    await qr.query(`ALTER TABLE \`${table}\` DROP INDEX \`FT_${table}\``);
    return;
  }
  // The triggers belong to the watched table: they go first.
  for (const event of ["insert", "delete", "update"]) await qr.query(`DROP TRIGGER ${quote(`${table}_search_${event}`)}`);
  await qr.query(`DROP TABLE ${quote(`${table}_search`)}`);
}
