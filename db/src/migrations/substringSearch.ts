import { QueryRunner, Table, TableIndex } from "typeorm";
import { isMysql } from "./columns";

const quote = (name: string) => `"${name}"`;

/** The side table of trigrams on MySQL/MariaDB: every 3-character piece of every searched row's text. */
const TRIGRAMS = "search_trigrams";
/** Rows read, and trigrams written per statement, when a migration fills search_trigrams for the rows already there. */
const BACKFILL_ROWS = 500;
const BACKFILL_VALUES = 5_000;

/**
 * The substring search of a table's searched columns (DataTables' filter: each
 * term a case-insensitive substring of a column), served by trigrams.
 *
 * SQLite: an FTS5 table <table>_search with the trigram tokenizer (case_sensitive 0: case
 * insensitive), external content, kept in step by triggers; a quoted term of 3
 * or more characters is a substring match on it.
 *
 * MySQL/MariaDB: the rows of search_trigrams (TRIGRAMS) for (table, id), one
 * per distinct trigram of the columns' text joined by newlines (a term never
 * holds one, so no trigram across two columns is ever looked up), kept by
 * triggers in the writing statement's transaction; the trigram column has the
 * table's case-insensitive collation, as LIKE, which verifies each candidate.
 * Frozen with the migrations that use it.
 */
export async function createSubstringSearch(qr: QueryRunner, table: string, columns: string[]): Promise<void> {
  if (isMysql(qr)) {
    // A migration of new tables may be the first to search (a database made by it alone): the side table comes with it.
    if (!(await qr.hasTable(TRIGRAMS))) await createTrigramTable(qr);
    await createTrigramTriggers(qr, table, columns);
    return;
  }
  const search = `${table}_search`;
  const list = columns.map(quote).join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${quote(c)}`).join(", ");
  await qr.query(
    `CREATE VIRTUAL TABLE ${quote(search)} USING fts5(${list}, content=${quote(table)}, content_rowid='id', tokenize='trigram case_sensitive 0')`,
  );
  await qr.query(`CREATE TRIGGER ${quote(`${search}_insert`)} AFTER INSERT ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (rowid, ${list}) VALUES (new.id, ${values("new")}); END`);
  await qr.query(`CREATE TRIGGER ${quote(`${search}_delete`)} AFTER DELETE ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (${quote(search)}, rowid, ${list}) VALUES ('delete', old.id, ${values("old")}); END`);
  await qr.query(`CREATE TRIGGER ${quote(`${search}_update`)} AFTER UPDATE ON ${quote(table)} BEGIN
    INSERT INTO ${quote(search)} (${quote(search)}, rowid, ${list}) VALUES ('delete', old.id, ${values("old")});
    INSERT INTO ${quote(search)} (rowid, ${list}) VALUES (new.id, ${values("new")}); END`);
  await qr.query(`INSERT INTO ${quote(search)} (${quote(search)}) VALUES ('rebuild')`);
}

export async function dropSubstringSearch(qr: QueryRunner, table: string): Promise<void> {
  if (isMysql(qr)) {
    for (const event of ["insert", "update", "delete"]) await qr.query(`DROP TRIGGER \`${table}_trigrams_${event}\``);
    await qr.query(`DELETE FROM \`${TRIGRAMS}\` WHERE tableName = ?`, [table]);
    return;
  }
  // The triggers belong to the watched table: they go first.
  for (const event of ["insert", "delete", "update"]) await qr.query(`DROP TRIGGER ${quote(`${table}_search_${event}`)}`);
  await qr.query(`DROP TABLE ${quote(`${table}_search`)}`);
}

/** The trigram table on MySQL/MariaDB (nothing on SQLite): its primary key serves "the rows of this table holding this trigram". */
export async function createTrigramTable(qr: QueryRunner): Promise<void> {
  if (!isMysql(qr)) return;
  await qr.createTable(
    new Table({
      name: TRIGRAMS,
      columns: [
        { name: "tableName", type: "varchar", length: "64", isNullable: false, isPrimary: true },
        { name: "trigram", type: "varchar", length: "3", isNullable: false, isPrimary: true },
        { name: "rowId", type: "int", isNullable: false, isPrimary: true },
      ],
      // A row's trigrams, for the triggers' delete on update and delete (the key starts with the trigram).
      indices: [new TableIndex({ name: `IDX_${TRIGRAMS}_row`, columnNames: ["tableName", "rowId"] })],
    }),
  );
}

export async function dropTrigramTable(qr: QueryRunner): Promise<void> {
  if (isMysql(qr)) await qr.dropTable(TRIGRAMS);
}

/** The statements that add the trigrams of `row`'s searched text (a loop: a trigger cannot build a multi-row insert). */
function addTrigrams(table: string, columns: string[], row: "NEW" | "OLD") {
  const text = `CONCAT_WS('\\n', ${columns.map((c) => `${row}.\`${c}\``).join(", ")})`;
  return `SET v = ${text}; SET i = 1; SET n = CHAR_LENGTH(v) - 2;
    WHILE i <= n DO
      INSERT IGNORE INTO \`${TRIGRAMS}\` (tableName, trigram, rowId) VALUES ('${table}', SUBSTRING(v, i, 3), ${row}.id);
      SET i = i + 1;
    END WHILE;`;
}

async function createTrigramTriggers(qr: QueryRunner, table: string, columns: string[]): Promise<void> {
  const declare = "DECLARE v LONGTEXT; DECLARE i INT; DECLARE n INT;";
  const forget = (row: "NEW" | "OLD") => `DELETE FROM \`${TRIGRAMS}\` WHERE tableName = '${table}' AND rowId = ${row}.id;`;
  // An update that leaves the searched text alone (a session's last-seen time) leaves its trigrams alone.
  const same = columns.map((c) => `NEW.\`${c}\` <=> OLD.\`${c}\``).join(" AND ");
  await qr.query(`CREATE TRIGGER \`${table}_trigrams_insert\` AFTER INSERT ON \`${table}\` FOR EACH ROW BEGIN ${declare}
    ${addTrigrams(table, columns, "NEW")} END`);
  await qr.query(`CREATE TRIGGER \`${table}_trigrams_update\` AFTER UPDATE ON \`${table}\` FOR EACH ROW BEGIN ${declare}
    IF NOT (${same} AND NEW.id = OLD.id) THEN ${forget("OLD")} ${addTrigrams(table, columns, "NEW")} END IF; END`);
  await qr.query(`CREATE TRIGGER \`${table}_trigrams_delete\` AFTER DELETE ON \`${table}\` FOR EACH ROW BEGIN ${forget("OLD")} END`);
  // The rows already there, a batch at a time (read by id, trigrams cut here as SUBSTRING cuts them: by code
  // point). No recursive CTE: MySQL stops those at 1,000 steps (cte_max_recursion_depth), shorter than a long text.
  const text = `CONCAT_WS('\\n', ${columns.map((c) => `\`${c}\``).join(", ")})`;
  for (let after = 0; ;) {
    const rows: { id: number; text: string | null }[] = await qr.query(
      `SELECT id, ${text} AS text FROM \`${table}\` WHERE id > ? ORDER BY id LIMIT ${BACKFILL_ROWS}`,
      [after],
    );
    if (!rows.length) break;
    const values = rows.flatMap((row) => {
      const chars = Array.from(row.text ?? "");
      return [...new Set(chars.slice(0, -2).map((_, at) => chars.slice(at, at + 3).join("")))].map((trigram) => [table, trigram, row.id]);
    });
    for (let from = 0; from < values.length; from += BACKFILL_VALUES) {
      const chunk = values.slice(from, from + BACKFILL_VALUES);
      await qr.query(
        `INSERT IGNORE INTO \`${TRIGRAMS}\` (tableName, trigram, rowId) VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")}`,
        chunk.flat(),
      );
    }
    after = Number(rows[rows.length - 1].id);
  }
}
