import { ErrorRequestHandler, Request, RequestHandler, Response, Router } from "express";
import { GraphQLError } from "graphql";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../database";
import { statusOf, TooManyRequestsError, UnsupportedMediaTypeError, UserInputError } from "../errors";
import { clientOf } from "../graphql/context";
import type { Services } from "../services";
import { checkAccess, perform } from "./actions";
import { readLegacyRequest } from "./body";
import { legacyErrors } from "./legacy";
import { openApiDocument, OPENAPI_PATH } from "./openapi";
import { RestRoute, restRoutes } from "./routes";

/** As many files as the GraphQL endpoint takes in one request. */
const MAX_FILES = 20;

/**
 * The legacy REST shim under /api: the route table of SPEC section 7 and its
 * OpenAPI document. Paths match case-sensitively, as the spec spells them.
 */
export function restRouter(services: Services): Router {
  const router = Router({ caseSensitive: true });
  const limits = { maxFileBytes: services.config.maxUploadBytes, maxFiles: MAX_FILES };

  for (const route of restRoutes) {
    const handler: RequestHandler = async (req, res) => {
      try {
        const caller = { user: await services.auth.authenticate(req.headers.authorization), client: clientOf(req) };
        await checkAccess(route, caller, services);
        if (route.action === "register" && !req.is("application/json")) {
          throw new UnsupportedMediaTypeError("Send the registration as JSON (Content-Type: application/json)");
        }
        const request = await readLegacyRequest(req, res, limits);
        try {
          res.json(await perform(route, services, caller, request));
        } finally {
          await request.cleanup();
        }
      } catch (e) {
        answerError(services, route, e, req, res);
      }
    };
    router[route.method](route.path, handler);
  }

  const document = openApiDocument();
  router.get(OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });

  const methodsOf = new Map<string, string[]>();
  for (const { method, path } of [...restRoutes, { method: "get", path: OPENAPI_PATH }]) {
    methodsOf.set(path, [...(methodsOf.get(path) ?? []), method.toUpperCase()]);
  }
  router.use((req, res) => {
    const allowed = methodsOf.get(req.path.replace(/(.)\/$/, "$1"));
    if (allowed) {
      res.setHeader("Allow", allowed.join(", "));
      res.status(405).json({ message: `${req.method} is not allowed on /api${req.path}; use ${allowed.join(" or ")}` });
    } else {
      res.status(404).json({ message: `Unknown API route: ${req.method} /api${req.path}` });
    }
  });
  router.use(((err, req, res, _next) => answerError(services, undefined, err, req, res)) as ErrorRequestHandler);
  return router;
}

/**
 * Errors in the legacy shape: 400 with `{ field: message }` (legacy field names),
 * 401 / 403 / 404 / 413 / 429 with `{ message }`. Anything else is a bug: logged, 500.
 */
function answerError(services: Services, route: RestRoute | undefined, err: unknown, req: Request, res: Response) {
  if (res.headersSent) return;
  // Refused before its body was read (401, 403, 413 ...): close rather than drain it.
  if (!req.complete) res.setHeader("Connection", "close");
  if (err instanceof UserInputError) {
    res.status(400).json(route ? legacyErrors(route, err.fieldErrors) : err.fieldErrors);
    return;
  }
  if (err instanceof GraphQLError && statusOf(err) !== 500) {
    if (err instanceof TooManyRequestsError) res.setHeader("Retry-After", String(err.retryAfter));
    // Legacy answers are `{ message }`; two-factor adds its code so a client knows to ask for it.
    const code = String(err.extensions.code ?? "");
    res.status(statusOf(err)).json(code.startsWith("TWO_FACTOR") ? { message: err.message, code } : { message: err.message });
    return;
  }
  // body-parser: malformed JSON, too large, unsupported charset ...
  const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string };
  const status = Number(e?.status ?? e?.statusCode) || 500;
  if (status < 500) {
    const message =
      e.type === "entity.parse.failed" ? "Malformed JSON body" : status === 413 ? "Request too large" : e.expose ? String(e.message) : "Bad request";
    res.status(status).json({ message });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    res.status(503).json({ message: DATABASE_UNAVAILABLE });
    return;
  }
  services.log.error({ err, url: req.originalUrl }, "REST request failed");
  res.status(500).json({ message: "Internal server error" });
}
