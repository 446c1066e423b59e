import compression from "compression";
import cors from "cors";
import express, { Express } from "express";
import { randomUUID } from "crypto";
import type { IncomingMessage, ServerResponse } from "http";
import pinoHttp from "pino-http";
import { graphqlEndpoint } from "./graphql/endpoint";
import { adminRouter } from "./http/admin";
import { errorHandler } from "./http/errors";
import { imagesRouter } from "./http/images";
import { type FastPathOptions, keptAnswers } from "./http/keptAnswers";
import { metricsHandler, requestMetrics } from "./http/metrics";
import { readinessHandler } from "./http/readiness";
import { securityHeaders } from "./http/securityHeaders";
import { answersWithin } from "./http/probe";
import { requestLogSerializers } from "./logger";
import { restRouter } from "./rest/router";
import type { Services } from "./services";

export interface App {
  express: Express;
  stop(): Promise<void>;
}

/** One express app: /graphql, /Images, /healthz, /api and the admin UI. */
export async function createApp(services: Services): Promise<App> {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // Every answer names its request (X-Request-Id, kept from the caller when given).
  app.use((req, res, next) => {
    const id = (req.headers["x-request-id"] as string) || randomUUID();
    res.setHeader("X-Request-Id", id);
    (req as typeof req & { id: string }).id = id;
    next();
  });
  app.use(requestMetrics);
  // Request logs only when LOG_LEVEL lets them through: at warn and above they cost nothing per request.
  if (log.isLevelEnabled("info")) {
    app.use(
      pinoHttp({
        logger: log,
        genReqId: (req) => (req as typeof req & { id: string }).id,
        autoLogging: { ignore: (req) => PROBES.has(req.url ?? "") },
        serializers: requestLogSerializers,
      }),
    );
  }
  // JSON lists shrink about threefold; below 1 KB compressing costs more time than the bytes it saves.
  // The admin's files come compressed from its build (http/admin.ts); kept public answers are gzip already.
  app.use(compression({ threshold: COMPRESS_FROM_BYTES }));
  const headerMiddleware = securityHeaders(config);
  if (config.corsOrigins.length) {
    headerMiddleware.push(cors({ origin: config.corsOrigins.includes("*") ? true : config.corsOrigins, maxAge: 600 }));
  }
  app.use(...headerMiddleware);

  app.get("/healthz", async (_req, res) => {
    const [db, images, redis] = await Promise.all([
      answersWithin(() => services.ds.query("SELECT 1"), HEALTH_TIMEOUT_MS),
      answersWithin(() => services.images.probe(), HEALTH_TIMEOUT_MS),
      services.redisReachable(HEALTH_TIMEOUT_MS),
    ]);
    const state = (ok: boolean | undefined) => (ok ? "up" : "down");
    // Redis away does not fail liveness: reads still work and sign-in refuses on its own; a restart would not bring Redis back.
    res
      .status(db && images ? 200 : 503)
      .json({ db: state(db), images: state(images), ...(redis === undefined ? {} : { redis: state(redis) }) });
  });

  app.get("/readyz", readinessHandler(services));
  app.get("/metrics", metricsHandler(config.metricsToken));

  app.use("/Images", imagesRouter(services.images, config.s3?.publicUrl ?? null));

  const graphql = await graphqlEndpoint(services);
  app.use(graphql.router);
  app.use("/api", restRouter(services));
  app.use(adminRouter(config.adminDist));
  app.use((_req, res) => {
    res.status(404).json({ message: "Not found" });
  });
  app.use(errorHandler(log));

  // Kept public answers go out before express runs at all; everything else goes through it unchanged.
  const fast = keptAnswers(services, {
    headerMiddleware,
    trustProxy: app.get("trust proxy fn") as FastPathOptions["trustProxy"],
    cors: config.corsOrigins.length > 0,
  });
  const handle = (app as unknown as ExpressHandle).handle.bind(app);
  (app as unknown as ExpressHandle).handle = (req, res, done) => fast(req, res, () => handle(req, res, done));

  return { express: app, stop: () => graphql.stop() };
}

/** Express's entry point for each request (express() calls it; not in its type declarations). */
interface ExpressHandle {
  handle(req: IncomingMessage, res: ServerResponse, done?: (error?: unknown) => void): void;
}
/** Polled every few seconds by load balancers and Prometheus: not worth a log line each. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** Answers smaller than this are sent as they are. */
const COMPRESS_FROM_BYTES = 1024;

/** A probe that hangs is as down as one that fails: a load balancer must hear back. */
const HEALTH_TIMEOUT_MS = 2000;
