import type { RequestHandler } from "express";
import type { Services } from "../services";
import { answersWithin } from "./probe";

/** A probe that hangs is as down as one that fails: the load balancer must hear back within its own timeout. */
const PROBE_TIMEOUT_MS = 2000;

type State = "up" | "down" | "not configured";

/**
 * GET /readyz: whether this replica should get traffic. 200 when the database
 * answers with every migration applied, Redis (when configured) answers and
 * the image store answers; otherwise 503 naming what is down. The process only
 * listens once its start-up (migrations, first admin, seeds) is done, so an
 * answer at all means that part finished. /healthz stays liveness.
 *
 * With a chain, it also says how far the chain indexer is ("indexer":
 * { behind, lastError }) without failing: a lagging indexer or an RPC outage
 * does not make this replica unfit for traffic (the API answers from what is
 * indexed), so it stays out of the 200/503 decision.
 */
export function readinessHandler(services: Services): RequestHandler {
  const { ds, redis, images, config } = services;
  // This process's migrations, once all applied, stay applied: later probes skip the catalogue queries.
  let migrated = false;
  const migrationsApplied = async () => (migrated ||= !(await ds.showMigrations()));
  return async (_req, res) => {
    const [database, migrations, redisState, imageStore, indexer] = await Promise.all([
      probe(() => ds.query("SELECT 1")),
      probe(migrationsApplied),
      redis ? probe(() => services.redisReachable(PROBE_TIMEOUT_MS)) : Promise.resolve<State>("not configured"),
      probe(() => images.probe()),
      services.indexScope && config.chainIndex.enabled ? indexerState(services) : undefined,
    ]);
    const checks = { database, migrations, redis: redisState, images: imageStore };
    const down = Object.entries(checks)
      .filter(([, state]) => state === "down")
      .map(([name]) => name);
    res.setHeader("Cache-Control", "no-store");
    res.status(down.length ? 503 : 200).json({
      ready: !down.length,
      replica: config.replicaId,
      ...checks,
      ...(down.length ? { down } : {}),
      ...(indexer ? { indexer } : {}),
    });
  };
}

/** "up" when the check resolves (to anything but false) within the bound. */
const probe = async (check: () => Promise<unknown>): Promise<State> => ((await answersWithin(check, PROBE_TIMEOUT_MS)) ? "up" : "down");

/** The indexer's lag as last recorded; "unknown" when the database does not say within the bound. */
async function indexerState(services: Services) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PROBE_TIMEOUT_MS)));
  const status = await Promise.race([services.indexStatus().catch(() => undefined), late]).finally(() => clearTimeout(timer));
  return status ? { behind: status.behind, lastError: status.lastError } : { behind: null, lastError: "unknown" };
}
