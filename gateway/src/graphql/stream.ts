import express, { type Request, type RequestHandler, type Response, Router } from "express";
import { getOperationAST, parse, specifiedRules, validate, type GraphQLSchema, type ValidationRule } from "graphql";
import { viaOf } from "../audit/via";
import { allowedFrom } from "../auth/roles";
import type { AuthUser } from "../auth/tokens";
import { AppError, ForbiddenError, MalformedRequestError, ServiceUnavailableError, UnauthenticatedError } from "../errors";
import { clientOf } from "../http/client";
import type { Services } from "../services";
import type { StreamContext } from "./ChangesResolver";
import { authenticate } from "./context";
import { documentLimits } from "./documentLimits";
import { OpenStreams } from "./openStreams";
import { boundedSseHandler, endBehind, endLost, roomIn } from "./streamWriter";
import { variableLimits } from "./variableLimits";

/** A refusal as GraphQL clients read one: `{ errors: [{ message, extensions: { code } }] }` with its status. */
function refuse(res: Response, error: AppError) {
  res
    .set(error.headers)
    .status(error.status)
    .json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
}

/** The caller of a stream: signed in (a session or an API token), past two-factor setup and their role's allowlist. */
async function streamUser(services: Services, req: Request, options?: { counted?: boolean }): Promise<AuthUser> {
  const user = await authenticate(services, req.headers.authorization, viaOf(req, "graphql"), options);
  if (!user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  if (user.mustSetUpTwoFactor) throw new ForbiddenError("Turn two-factor sign-in on first (Security page)");
  if (user.allowed && !allowedFrom(user.allowed, req.ip)) {
    throw new ForbiddenError(`Your role (${user.role}) may not be used from this address (${req.ip ?? "unknown"})`);
  }
  return user;
}

/**
 * GET/POST /graphql/stream: GraphQL subscriptions over Server-Sent Events
 * (graphql-sse, distinct connections: one stream per subscription, so it
 * works through HTTP/1 proxies). The same limits as /graphql apply to the
 * document and its variables; the stream is authenticated with its Bearer
 * token, bounded per user and in all, sends a comment every 12 s (proxies
 * keep it open), and ends when its session ends, when its client falls too
 * far behind, or when changes from the other replicas may have been lost
 * (Redis cut: refused with 503 until its subscription is made again). Queries and mutations go to
 * /graphql; reserved streams (PUT/DELETE) are not offered.
 */
export function changeStreamRouter(services: Services, schema: GraphQLSchema, rules: readonly ValidationRule[]): Router {
  const { config } = services;
  const open = new OpenStreams(config.subscriptions, services.redis, config.redis?.prefix);
  const allRules = [...specifiedRules, ...rules];
  const handler = boundedSseHandler(
    {
      schema,
      validate: (_schema, document) => validate(schema, document, allRules),
      // Made by `checked` below, once the caller and the limits passed.
      context: (req) => req.context.res.locals.streamContext as Record<string, unknown>,
    },
    config.subscriptions.maxBufferedBytes,
  );

  const checked: RequestHandler = async (req, res, next) => {
    try {
      if (req.method !== "GET" && req.method !== "POST") {
        res.set("Allow", "GET, POST");
        throw new AppError("METHOD_NOT_ALLOWED", 405, "Open a change stream with GET or POST (one stream per subscription)");
      }
      // Any Accept that takes text/event-stream (listed among others, or as text/* or */*, with a q above 0).
      if (!req.headers.accept || !req.accepts("text/event-stream")) {
        throw new AppError("NOT_ACCEPTABLE", 406, "A change stream is sent as text/event-stream: ask for it in Accept");
      }
      // graphql-sse streams only for this exact header (anything else it takes for its reserved-stream mode).
      req.headers.accept = "text/event-stream";
      const source = req.method === "GET" ? req.query.query : (req.body as { query?: unknown } | undefined)?.query;
      if (typeof source !== "string") throw new MalformedRequestError("Send the subscription document as `query`");
      const operationName = req.method === "GET" ? req.query.operationName : (req.body as { operationName?: unknown }).operationName;
      let operation;
      try {
        operation = getOperationAST(parse(source), typeof operationName === "string" ? operationName : undefined)?.operation;
      } catch {
        operation = undefined; // graphql-sse reports the syntax error itself
      }
      if (operation && operation !== "subscription") {
        throw new MalformedRequestError("Only subscriptions are served here; send queries and mutations to /graphql");
      }
      const user = await streamUser(services, req);
      // Opened now, it would miss what the other replicas tell until the subscription is made again.
      if (!services.changes.live) {
        throw new ServiceUnavailableError(
          "Change streams are unavailable right now: this server cannot hear the other replicas (Redis does not answer); try again shortly",
        );
      }
      await open.hold(user, res);
      const context: StreamContext = {
        user,
        client: clientOf(req),
        via: viaOf(req, "graphql"),
        services,
        room: roomIn(res, config.subscriptions.maxBufferedBytes),
        behind: () => endBehind(res),
        lost: () => endLost(res),
        // The session or token as it is now (its role too); undefined once it ended.
        recheck: () =>
          streamUser(services, req, { counted: false }).catch((error: unknown) => {
            // The database away decides nothing: the next check does.
            if (error instanceof ServiceUnavailableError) throw error;
            return undefined;
          }),
      };
      res.locals.streamContext = context;
      next();
    } catch (error) {
      if (error instanceof AppError) refuse(res, error);
      else next(error);
    }
  };

  const router = Router();
  router.use(
    "/graphql/stream",
    express.json({ limit: config.maxJsonBytes }) as RequestHandler,
    variableLimits,
    documentLimits(config.graphql),
    checked,
    async (req, res, next) => {
      try {
        await handler(req, res);
      } catch (error) {
        if (!res.headersSent) next(error);
        else res.end();
      }
    },
  );
  return router;
}
