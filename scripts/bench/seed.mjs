// The rows `npm run bench` measures over: news on SQLite and MariaDB, blocklist entries and contact messages on SQLite.
import Database from "better-sqlite3";
import { createConnection } from "mysql2/promise";

/** Rows of news as the admin would have written them; one row holds a word no other does. */
function newsRows(count, from) {
  const at = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, offset) => {
    const item = from + offset;
    return [
      item === 777 ? "Zebra crossing announced" : `News item ${item} about staking and presales`,
      `Description of news item ${item}: the presale opens soon, with rewards for early stakers.`,
      item % 3 ? 1 : 0,
      new Date(at + item * 60_000).toISOString().replace("T", " ").replace("Z", ""),
    ];
  });
}

/** Blocklist entries (a resource only signed-in users read), for the signed-in list's throughput. */
export const BLOCKLIST_ROWS = 1_000;

export async function seedSqlite(file, count) {
  const db = new Database(file);
  const insert = db.prepare(`INSERT INTO news (heading, description, visible, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  db.transaction((rows) =>
    rows.forEach(([heading, description, visible, created]) => insert.run(heading, description, visible, created, created)),
  )(newsRows(count, 0));
  const block = db.prepare(`INSERT INTO blocklist (walletAddress, createdAt, updatedAt) VALUES (?, ?, ?)`);
  const messages = db.prepare(`INSERT INTO contact_messages (name, email, comments, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (let item = 0; item < BLOCKLIST_ROWS; item++) {
      const created = new Date(Date.UTC(2025, 0, 1) + item * 60_000).toISOString().replace("T", " ").replace("Z", "");
      block.run(`0x${item.toString(16).padStart(40, "0")}`, created, created);
      messages.run(`Visitor ${item}`, `visitor${item}@example.com`, `Question ${item} about the presale`, created, created);
    }
  })();
  db.close();
}

export async function seedMysql(url, count) {
  const conn = await createConnection(url);
  const rows = newsRows(count, 0);
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows
      .slice(start, start + 1000)
      .map(([heading, description, visible, created]) => [heading, description, visible, created, created]);
    await conn.query(`INSERT INTO news (heading, description, visible, createdAt, updatedAt) VALUES ?`, [batch]);
  }
  await conn.end();
}
