import type { RequestHandler } from "express";
import type { Services } from "../services";

/** A probe that hangs is as down as one that fails: the load balancer must hear back within its own timeout. */
const PROBE_TIMEOUT_MS = 2000;

type State = "up" | "down" | "not configured";

/**
 * GET /readyz: whether this replica should get traffic. 200 when the database
 * answers with every migration applied, Redis (when configured) answers and
 * the image store answers; otherwise 503 naming what is down. The process only
 * listens once its start-up (migrations, first admin, seeds) is done, so an
 * answer at all means that part finished. /healthz stays liveness.
 */
export function readinessHandler(services: Services): RequestHandler {
  const { ds, redis, images, config } = services;
  // This process's migrations, once all applied, stay applied: later probes skip the catalogue queries.
  let migrated = false;
  const migrationsApplied = async () => (migrated ||= !(await ds.showMigrations()));
  return async (_req, res) => {
    const [database, migrations, redisState, imageStore] = await Promise.all([
      probe(() => ds.query("SELECT 1")),
      probe(migrationsApplied),
      redis ? probe(() => services.redisReachable(PROBE_TIMEOUT_MS)) : Promise.resolve<State>("not configured"),
      probe(() => images.probe()),
    ]);
    const checks = { database, migrations, redis: redisState, images: imageStore };
    const down = Object.entries(checks)
      .filter(([, state]) => state === "down")
      .map(([name]) => name);
    res.setHeader("Cache-Control", "no-store");
    res
      .status(down.length ? 503 : 200)
      .json({ ready: !down.length, replica: config.replicaId, ...checks, ...(down.length ? { down } : {}) });
  };
}

/** "up" when the check resolves (to anything but false) within the bound. */
function probe(check: () => Promise<unknown>): Promise<State> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("down"), PROBE_TIMEOUT_MS);
    Promise.resolve()
      .then(check)
      .then(
        (ok) => resolve(ok === false ? "down" : "up"),
        () => resolve("down"),
      )
      .finally(() => clearTimeout(timer));
  });
}
