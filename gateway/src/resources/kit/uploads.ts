import type { Readable } from "stream";
import { AppError, InsufficientStorageError, BadRequestError, MalformedRequestError, PayloadTooLargeError } from "../../errors";

/** A file received by GraphQL (graphql-upload) or by the REST shim (busboy). */
export interface UploadedFile {
  read(): Promise<Buffer>;
}

/** Reads an upload stream, refusing it past maxBytes (graphql-upload and busboy also cut it there). */
export async function readStream(open: () => Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // graphql-upload throws from createReadStream when the file already hit its limit.
    for await (const chunk of open()) {
      size += chunk.length;
      if (size > maxBytes) throw new PayloadTooLargeError(`File exceeds the ${maxBytes / 1024 / 1024} MB limit`);
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof PayloadTooLargeError) throw e;
    const { status, code } = e as { status?: number; code?: string };
    if (status === 413) throw new PayloadTooLargeError(`File exceeds the ${maxBytes / 1024 / 1024} MB limit`);
    // The spool on disk failed: the server's problem. Anything else is the body ending early or malformed.
    if (code === "ENOSPC" || code === "EDQUOT") throw new InsufficientStorageError("The upload spool is full; nothing was saved");
    if (code && /^E[A-Z]+$/.test(code) && code !== "ECONNRESET") throw e;
    throw new BadRequestError({ file: "The upload ended before the file was complete" });
  }
  return Buffer.concat(chunks);
}

interface GraphQLFileUpload {
  filename?: string;
  createReadStream(): Readable;
}

/** Wraps a graphql-upload `Upload` argument (a promise of a FileUpload). */
export function fromGraphQLUpload(upload: unknown, maxBytes: number): UploadedFile | undefined {
  if (upload === undefined || upload === null) return undefined;
  return {
    async read() {
      // graphql-upload rejects the upload with the parser's error when the body breaks after the operations were read.
      const file = (await Promise.resolve(upload).catch((e: unknown) => Promise.reject(multipartFailure(e)))) as GraphQLFileUpload;
      checkFileName(file.filename);
      return readStream(() => file.createReadStream(), maxBytes);
    },
  };
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === "object" && v !== null && typeof (v as UploadedFile).read === "function";

/** Control characters (C0, DEL, C1): no browser names a file with them; NUL ends a C string. */
const CONTROL = /\p{Cc}/u;

/** busboy's words for a broken body, said so that a client knows what to change. */
const EXPLAINED: Record<string, string> = {
  "Malformed part header":
    "a part's headers cannot be read (a field or file name may not contain control characters such as NUL or line breaks)",
  "Unexpected end of form": "the body ended before its closing boundary",
};

/**
 * The one reading of a multipart failure, for both transports (GraphQL's
 * graphql-upload and the REST shim's busboy both parse with busboy): the
 * parser's own errors and graphql-upload's 4xx are the client's (400, or 413
 * for a limit), with a message; a failure of the server (a full spool, 5xx)
 * is left as it is.
 */
export function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { status, code, message } = error as { status?: number; code?: string; message?: string };
  if (typeof status === "number") {
    if (status >= 500) return error;
    return status === 413 ? new PayloadTooLargeError(String(message)) : new MalformedRequestError(String(message));
  }
  if (code && /^E[A-Z]+$/.test(code)) return error;
  const said = message ?? "unreadable body";
  return new MalformedRequestError(`Malformed multipart request: ${EXPLAINED[said] ?? said}`);
}

/** Refuses a file name the parser let through (RFC 5987 `filename*=UTF-8''a%00b`): a control character in it is refused as a raw one is. */
export function checkFileName(name: string | undefined): void {
  if (name && CONTROL.test(name)) {
    throw new MalformedRequestError("Malformed multipart request: a file name may not contain control characters such as NUL");
  }
}
