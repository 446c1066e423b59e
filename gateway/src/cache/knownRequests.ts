import type { IncomingMessage } from "http";
import { LRUCache } from "lru-cache";
import type { Readers } from "../auth/access";
import type { ResourceVersions } from "./versions";

/**
 * The cache key of a public answer at given versions of the resources it
 * reads (in the order of `resources`). The slow paths build their keys with
 * it, and the fast path (http/keptAnswers.ts) rebuilds the same key from the
 * versions of the moment, so the two cannot drift apart.
 */
export type KeyAt = (versions: readonly string[]) => string;

interface Known {
  resources: readonly string[];
  keyAt: KeyAt;
  /** Who may be sent its answer (auth/access.ts): the fast path checks the caller against it first. */
  access: Readers;
}

/** Where the fast path leaves the request's key (method, URL, and for a POST its Accept header and body) for the slow path. */
const REQUEST_KEY = Symbol("knownRequestKey");
type Tagged = IncomingMessage & { [REQUEST_KEY]?: string };

export const tagRequest = (req: IncomingMessage, key: string) => {
  (req as Tagged)[REQUEST_KEY] = key;
};

/**
 * The versions of `resources` now, or undefined when the versions cannot be
 * told (a shared store that does not answer): then no answer may be kept or
 * served from the cache.
 */
export function versionsOf(versions: ResourceVersions, resources: readonly string[]): string[] | undefined {
  const now: string[] = [];
  for (const resource of resources) {
    // `of` may answer undefined (shared versions out of reach): that is a bypass, never version "undefined".
    const version = versions.of(resource);
    if (version === undefined) return undefined;
    now.push(version);
  }
  return now;
}

/** Request keys and their answers' keys are bounded by their text (a hostile client sends many distinct bodies). */
const MAX_KNOWN_CHARS = 4 * 1024 * 1024;

/**
 * Requests whose answer the slow path keyed as a kept public answer: what
 * they read and how their cache key is made. The fast path looks a request up
 * here by its raw method, URL and body, before express parses anything.
 */
export class KnownRequests {
  private readonly known = new LRUCache<string, Known>({
    maxSize: MAX_KNOWN_CHARS,
    // The key-maker holds about the request's text once more (the query and variables it describes).
    sizeCalculation: (_known, key) => 2 * key.length + 100,
  });
  /** Called by a slow path that keyed a kept answer for `req`; a request the fast path did not tag is not learnt. */
  remember(req: IncomingMessage, resources: readonly string[], keyAt: KeyAt, access: Readers = "public"): void {
    const key = (req as Tagged)[REQUEST_KEY];
    if (key !== undefined) this.known.set(key, { resources, keyAt, access });
  }

  /** The cache key the request of `requestKey` has now; undefined when it is unknown or the versions cannot be told. */
  answerKey(requestKey: string, versions: ResourceVersions): string | undefined {
    const known = this.known.get(requestKey);
    const now = known && versionsOf(versions, known.resources);
    return now && known.keyAt(now);
  }

  /** Who may be sent the answer of `requestKey` (unknown: nobody). */
  accessOf(requestKey: string): Readers | undefined {
    return this.known.get(requestKey)?.access;
  }
}
