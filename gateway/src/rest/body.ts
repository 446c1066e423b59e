import busboy from "busboy";
import { randomBytes } from "crypto";
import express, { Request, RequestHandler } from "express";
import { createWriteStream, promises as fs } from "fs";
import { tmpdir } from "os";
import path from "path";
import { pipeline } from "stream/promises";
import { InsufficientStorageError, PayloadTooLargeError } from "../errors";
import { checkFileName, multipartFailure, type UploadedFile } from "../resources/kit/uploads";

export interface LegacyRequest {
  body: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  /** Removes the request's spooled files; the router calls it when the request ends, whatever the outcome. */
  cleanup(): Promise<void>;
}

export interface BodyLimits {
  /** MAX_UPLOAD_MB, per file. */
  maxFileBytes: number;
  maxFiles: number;
}

const MAX_FIELD_BYTES = 2 * 1024 * 1024;

/** The largest body a legacy request may announce: every file at its limit, and the fields. */
export const maxRequestBytes = (limits: BodyLimits) => limits.maxFileBytes * limits.maxFiles + MAX_FIELD_BYTES;
const MAX_FIELDS = 200;

const json = express.json({ limit: MAX_FIELD_BYTES });
const urlencoded = express.urlencoded({ extended: false, limit: MAX_FIELD_BYTES, parameterLimit: MAX_FIELDS });

const run = (handler: RequestHandler, req: Request, res: Parameters<RequestHandler>[1]) =>
  new Promise<void>((resolve, reject) => handler(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

/**
 * Reads a legacy request body: JSON, urlencoded or multipart (busboy). Files are
 * spooled to disk up to MAX_UPLOAD_MB each; a larger one refuses the whole request
 * (413) before anything reaches the service, so nothing is stored.
 */
export async function readLegacyRequest(req: Request, res: Parameters<RequestHandler>[1], limits: BodyLimits): Promise<LegacyRequest> {
  if (req.is("multipart/form-data")) return readMultipart(req, limits);
  await run(json, req, res);
  await run(urlencoded, req, res);
  const body = req.body;
  return { body: typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}, files: {}, cleanup: async () => {} };
}

/**
 * Multipart with busboy: each file is streamed to a private temporary file
 * (with back-pressure, so a request never holds its files in memory) and read
 * back one at a time when the service checks it.
 */
function readMultipart(req: Request, limits: BodyLimits): Promise<LegacyRequest> {
  const spooled: string[] = [];
  /** Settles when a spool file is closed: removing it while its stream is still opening would let it reappear. */
  const closed: Promise<unknown>[] = [];
  const cleanup = async () => {
    await Promise.all(closed);
    await Promise.all(spooled.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
  };
  return new Promise<LegacyRequest>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file name as raw UTF-8; busboy's default (latin1) turns bytes 0x80-0x9F into C1 controls,
        // which checkFileName would then refuse. graphql-upload parses with the same option.
        defParamCharset: "utf8",
        limits: {
          // busboy stops a file on reaching the limit: one byte more lets exactly MAX_UPLOAD_MB through.
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + limits.maxFiles,
        },
      });
    } catch (e) {
      reject(multipartFailure(e));
      return;
    }
    const body: Record<string, unknown> = {};
    const writes: Promise<[string, string] | undefined>[] = [];
    let tooLarge: string | undefined;
    /** A part refused while the rest of the body is still read (a file name with a control character). */
    let refused: unknown;
    let failed = false;

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) tooLarge ??= `Field ${name} is too large`;
      body[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      try {
        checkFileName(info.filename);
      } catch (e) {
        refused ??= e;
        stream.resume();
        return;
      }
      const file = path.join(tmpdir(), `presale-upload-${process.pid}-${randomBytes(8).toString("hex")}`);
      spooled.push(file);
      let size = 0;
      stream.on("data", (chunk: Buffer) => (size += chunk.length));
      stream.on("limit", () => (tooLarge ??= `File exceeds the ${limits.maxFileBytes / 1024 / 1024} MB limit`));
      const sink = createWriteStream(file, { mode: 0o600 });
      closed.push(new Promise<void>((resolve) => sink.on("close", () => resolve())));
      const written = pipeline(stream, sink).then(
        // A browser sends an empty part without a file name for a file input left empty: no file was chosen. A named
        // file of 0 bytes was chosen: it goes to the service, which refuses it as it does on GraphQL ("The file is empty").
        (): [string, string] | undefined => (size || info.filename ? [name, file] : undefined),
        (e) => {
          stream.resume();
          throw e;
        },
      );
      // Awaited on close; after a parser error nobody awaits it, and that must not crash the process.
      written.catch(() => undefined);
      writes.push(written);
    });
    parser.on("filesLimit", () => (tooLarge ??= `At most ${limits.maxFiles} files`));
    parser.on("fieldsLimit", () => (tooLarge ??= `At most ${MAX_FIELDS} fields`));
    parser.on("partsLimit", () => (tooLarge ??= "Too many parts"));
    parser.on("error", (e: Error) => {
      failed = true;
      req.unpipe(parser);
      req.resume();
      cleanup().finally(() => reject(multipartFailure(e)));
    });
    parser.on("close", async () => {
      if (failed) return;
      try {
        const written = (await Promise.all(writes)).filter((w): w is [string, string] => Boolean(w));
        if (tooLarge) throw new PayloadTooLargeError(tooLarge);
        if (refused) throw refused;
        const files = Object.fromEntries(written.map(([name, file]) => [name, { read: () => fs.readFile(file) }]));
        resolve({ body, files, cleanup });
      } catch (e) {
        await cleanup();
        reject(spoolError(e));
      }
    });
    // A client gone mid-body never ends the parser: stop it, so its spool files are closed and removed and nothing waits forever.
    req.once("close", () => {
      if (!req.complete) parser.destroy(new Error("the request was cut off"));
    });
    req.pipe(parser);
  });
}

/** A full spool folder is the server's problem (507); anything else while spooling is a request that broke off. */
function spoolError(error: unknown): unknown {
  if (error instanceof PayloadTooLargeError) return error;
  const code = (error as { code?: string }).code;
  if (code === "ENOSPC" || code === "EDQUOT") return new InsufficientStorageError("The upload spool is full; nothing was saved");
  return error;
}
