import { createHash } from "crypto";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { gunzipSync, createGzip, type Gzip } from "zlib";
import { KnownRequests } from "./knownRequests";
import { countCacheLookup } from "../metrics";

/** One public answer, gzip-compressed once, with its ETag and the headers it needs (a Link). */
export interface Answer {
  gzip: Buffer;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
}

/**
 * Writes an answer's body into `sink`; resolves, when it is complete, with the
 * headers the answer carries (a Content-Type among them replaces the one given
 * to serve). A writer that throws keeps nothing: every request sharing the
 * build gets the error.
 */
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
  /** The requests whose kept answers the fast path may send before express runs (http/keptAnswers.ts). */
  readonly requests = new KnownRequests();

  constructor(private readonly maxBytes: number) {
    this.answers =
      maxBytes > 0 ? new LRUCache<string, Answer>({ maxSize: maxBytes, sizeCalculation: (answer) => answer.gzip.length }) : undefined;
  }

  /** Sends the kept answer of `key`, if there is one; false when it must be built. */
  serveKept(req: Request, res: Response, key: string, options: SendOptions = {}): boolean {
    const answer = this.answers?.get(key);
    countCacheLookup("express", answer !== undefined);
    if (answer) send(req, res, answer, options);
    return Boolean(answer);
  }

  /** The kept answer of `key`, if there is one. */
  get(key: string): Answer | undefined {
    return this.answers?.get(key);
  }

  /** Whether answers are kept at all (PUBLIC_CACHE_MB=0 builds every one). */
  get enabled(): boolean {
    return this.answers !== undefined;
  }

  async serve(
    req: Request,
    res: Response,
    key: string,
    contentType: string,
    write: AnswerWriter,
    options: SendOptions = {},
  ): Promise<void> {
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
    send(req, res, answer, options);
  }
}

export interface SendOptions {
  /**
   * Answer 304 to a matching If-None-Match whatever the method: a GraphQL
   * query is a POST, and express's req.fresh only considers GET and HEAD.
   */
  revalidateAnyMethod?: boolean;
}

async function build(write: AnswerWriter, contentType: string): Promise<Answer> {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.once("end", resolve);
    gzip.once("error", reject);
  });
  let headers: Record<string, string>;
  try {
    headers = { ...(await write(gzip)) };
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  gzip.end();
  await ended;
  const body = Buffer.concat(chunks);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const named = Object.keys(headers).find((name) => name.toLowerCase() === "content-type");
  if (named) {
    contentType = headers[named]!;
    delete headers[named];
  }
  return { gzip: body, etag, contentType, headers };
}

/** If-None-Match against an ETag (a list of tags, or *), as RFC 9110 section 13.1.2 compares them. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

function send(req: Request, res: Response, answer: Answer, options: SendOptions) {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("ETag", answer.etag);
  // Caches may keep it, but must ask again (If-None-Match) before using it.
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (req.fresh || (options.revalidateAnyMethod && matches(req.headers["if-none-match"], answer.etag))) {
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
