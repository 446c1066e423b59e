// The references the gateway's throughput is compared with in `npm run bench`: a bare node:http server, the same
// SQL behind a minimal handler, and (when installed) fastify with better-sqlite3 and gzip.
import Database from "better-sqlite3";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { optional } from "./gateway.mjs";

/** A bare node:http server answering the exact bytes (and headers) a gateway answer had. */
export async function bareServer(body, headers) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * A reference for the public GraphQL read: fastify, the same SQL through
 * better-sqlite3 (statements prepared once) and gzip per request, in the
 * GraphQL answer's shape. Undefined when fastify is not installed.
 */
export async function fastifyServer(file) {
  const fastify = (await optional("fastify"))?.default;
  if (!fastify) return undefined;
  const db = new Database(file, { readonly: true });
  const page = db.prepare(`SELECT id, heading, visible, createdAt FROM news ORDER BY createdAt DESC, id DESC LIMIT 10 OFFSET 0`);
  const count = db.prepare(`SELECT COUNT(*) AS count FROM news`);
  const server = fastify();
  server.post("/graphql", async (_request, reply) => {
    const body = JSON.stringify({ data: { items: page.all(), total: count.get() } });
    reply.header("content-type", "application/json; charset=utf-8").header("content-encoding", "gzip");
    return gzipSync(body);
  });
  const address = await server.listen({ port: 0, host: "127.0.0.1" });
  return { url: `${address}/graphql`, close: async () => (await server.close(), db.close()) };
}

/** An admin list query's SQL (a page of `columns` of `table`, and its count) run directly behind a minimal handler (better-sqlite3, JSON). */
export async function directSqlServer(file, table, columns) {
  const db = new Database(file, { readonly: true });
  const page = db.prepare(`SELECT ${columns} FROM ${table} ORDER BY createdAt DESC, id DESC LIMIT 10 OFFSET 0`);
  const count = db.prepare(`SELECT COUNT(*) AS count FROM ${table}`);
  const server = http.createServer((_req, res) => {
    const body = JSON.stringify({ data: { items: page.all(), total: count.get() } });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => (server.close(resolve), db.close())) };
}
