import { createHash } from "crypto";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { gunzipSync, createGzip, type Gzip } from "zlib";

/** One public answer, gzip-compressed once, with its ETag and the headers it needs (a Link). */
interface Answer {
  gzip: Buffer;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
}

/** Writes an answer's body into `sink`; resolves, when it is complete, with the headers the answer carries. */
export type AnswerWriter = (sink: Gzip) => Promise<Record<string, string> | void>;

/** An answer larger than this share of the cache is sent but not kept (one list must not evict everything). */
const LARGEST_SHARE = 4;

/**
 * Public answers (the same for every caller) serialised and compressed once,
 * kept in a size-bounded LRU, served with an ETag (If-None-Match → 304). Keys
 * carry the versions of the resources they read, so a write is never followed
 * by a stale answer. Concurrent misses of one key share one build.
 */
export class AnswerCache {
  private readonly answers: LRUCache<string, Answer> | undefined;
  private readonly building = new Map<string, Promise<Answer>>();

  constructor(private readonly maxBytes: number) {
    this.answers =
      maxBytes > 0 ? new LRUCache<string, Answer>({ maxSize: maxBytes, sizeCalculation: (answer) => answer.gzip.length }) : undefined;
  }

  /** Sends the kept answer of `key`, if there is one; false when it must be built. */
  serveKept(req: Request, res: Response, key: string): boolean {
    const answer = this.answers?.get(key);
    if (answer) send(req, res, answer);
    return Boolean(answer);
  }

  async serve(req: Request, res: Response, key: string, contentType: string, write: AnswerWriter): Promise<void> {
    let answer = this.answers?.get(key);
    if (!answer) {
      let pending = this.building.get(key);
      if (!pending) {
        pending = build(write, contentType).finally(() => this.building.delete(key));
        this.building.set(key, pending);
      }
      answer = await pending;
      if (this.answers && answer.gzip.length <= this.maxBytes / LARGEST_SHARE) this.answers.set(key, answer);
    }
    send(req, res, answer);
  }
}

async function build(write: AnswerWriter, contentType: string): Promise<Answer> {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.once("end", resolve);
    gzip.once("error", reject);
  });
  const headers = (await write(gzip)) ?? {};
  gzip.end();
  await ended;
  const body = Buffer.concat(chunks);
  return { gzip: body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, contentType, headers };
}

function send(req: Request, res: Response, answer: Answer) {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("ETag", answer.etag);
  // Caches may keep it, but must ask again (If-None-Match) before using it.
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type(answer.contentType);
  if (req.acceptsEncodings("gzip")) {
    res.setHeader("Content-Encoding", "gzip");
    res.end(answer.gzip);
  } else {
    res.end(gunzipSync(answer.gzip));
  }
}
