import { Router } from "express";
import { viaOf } from "../audit/via";
import { MalformedRequestError, UnauthenticatedError } from "../errors";
import { multipartFailure } from "../resources/kit/uploads";
import { requestSizeGuard } from "../http/requestSize";
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

/**
 * GraphQL multipart uploads (graphql-upload), gated so that nothing is read
 * before it is known to be wanted: the size announced, the boundary and the
 * caller's token are checked first (uploads are mutations, and every mutation
 * that takes a file needs a signed-in user). A parser failure (wrong boundary,
 * truncated body) is the client's: 400, not 500.
 */
export function multipartGate(services: Services, limits: MultipartLimits): Router {
  // busboy stops a file when it reaches its limit, even when it ends there: one byte more lets a file of
  // exactly MAX_UPLOAD_MB through; readStream refuses anything larger.
  const upload = graphqlUploadExpress({ maxFileSize: limits.maxFileBytes + 1, maxFiles: limits.maxFiles });
  const gate = Router();
  gate.use((req, _res, next) => next(req.is("multipart/form-data") ? undefined : "router"));
  gate.use(requestSizeGuard(limits.maxFileBytes * limits.maxFiles + services.config.maxJsonBytes));
  gate.use(async (req, res, next) => {
    if (!BOUNDARY.test(req.headers["content-type"] ?? "")) {
      throw new MalformedRequestError("Malformed multipart request: the Content-Type has no valid boundary");
    }
    res.locals.user = await authenticate(services, req.headers.authorization, viaOf(req, "graphql"));
    next(res.locals.user ? undefined : new UnauthenticatedError("Sign in to upload files"));
  });
  gate.use((req, res, next) => {
    upload(req, res, (err?: unknown) => next(err ? multipartFailure(err) : undefined));
  });
  return gate;
}
