import busboy from "busboy";
import express, { Request, RequestHandler } from "express";
import { PayloadTooLargeError, UserInputError } from "../errors";
import type { UploadedFile } from "../resources/kit/uploads";

export interface LegacyRequest {
  body: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

export interface BodyLimits {
  /** MAX_UPLOAD_MB, per file. */
  maxFileBytes: number;
  maxFiles: number;
}

const MAX_FIELD_BYTES = 2 * 1024 * 1024;
const MAX_FIELDS = 200;

const json = express.json({ limit: MAX_FIELD_BYTES });
const urlencoded = express.urlencoded({ extended: false, limit: MAX_FIELD_BYTES, parameterLimit: MAX_FIELDS });

const run = (handler: RequestHandler, req: Request, res: Parameters<RequestHandler>[1]) =>
  new Promise<void>((resolve, reject) => handler(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

/**
 * Reads a legacy request body: JSON, urlencoded or multipart (busboy). Files are
 * held in memory up to MAX_UPLOAD_MB each; a larger one refuses the whole request
 * (413) before anything reaches the service, so nothing is stored.
 */
export async function readLegacyRequest(req: Request, res: Parameters<RequestHandler>[1], limits: BodyLimits): Promise<LegacyRequest> {
  const maxRequestBytes = limits.maxFileBytes * limits.maxFiles + MAX_FIELD_BYTES;
  if (Number(req.headers["content-length"] ?? 0) > maxRequestBytes) throw new PayloadTooLargeError("Request too large");
  if (req.is("multipart/form-data")) return readMultipart(req, limits);
  await run(json, req, res);
  await run(urlencoded, req, res);
  const body = req.body;
  return { body: typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}, files: {} };
}

function readMultipart(req: Request, limits: BodyLimits): Promise<LegacyRequest> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + limits.maxFiles },
      });
    } catch (e) {
      reject(new UserInputError({ body: `Malformed multipart request: ${(e as Error).message}` }));
      return;
    }
    const body: Record<string, unknown> = {};
    const buffers: Record<string, Buffer> = {};
    let tooLarge: string | undefined;

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) tooLarge ??= `Field ${name} is too large`;
      body[name] = value;
    });
    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (tooLarge ??= `File exceeds the ${limits.maxFileBytes / 1024 / 1024} MB limit`));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        // A browser sends an empty part for a file input left empty: no file was chosen.
        if (bytes.length) buffers[name] = bytes;
      });
    });
    parser.on("filesLimit", () => (tooLarge ??= `At most ${limits.maxFiles} files`));
    parser.on("fieldsLimit", () => (tooLarge ??= `At most ${MAX_FIELDS} fields`));
    parser.on("partsLimit", () => (tooLarge ??= "Too many parts"));
    parser.on("error", (e: Error) => {
      req.unpipe(parser);
      req.resume();
      reject(new UserInputError({ body: `Malformed multipart request: ${e.message}` }));
    });
    parser.on("close", () => {
      if (tooLarge) return reject(new PayloadTooLargeError(tooLarge));
      const files = Object.fromEntries(Object.entries(buffers).map(([name, bytes]) => [name, { read: async () => bytes }]));
      resolve({ body, files });
    });
    req.pipe(parser);
  });
}
