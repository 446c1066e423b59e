import type { RequestHandler } from "express";
import { PayloadTooLargeError } from "../errors";

/** Refuses a body announced larger than `maxBytes` before a byte of it is read (the parsers also stop at their own limits). */
export const requestSizeGuard =
  (maxBytes: number): RequestHandler =>
  (req, _res, next) => {
    next(Number(req.headers["content-length"] ?? 0) > maxBytes ? new PayloadTooLargeError("Request too large") : undefined);
  };
