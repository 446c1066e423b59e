import { createHash, timingSafeEqual } from "crypto";
import type { Request, RequestHandler } from "express";
import type { DataSource } from "typeorm";
import { errorsByCode, httpDuration, httpRequests, limiterBlocks, registry, watchPool } from "../metrics";

/**
 * Counts and times every request once its answer is done (or the client went).
 * The per-request work is a timestamp and one listener.
 */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const route = routeOf(req, res.statusCode);
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    httpRequests.inc({ method: methodOf(req), route, status });
    httpDuration.observe({ method: methodOf(req), route }, Number(process.hrtime.bigint() - started) / 1e9);
    // GraphQL's errors are counted by their codes in graphql/metricsPlugin.ts.
    if (res.statusCode >= 400 && route !== "/graphql") {
      errorsByCode.inc({ transport: "http", code: String(res.statusCode) });
      if (res.statusCode === 429) limiterBlocks.inc({ transport: "http" });
    }
  });
  next();
};

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const methodOf = (req: Request) => (METHODS.has(req.method) ? req.method : "other");

/** The matched route's pattern (never the raw URL: ids and junk paths would make a series each). */
function routeOf(req: Request, status: number): string {
  const pattern = req.route?.path;
  if (typeof pattern === "string") return (req.baseUrl ?? "") + pattern;
  const url = req.originalUrl;
  if (url.startsWith("/graphql")) return "/graphql";
  if (url.startsWith("/Images/")) return "/Images/:name";
  if (url.startsWith("/api/")) return "/api/(no route)";
  if (status === 404) return "(no route)";
  return "(admin app)";
}

/**
 * GET /metrics in Prometheus's text format. With a token, only `Authorization:
 * Bearer <token>` is answered (compared in constant time); without one it is
 * open, for a deployment that keeps it behind the proxy.
 */
export function metricsHandler(token: string | null): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res) => {
    if (expected) {
      const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(given), expected)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.status(401).json({ message: "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>" });
        return;
      }
    }
    res.setHeader("Content-Type", registry.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.send(await registry.metrics());
  };
}

/** Equal lengths for timingSafeEqual, whatever was sent. */
const digest = (s: string) => createHash("sha256").update(s).digest();

/** The pool gauges read mysql2's pool (TypeORM exposes no counts of its own); SQLite has no pool. */
export function watchDatabasePool(ds: DataSource) {
  type Queue = { length: number };
  watchPool(() => {
    const pool = (ds.driver as { pool?: { _allConnections?: Queue; _freeConnections?: Queue; _connectionQueue?: Queue } }).pool;
    if (!pool?._allConnections) return undefined;
    return { total: pool._allConnections.length, idle: pool._freeConnections?.length ?? 0, waiting: pool._connectionQueue?.length ?? 0 };
  });
}
