import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics, served at /metrics (http/metrics.ts).
 * Module-level: one set per process, however many apps a test builds. Every
 * label takes values from a bounded set (route patterns, schema operation
 * names up to a cap, error codes), so series cannot grow with what clients send.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds; from a cached answer (about a millisecond) to a slow whole-list export. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method and route pattern",
  labelNames: ["method", "route"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const graphqlOperations = new Counter({
  name: "graphql_operations_total",
  help: "GraphQL operations, by operation name (anonymous, or other past the cap), type and outcome",
  labelNames: ["operation", "type", "outcome"] as const,
  registers: [registry],
});

export const graphqlDuration = new Histogram({
  name: "graphql_operation_duration_seconds",
  help: "GraphQL operation time, from Apollo's request start to its answer",
  labelNames: ["operation", "type"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const errorsByCode = new Counter({
  name: "errors_total",
  help: "Errors answered, by code (GraphQL extensions.code, or the REST mapper's code or HTTP status)",
  labelNames: ["transport", "code"] as const,
  registers: [registry],
});

export const limiterBlocks = new Counter({
  name: "limiter_blocks_total",
  help: "Requests refused by a limiter (429: sign-in failures, registrations)",
  labelNames: ["transport"] as const,
  registers: [registry],
});

const cacheLookups = new Counter({
  name: "cache_lookups_total",
  help: "Public answer cache lookups, by where they were made (before express, or in its routes) and result (hit or miss)",
  labelNames: ["path", "result"] as const,
  registers: [registry],
});

/** Called where a lookup decides between a kept answer and building one. */
export function countCacheLookup(path: "fast" | "express", hit: boolean) {
  cacheLookups.inc({ path, result: hit ? "hit" : "miss" });
}

export const chainRpcCalls = new Counter({
  name: "chain_rpc_calls_total",
  help: "JSON-RPC calls sent to the chain node, by method and outcome",
  labelNames: ["method", "outcome"] as const,
  registers: [registry],
});

/** Counts an ethers provider's JSON-RPC calls (its "debug" events); batches count each call. */
export function countRpcCalls<P extends { on(event: "debug", listener: (info: RpcDebug) => void): unknown }>(provider: P): P {
  void provider.on("debug", (info) => {
    if (info.action === "sendRpcPayload") {
      for (const call of [info.payload ?? []].flat()) chainRpcCalls.inc({ method: rpcMethod(call?.method), outcome: "sent" });
    } else if (info.action === "receiveRpcError") chainRpcCalls.inc({ method: "any", outcome: "error" });
  });
  return provider;
}
interface RpcDebug {
  action: string;
  payload?: { method?: unknown } | { method?: unknown }[];
}
const rpcMethod = (method: unknown) => (typeof method === "string" && /^[a-z0-9]{1,16}_[A-Za-z0-9]{1,48}$/.test(method) ? method : "other");

/** What a pool reports, read when /metrics is scraped (nothing is done per query). */
export interface PoolSizes {
  total: number;
  idle: number;
  waiting: number;
}
let poolSizes: (() => PoolSizes | undefined) | undefined;
/** Where the database pool gauges read from (the product's DataSource, set once at start). */
export function watchPool(read: () => PoolSizes | undefined) {
  poolSizes = read;
}
new Gauge({
  name: "db_pool_connections",
  help: "Database pool connections, by state (open, idle, waiting requests); SQLite has one connection and no pool",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const sizes = poolSizes?.();
    if (!sizes) return;
    this.set({ state: "open" }, sizes.total);
    this.set({ state: "idle" }, sizes.idle);
    this.set({ state: "waiting" }, sizes.waiting);
  },
});

/** Set by the replica that indexes, after each poll (chain/indexer). */
export const indexProgress = new Gauge({
  name: "chain_index_blocks",
  help: "Chain indexer progress: the head block it saw, the last block it indexed, and how many confirmed blocks it is behind",
  labelNames: ["block"] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: "webhook_deliveries_total",
  help: "Webhook delivery attempts, by outcome: delivered, retried (failed, tried again later), failed (no more retries)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

/** Where the outbox gauges are read from when scraped: this process's started worker (webhooks/worker.ts). */
export const webhookQueue: { source?: () => Promise<{ length: number; oldestMs: number }> } = {};

new Gauge({
  name: "webhook_queue_length",
  help: "Webhook deliveries not yet delivered nor failed (pending or being sent), all replicas together",
  registers: [registry],
  async collect() {
    this.set((await webhookQueue.source?.().catch(() => undefined))?.length ?? 0);
  },
});

new Gauge({
  name: "webhook_oldest_pending_seconds",
  help: "Age of the oldest webhook delivery not yet delivered nor failed (0 when none)",
  registers: [registry],
  async collect() {
    this.set(((await webhookQueue.source?.().catch(() => undefined))?.oldestMs ?? 0) / 1000);
  },
});
