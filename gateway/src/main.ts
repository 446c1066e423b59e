import "reflect-metadata";
import { seedDemoContent } from "@presale/db";
import { SYSTEM } from "./auth/access";
import { auditSeeding } from "./audit/seeding";
import { createApp } from "./app";
import { ensurePrivateDir } from "./files";
import { watchDatabasePool } from "./http/metrics";
import { drain } from "./http/shutdown";
import { ConfigError, loadConfig } from "./config";
import { openDatabase, runMigrations } from "./database";
import { createLogger, terminalDestination } from "./logger";
import { Services } from "./services";
import { withStartupLock } from "./startupLock";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config.logLevel, terminalDestination(config.production), config.replicaId);
  ensurePrivateDir(config.dataDir);
  const ds = await openDatabase(config.database, { migrate: false });
  watchDatabasePool(ds);
  const services = new Services(config, ds, log);
  if (!(await services.redisConnected())) log.warn("Redis does not answer yet: starting anyway, sign-ins answer 503 until it does");
  await services.images.init();
  await services.chain.start();

  // Replicas starting together on an empty database: one runs these steps, the others then find them done.
  await withStartupLock(ds, config.database, config.startupLockTimeoutMs, async () => {
    await runMigrations(ds);
    const admin = await services.auth.ensureAdmin();
    if (admin?.generatedPassword) {
      // Shown once: the hash is all that is kept.
      console.log(`\n  First admin created: ${admin.email} / ${admin.generatedPassword}\n  (set ADMIN_PASSWORD to choose it)\n`);
    } else if (admin) log.info({ email: admin.email }, "first admin created");
    if (await seedDemoContent(ds, (bytes) => services.images.saveTrusted(bytes), auditSeeding(services.trail))) {
      await services.trail.appended();
      log.info("demo content seeded");
    }
    await services.chain.reconcileLaunchPads(SYSTEM).catch((e) => log.warn({ err: e }, "could not import presales from the chain"));
  });

  services.retention.start();
  services.webhookWorker.start();
  const app = await createApp(services);
  const server = app.express.listen(config.port, () => {
    log.info({ port: config.port, database: config.database.type }, `listening on http://localhost:${config.port}`);
  });
  // After the migrations: it writes to the indexer's tables. It runs beside the API and never holds a request up.
  if (services.startIndexer()) log.info({ confirmations: config.chainIndex.confirmations }, "chain indexer started");

  let stopping = false;
  let repeated = false;
  const stop = async (signal: string) => {
    // A signal sent to the whole process group also reaches a supervisor (npm, scripts/start.mjs) that passes it on:
    // the gateway sees it twice. Only the grace period, or SIGKILL, may cut the requests in flight.
    if (stopping) {
      if (!repeated) log.warn({ signal }, "signal received again while shutting down: ignored, in-flight requests still finish");
      repeated = true;
      return;
    }
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down: finishing in-flight requests");
    await drain(server, config.shutdownGraceMs);
    await app.stop();
    // Before the chain: the indexer frees its lock and the next replica takes over.
    await services.indexer?.stop();
    await services.chain.stop();
    await services.close();
    await ds.destroy();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
