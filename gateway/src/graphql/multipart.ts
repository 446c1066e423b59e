import type { RequestHandler } from "express";
import type { Services } from "../services";
import { authenticate } from "./context";
import { graphqlUploadExpress } from "./upload";

export interface MultipartLimits {
  /** MAX_UPLOAD_MB, per file. */
  maxFileBytes: number;
  maxFiles: number;
}

/** RFC 2046: 1 to 70 characters from a fixed set, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(;|$)/i;

const refuse = (res: Parameters<RequestHandler>[1], status: number, code: string, message: string) => {
  // Nothing of the body is read: close the connection rather than drain it.
  res.setHeader("Connection", "close");
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
};

/**
 * GraphQL multipart uploads (graphql-upload), gated so that nothing is read
 * before it is known to be wanted: the size announced, the boundary and the
 * caller's token are checked first (uploads are mutations, and every mutation
 * that takes a file needs a signed-in user). A parser failure (wrong boundary,
 * truncated body) is the client's: 400, not 500.
 */
export function multipartGate(services: Services, limits: MultipartLimits): RequestHandler {
  const maxRequestBytes = limits.maxFileBytes * limits.maxFiles + services.config.maxJsonBytes;
  // busboy stops a file when it reaches its limit, even when it ends there: one byte more lets a file of
  // exactly MAX_UPLOAD_MB through; readStream refuses anything larger.
  const upload = graphqlUploadExpress({ maxFileSize: limits.maxFileBytes + 1, maxFiles: limits.maxFiles });
  return async (req, res, next) => {
    if (!req.is("multipart/form-data")) return next();
    if (Number(req.headers["content-length"] ?? 0) > maxRequestBytes) {
      return refuse(res, 413, "PAYLOAD_TOO_LARGE", "Request too large");
    }
    if (!BOUNDARY.test(req.headers["content-type"] ?? "")) {
      return refuse(res, 400, "BAD_REQUEST", "Malformed multipart request: the Content-Type has no valid boundary");
    }
    try {
      res.locals.user = await authenticate(services, req.headers.authorization);
    } catch (e) {
      return next(e);
    }
    if (!res.locals.user) return refuse(res, 401, "UNAUTHENTICATED", "Sign in to upload files");
    upload(req, res, (err?: unknown) => {
      if (!err) return next();
      const e = err as { status?: number; message?: string };
      if (e.status && e.status < 500) return next(err);
      next(Object.assign(new Error(`Malformed multipart request: ${e.message ?? "unreadable body"}`), { status: 400, expose: true }));
    });
  };
}
