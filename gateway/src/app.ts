import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { expressMiddleware } from "@as-integrations/express5";
import compression from "compression";
import cors from "cors";
import express, { ErrorRequestHandler, Express } from "express";
import { GraphQLError } from "graphql";
import { randomUUID } from "crypto";
import pinoHttp from "pino-http";
import type { GqlContext } from "./graphql/context";
import { getSchema } from "./graphql/schema";
import { graphqlUploadExpress } from "./graphql/upload";
import { adminRouter } from "./http/admin";
import { imagesRouter } from "./http/images";
import { restRouter } from "./rest/router";
import type { Services } from "./services";

const MAX_FILES = 20;

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

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = (req.headers["x-request-id"] as string) || randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" },
    }),
  );
  // The admin's bundles and JSON lists shrink about threefold.
  app.use(compression());
  if (config.corsOrigins.length) {
    app.use(cors({ origin: config.corsOrigins.includes("*") ? true : config.corsOrigins, maxAge: 600 }));
  }

  app.get("/healthz", async (_req, res) => {
    try {
      await services.ds.query("SELECT 1");
      res.json({ db: "up" });
    } catch {
      res.status(503).json({ db: "down" });
    }
  });

  app.use("/Images", imagesRouter(config.imagesDir));

  const apollo = new ApolloServer<GqlContext>({
    schema: await getSchema(),
    introspection: true,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    plugins: [ApolloServerPluginLandingPageLocalDefault({ embed: true })],
    formatError: (formatted, error) => {
      const original = error instanceof GraphQLError ? error.originalError ?? error : error;
      const known = formatted.extensions?.code && formatted.extensions.code !== "INTERNAL_SERVER_ERROR";
      if (!known) {
        log.error({ err: original }, "GraphQL resolver failed");
        return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
      }
      return formatted;
    },
  });
  await apollo.start();

  const maxRequestBytes = config.maxUploadBytes * MAX_FILES + 1024 * 1024;
  app.use(
    "/graphql",
    (req, res, next) => {
      // Refuse an oversized upload before reading it.
      if (Number(req.headers["content-length"] ?? 0) > maxRequestBytes) {
        res.status(413).json({ errors: [{ message: "Request too large", extensions: { code: "PAYLOAD_TOO_LARGE" } }] });
        return;
      }
      next();
    },
    express.json({ limit: "2mb" }),
    graphqlUploadExpress({ maxFileSize: config.maxUploadBytes, maxFiles: MAX_FILES }),
    expressMiddleware(apollo, {
      context: async ({ req }) => ({
        user: await services.auth.authenticate(req.headers.authorization),
        ip: req.ip ?? "unknown",
        services,
      }),
    }),
  );

  app.use("/api", restRouter(services));
  app.use(adminRouter(config.adminDist));
  app.use((_req, res) => {
    res.status(404).json({ message: "Not found" });
  });
  app.use(errorHandler(log));

  return { express: app, stop: () => apollo.stop() };
}

/** Body-parser and upload errors carry their status; anything else is a bug and is logged. */
const errorHandler =
  (log: Services["log"]): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode) || 500;
    if (status >= 500) log.error({ err, url: req.url }, "request failed");
    if (res.headersSent) return;
    const message =
      status === 413 ? "Request too large" : status >= 500 ? "Internal server error" : err?.expose ? String(err.message) : "Bad request";
    res.status(status).json(req.path.startsWith("/graphql") ? { errors: [{ message }] } : { message });
  };
