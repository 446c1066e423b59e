import type { ErrorRequestHandler, Request, Response } from "express";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../database";
import { AppError, FieldErrors, ValidationError } from "../errors";
import type { Logger } from "../logger";
import { lingerAfterAnswer } from "./refusedBody";

/** What an HTTP answer says about an error, before each edge gives it its shape. */
export interface HttpError {
  status: number;
  message: string;
  code?: string;
  fieldErrors?: FieldErrors;
  headers: Record<string, string>;
}

/**
 * The one mapping from anything thrown to an HTTP status and message: the
 * core's errors carry theirs, body-parser and upload errors say theirs, a
 * database that does not answer is 503, and anything else is a bug (logged, 500).
 */
export function describeError(err: unknown, log: Logger, req: Request): HttpError {
  if (err instanceof AppError) {
    const fieldErrors = err instanceof ValidationError ? err.fieldErrors : undefined;
    return { status: err.status, message: err.message, code: err.code, fieldErrors, headers: err.headers };
  }
  if (isDatabaseUnavailable(err)) return { status: 503, message: DATABASE_UNAVAILABLE, code: "SERVICE_UNAVAILABLE", headers: {} };
  // body-parser (malformed JSON, too large, unsupported charset ...) and graphql-upload say their status.
  const other = err as { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string };
  const status = Number(other?.status ?? other?.statusCode) || 500;
  if (status < 500) {
    const message =
      other.type === "entity.parse.failed"
        ? "Malformed JSON body"
        : status === 413
          ? "Request too large"
          : other.expose
            ? String(other.message)
            : "Bad request";
    return { status, message, headers: {} };
  }
  log.error({ err, url: req.originalUrl }, "request failed");
  return { status: 500, message: "Internal server error", headers: {} };
}

/**
 * Sets an error's status and headers. A request refused before its body was
 * read (401, 403, 413, 400) is answered at once, never after waiting on the
 * client; its connection then closes with a linger (http/refusedBody.ts), so
 * the answer still reaches a client busy sending. False when an answer is
 * already under way.
 */
export function startErrorAnswer(error: HttpError, req: Request, res: Response): boolean {
  if (res.headersSent) return false;
  if (!(req.complete || req.readableEnded)) {
    res.setHeader("Connection", "close");
    lingerAfterAnswer(req);
  }
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status);
  return true;
}

/** The app's last word: GraphQL's error shape under /graphql, `{ message }` elsewhere. */
export const errorHandler =
  (log: Logger): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const error = describeError(err, log, req);
    if (!startErrorAnswer(error, req, res)) return;
    const extensions = error.code ? { extensions: { code: error.code } } : {};
    res.json(req.path.startsWith("/graphql") ? { errors: [{ message: error.message, ...extensions }] } : { message: error.message });
  };
