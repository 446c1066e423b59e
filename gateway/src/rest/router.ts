import { ErrorRequestHandler, RequestHandler, Response, Router } from "express";
import { authorize, authorizeTo } from "../auth/access";
import { UnsupportedMediaTypeError } from "../errors";
import { clientOf } from "../http/client";
import { viaOf } from "../audit/via";
import { describeError, startErrorAnswer } from "../http/errors";
import { requestSizeGuard } from "../http/requestSize";
import type { Services } from "../services";
import { Caller, perform } from "./actions";
import { LegacyRequest, maxRequestBytes, readLegacyRequest } from "./body";
import { legacyErrors } from "./legacy";
import { answerList, keptListAnswer } from "./listAnswer";
import { openApiDocument, OPENAPI_PATH } from "./openapi";
import { needOf, RestRoute, restRoutes } from "./routes";

/** As many files as the GraphQL endpoint takes in one request. */
const MAX_FILES = 20;

/** What the chain's steps hand each other, kept on res.locals. */
interface Locals {
  route: RestRoute;
  caller: Caller;
  request: LegacyRequest;
}
const locals = (res: Response) => res.locals as Locals;

/**
 * The legacy REST shim under /api: the route table of the legacy REST routes
 * (docs/legacy-api.md) and its OpenAPI document. Paths match case-sensitively,
 * as the original clients spell them.
 * Each route is one middleware chain: who calls → may they → the body → the
 * operation → the legacy answer; any step's error goes to `legacyError`.
 */
export function restRouter(services: Services): Router {
  const router = Router({ caseSensitive: true });
  const limits = { maxFileBytes: services.config.maxUploadBytes, maxFiles: MAX_FILES };

  const authenticate =
    (route: RestRoute): RequestHandler =>
    async (req, res, next) => {
      locals(res).route = route;
      const via = viaOf(req, "rest");
      locals(res).caller = { user: await services.auth.authenticate(req.headers.authorization, via), client: clientOf(req), via };
      next();
    };
  // Checked before the body is read, so nobody can make the server spool what it would refuse.
  const access =
    (route: RestRoute): RequestHandler =>
    (_req, res, next) => {
      const need = needOf(route);
      const user = locals(res).caller.user;
      if (typeof need === "string") authorize(need, user, { duringTwoFactorSetup: route.action === "logout" });
      else authorizeTo(need, user);
      next();
    };
  // A cross-site HTML form cannot send JSON: registration takes nothing else.
  const jsonOnly =
    (route: RestRoute): RequestHandler =>
    (req, _res, next) => {
      const refused = route.action === "register" && !req.is("application/json");
      next(refused ? new UnsupportedMediaTypeError("Send the registration as JSON (Content-Type: application/json)") : undefined);
    };
  const body: RequestHandler = async (req, res, next) => {
    const request = await readLegacyRequest(req, res, limits);
    // Spooled files go when the answer is done, whatever it was.
    res.once("close", () => void request.cleanup());
    locals(res).request = request;
    next();
  };
  const handle: RequestHandler = async (req, res) => {
    const { route, caller, request } = locals(res);
    if (route.action === "list") await answerList(route, services, caller, request, req, res);
    else res.json(await perform(route, services, caller, request));
  };

  for (const route of restRoutes) {
    router[route.method](
      route.path,
      keptListAnswer(route, services),
      authenticate(route),
      access(route),
      jsonOnly(route),
      requestSizeGuard(maxRequestBytes(limits)),
      body,
      handle,
    );
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
  router.use(legacyError(services));
  return router;
}

/**
 * Errors in the legacy shape: 400 with `{ field: message }` (legacy field names),
 * other statuses with `{ message }`; two-factor adds its code so a client knows to ask for it.
 */
const legacyError =
  (services: Services): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const error = describeError(err, services.log, req);
    if (!startErrorAnswer(error, req, res)) return;
    const route = (res.locals as Partial<Locals>).route;
    if (error.fieldErrors) res.json(route ? legacyErrors(route, error.fieldErrors) : error.fieldErrors);
    else res.json(error.code?.startsWith("TWO_FACTOR") ? { message: error.message, code: error.code } : { message: error.message });
  };
