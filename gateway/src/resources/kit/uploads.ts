import type { Readable } from "stream";
import { InsufficientStorageError, BadRequestError, PayloadTooLargeError } from "../../errors";

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
  createReadStream(): Readable;
}

/** Wraps a graphql-upload `Upload` argument (a promise of a FileUpload). */
export function fromGraphQLUpload(upload: unknown, maxBytes: number): UploadedFile | undefined {
  if (upload === undefined || upload === null) return undefined;
  return {
    async read() {
      const file = (await upload) as GraphQLFileUpload;
      return readStream(() => file.createReadStream(), maxBytes);
    },
  };
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === "object" && v !== null && typeof (v as UploadedFile).read === "function";
