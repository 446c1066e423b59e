import { may, type Actor } from "../auth/access";
import { catalogue } from "../auth/roles";
import type { AuthUser } from "../auth/tokens";
import { User } from "../resources/user";
import type { Change, ChangeFeed } from "./feed";

/** A subscriber this far behind is ended (it reconnects and re-reads), rather than held in memory without end (SUBSCRIPTION_MAX_BEHIND). */
export const MAX_QUEUED = 1000;

/** The resource name of API tokens' audit events (auth/apiTokens.ts). */
const API_TOKEN = "ApiToken";

/**
 * The names among `names` that no change can carry (not a resource the roles know, nor API tokens): a stream
 * asked only for those would stay silent for ever, so it is refused instead.
 */
export function unknownResources(names: readonly string[]): string[] {
  const known = catalogue();
  return [...new Set(names)].filter((name) => name !== API_TOKEN && !known.has(name));
}

/**
 * Whether `user` may learn of this change: the read rule of its resource, as a
 * list read checks it (webhooks: their own permission). An API token's change
 * is told to whoever may manage users (who sees everyone's tokens), never to a token.
 */
export function mayHear(change: Change, user: AuthUser): boolean {
  const resource = change.resource === API_TOKEN ? User.name : change.resource;
  return may({ action: "read", resource }, user as Actor) && (change.resource !== API_TOKEN || may({ action: "update", resource }, user));
}

export interface StreamOptions {
  feed: ChangeFeed;
  user: AuthUser;
  /** Only these resources (GraphQL type names); all the user may read when empty or absent. */
  resources?: string[] | null;
  /** The stream's user as their session (or API token) is now, checked every `recheckMs`: the stream ends when it ended, and follows a changed role. */
  recheck: () => Promise<AuthUser | undefined>;
  recheckMs: number;
  /** Changes held for a subscriber that has not taken them: one more ends the stream (MAX_QUEUED unless told). */
  maxQueued?: number;
  /**
   * Settles once the subscriber's connection has room for more (undefined when it has now): until then no change
   * is handed over, so a client that does not read lets its changes wait here, where `maxQueued` bounds them.
   */
  room?: () => Promise<void> | undefined;
  /** Told once when the stream ends for being `maxQueued` behind (its connection is to be closed: its client does not read). */
  behind?: () => void;
  /**
   * Told once when the stream ends because the feed may have lost changes (Redis cut): its connection is to be closed,
   * so that its client opens a new one and re-reads, rather than trust a stream that silently missed some.
   */
  lost?: () => void;
}

/**
 * The changes a subscriber hears from now on, each checked against what they
 * may read; ends when their session ends, when they fall `maxQueued` behind, or
 * when the feed may have lost changes on the way from the other replicas.
 *
 * An iterator by hand, not an async generator: a generator waiting for the next
 * change cannot be ended from outside (its `return()` waits until it yields), so
 * a stream whose client left kept its listener and its recheck timer for ever.
 */
export function changeStream({
  feed,
  user: first,
  resources: only,
  recheck,
  recheckMs,
  maxQueued = MAX_QUEUED,
  room,
  behind,
  lost,
}: StreamOptions): AsyncIterableIterator<Change> {
  let user = first;
  const wanted = only?.length ? new Set(only) : undefined;
  const queued: Change[] = [];
  const finished: IteratorReturnResult<undefined> = { done: true, value: undefined };
  let waiting: ((result: IteratorResult<Change>) => void) | undefined;
  /** Wakes a `next` waiting for room, when the stream ends meanwhile. */
  let wake: (() => void) | undefined;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    stop();
    unwatch();
    waiting?.(finished);
    waiting = undefined;
    wake?.();
  };
  const stop = feed.listen((change) => {
    if (ended || (wanted && !wanted.has(change.resource)) || !mayHear(change, user)) return;
    if (waiting) {
      const deliver = waiting;
      waiting = undefined;
      deliver({ done: false, value: change });
    } else if (queued.length >= maxQueued) {
      end();
      behind?.();
    } else queued.push(change);
  });
  const unwatch = feed.onLoss(() => {
    if (ended) return;
    end();
    lost?.();
  });
  const timer = setInterval(() => {
    recheck().then(
      (now) => {
        if (now) user = now;
        else end();
      },
      () => undefined, // the check itself failed (database away): the next one decides
    );
  }, recheckMs);

  return {
    next: async () => {
      const full = ended ? undefined : room?.();
      if (full) await Promise.race([full, new Promise<void>((resolve) => (wake = resolve))]);
      wake = undefined;
      if (ended) return finished;
      const change = queued.shift();
      if (change) return { done: false, value: change };
      return new Promise((resolve) => (waiting = resolve));
    },
    return: () => {
      end();
      return Promise.resolve(finished);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
