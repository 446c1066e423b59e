import { randomUUID } from "crypto";
import type { RequestHandler } from "express";
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from "http";
import { Socket } from "net";
import type { TLSSocket } from "tls";
import { mayRead as allowedToRead, type Readers } from "../auth/access";
import { type Answer, matches } from "../cache/answerCache";
import { tagRequest } from "../cache/knownRequests";
import { requestLogSerializers } from "../logger";
import { countCacheLookup, httpRequests } from "../metrics";
import type { Services } from "../services";

/** A request body the fast path reads itself; anything longer goes to express unread. */
const MAX_BODY_BYTES = 16 * 1024;

/** JSON as the GraphQL cache takes it (body-parser decodes UTF-8 only without asking). */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
/** Accept-Encoding listing gzip plainly; q-values and wildcards are left to express's negotiation. */
const PLAIN_GZIP = /^(?:[^;,]*,)*\s*gzip\s*(?:,[^;,]*)*$/i;

export interface FastPathOptions {
  /** The app's own header middleware (helmet, Permissions-Policy, CORS), run once at start on a blank request. */
  headerMiddleware: RequestHandler[];
  /** Express's compiled `trust proxy` setting, to tell https as express does. */
  trustProxy: (address: string, hop: number) => boolean;
  /** CORS is configured: requests carrying an Origin go to express (their headers depend on it). */
  cors: boolean;
}

/** Why a request read here could not be parsed: express's JSON parser would have said the same. */
const BODY_ERROR = Symbol("fastPathBodyError");
type WithBody = IncomingMessage & { body?: unknown; [BODY_ERROR]?: Error };

/** After express.json: a body the fast path read but could not parse is a 400, as body-parser answers it. */
export const readAheadError: RequestHandler = (req, _res, next) => next((req as unknown as WithBody)[BODY_ERROR]);

/**
 * Kept public answers sent before express, helmet, the router and pino-http
 * run: REST lists by method and URL, GraphQL reads by their raw JSON body
 * (bounded) and Accept header, each known once the slow path has keyed it
 * (cache/knownRequests.ts). The answer goes out in one writeHead with the
 * headers the slow path would send: the security headers come from running
 * the app's own middleware once at start. Whatever is not a plain case (HEAD,
 * a query string on /graphql, q-values in Accept-Encoding, no gzip, an Origin
 * with CORS on, Cache-Control or If-Modified-Since, an unknown request, a
 * token that fails its check, versions that cannot be told) goes to `slow`
 * unchanged, so every rule stays where it is.
 */
export function keptAnswers(services: Services, options: FastPathOptions) {
  const { answers, versions, log } = services;
  const plain = headersOf(options.headerMiddleware, false);
  const secure = headersOf(options.headerMiddleware, true);
  const logRequests = log.isLevelEnabled("info");

  const isSecure = (req: IncomingMessage) => {
    const socket = req.socket as TLSSocket;
    let proto = socket.encrypted ? "https" : "http";
    if (options.trustProxy(socket.remoteAddress ?? "", 0)) {
      const forwarded = req.headers["x-forwarded-proto"];
      if (typeof forwarded === "string") proto = forwarded.split(",")[0]!.trim();
    }
    return proto === "https";
  };

  /** The request can take a kept answer as the slow path would send it. */
  const plainCase = (req: IncomingMessage) => {
    const { headers } = req;
    return (
      answers.enabled &&
      PLAIN_GZIP.test(headers["accept-encoding"] ?? "") &&
      headers["cache-control"] === undefined &&
      headers["if-modified-since"] === undefined &&
      !(options.cors && headers.origin !== undefined)
    );
  };

  const send = (req: IncomingMessage, res: ServerResponse, answer: Answer) => {
    countCacheLookup("fast", true);
    const id = (req.headers["x-request-id"] as string | undefined) || randomUUID();
    const head: OutgoingHttpHeaders = {
      ...(isSecure(req) ? secure : plain),
      "x-request-id": id,
      ...answer.headers,
      etag: answer.etag,
      // Caches may keep it, but must ask again (If-None-Match) before using it.
      "cache-control": "no-cache",
      vary: "Accept-Encoding",
    };
    if (logRequests) {
      const started = performance.now();
      res.once("finish", () =>
        log.info(
          {
            req: requestLogSerializers.req({ id, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress }),
            res: requestLogSerializers.res(res),
            responseTime: Math.round(performance.now() - started),
          },
          "request completed",
        ),
      );
    }
    if (matches(req.headers["if-none-match"], answer.etag)) {
      httpRequests.inc({ method: req.method, route: KEPT_ROUTE, status: "304" });
      res.writeHead(304, head).end();
      return;
    }
    httpRequests.inc({ method: req.method, route: KEPT_ROUTE, status: "200" });
    head["content-type"] = answer.contentType;
    head["content-encoding"] = "gzip";
    head["content-length"] = answer.gzip.length;
    res.writeHead(200, head).end(answer.gzip);
  };

  /** The kept answer of a request key now, if there is one. */
  const keptOf = (key: string) => {
    const answerKey = answers.requests.answerKey(key, versions);
    return answerKey === undefined ? undefined : answers.get(answerKey);
  };

  /** Whether the caller of this Authorization header may be sent an answer that needs `access` (a failed check: no). */
  const mayRead = async (authorization: string | undefined, access: Readers | undefined) => {
    if (access === undefined) return false;
    if (!authorization) return access === "public";
    try {
      // Without the request's address, a role with an IP allowlist is not allowed here: the slow path checks it.
      return allowedToRead(access, await services.auth.authenticate(authorization));
    } catch {
      return false;
    }
  };

  const graphqlPost = async (req: WithBody, res: ServerResponse, slow: () => void) => {
    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      res.destroy(); // the client went away mid-body: nobody is left to answer
      return;
    }
    const key = `POST /graphql ${req.headers.accept ?? ""}\n${raw}`;
    tagRequest(req, key);
    const answer = keptOf(key);
    // The answer is the same for every caller its access lets read it: a token that is sent is checked first, and the caller against that access, as the slow path does.
    if (answer && (await mayRead(req.headers.authorization, answers.requests.accessOf(key)))) return send(req, res, answer);
    // Express's JSON parser skips a request already read: hand it what it would have made of the body.
    try {
      req.body = parseJson(raw);
    } catch (error) {
      req[BODY_ERROR] = error as Error;
    }
    slow();
  };

  return (req: IncomingMessage, res: ServerResponse, slow: () => void): void => {
    if (!plainCase(req)) return slow();
    if (req.method === "GET") {
      if (hasBody(req)) return slow();
      const key = `GET ${req.url}`;
      tagRequest(req, key);
      const answer = keptOf(key);
      // GET (REST) answers are public; a token is not read on this path.
      return answer && answers.requests.accessOf(key) === "public" ? send(req, res, answer) : slow();
    }
    if (req.method === "POST" && req.url === "/graphql" && JSON_TYPE.test(req.headers["content-type"] ?? "")) {
      const length = Number(req.headers["content-length"]);
      const bounded =
        req.headers["transfer-encoding"] === undefined &&
        req.headers["content-encoding"] === undefined &&
        Number.isSafeInteger(length) &&
        length > 0 &&
        length <= Math.min(MAX_BODY_BYTES, services.config.maxJsonBytes);
      if (bounded) {
        void graphqlPost(req, res, slow).catch((error) => {
          log.error({ err: error }, "kept answer failed");
          if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end('{"message":"Internal server error"}');
        });
        return;
      }
    }
    slow();
  };
}

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("request aborted")));
  });
}

/** As express.json (body-parser, strict) parses: an object or array, a leading BOM dropped; its error says the same. */
function parseJson(raw: string): unknown {
  const text = raw.replace(/^\uFEFF/, "");
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  try {
    if (first !== "{" && first !== "[") throw new SyntaxError(`Unexpected token ${first ?? "end"} in JSON at position 0`);
    return JSON.parse(text);
  } catch (error) {
    throw Object.assign(error as SyntaxError, { status: 400, statusCode: 400, expose: true, type: "entity.parse.failed", body: raw });
  }
}

/** The headers the app's middleware sets on a blank request (no Origin), over https or not. */
function headersOf(middleware: RequestHandler[], secure: boolean): OutgoingHttpHeaders {
  const req = Object.assign(new IncomingMessage(new Socket()), { method: "GET", url: "/", path: "/", secure, headers: {} });
  const res = new ServerResponse(req);
  let at = 0;
  let finished = false;
  const next = (error?: unknown) => {
    if (error) throw error;
    const handler = middleware[at++];
    if (!handler) finished = true;
    // A blank request is enough for header middleware: it reads the method, the path, the origin and https.
    else void handler(req as never, res as never, next);
  };
  next();
  if (!finished) throw new Error("the header middleware did not finish at once: the fast path cannot know its headers");
  return res.getHeaders();
}

/** The route label of answers sent before express (its routes never see them). */
const KEPT_ROUTE = "(kept answer)";
