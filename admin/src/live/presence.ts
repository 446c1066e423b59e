import { useEffect, useRef, useState } from "react";
import { graphql } from "../gql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { useChanges } from "./useChanges";

/** How often an open dialog says it is still open. */
const HEARTBEAT_MS = 10_000;
/** An admin not heard of for this long (a closed laptop, a lost network) is no longer shown. */
const PRESENCE_EXPIRES_MS = 30_000;

/** How long an announcement may hold back the next. */
const SEND_WAIT_MS = 5_000;

/** This tab, among the same user's others: their presence shows, its own does not. */
const TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
/** Each opening of a dialog announces under its own name (TAB-n), so that a closing is final for that opening. */
let openings = 0;

const ANNOUNCE = graphql(`
  mutation announcePresence($resource: String!, $id: ID!, $open: Boolean!, $tab: String) {
    announcePresence(resource: $resource, id: $id, open: $open, tab: $tab)
  }
`);

/**
 * One opening's announcements, sent one after the other: a heartbeat still
 * on its way must not reach the gateway after the closing and show the
 * dialog open again.
 */
function announcer(resource: string, id: string) {
  const tab = `${TAB}-${++openings}`;
  let sent: Promise<unknown> = Promise.resolve();
  return (open: boolean) => {
    // Best effort: presence is a courtesy, never in the way of editing.
    // A request that hangs holds the next one back for SEND_WAIT_MS at most (the others ignore a late one anyway).
    sent = sent.then(() =>
      Promise.race([
        graphqlRequest(ANNOUNCE, { resource, id, open, tab }).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, SEND_WAIT_MS)),
      ]),
    );
  };
}

/**
 * Who else has this record open (by name, once each): this tab announces
 * itself while mounted (at once, then every HEARTBEAT_MS, and its closing),
 * and hears the others' through the change stream. A newcomer is answered
 * at once, so that both see each other without waiting for a heartbeat.
 * An opening heard closing is not shown again, whatever arrives after.
 * No lock: anyone may still save.
 */
export function usePresence(resource: string | undefined, id: string | undefined): string[] {
  const [others, setOthers] = useState<Map<string, { name: string; heard: number }>>(new Map());
  const known = useRef(new Set<string>());
  const closed = useRef(new Set<string>());
  const announce = useRef<(open: boolean) => void>(() => undefined);

  useEffect(() => {
    if (!resource || !id) return;
    const say = (announce.current = announcer(resource, id));
    say(true);
    const heartbeat = setInterval(() => say(true), HEARTBEAT_MS);
    const expiry = setInterval(() => {
      const now = Date.now();
      setOthers((before) => {
        const kept = new Map([...before].filter(([, entry]) => now - entry.heard < PRESENCE_EXPIRES_MS));
        return kept.size === before.size ? before : kept;
      });
    }, HEARTBEAT_MS / 2);
    return () => {
      clearInterval(heartbeat);
      clearInterval(expiry);
      say(false);
      announce.current = () => undefined;
    };
  }, [resource, id]);

  useChanges(resource, (change) => {
    if (!id || change.id !== id || !change.tab || change.tab.startsWith(TAB) || !change.op.startsWith("presence")) return;
    const tab = change.tab;
    if (closed.current.has(tab)) return;
    if (change.op === "presence-end") {
      closed.current.add(tab);
      return setOthers((before) => new Map([...before].filter(([key]) => key !== tab)));
    }
    if (!known.current.has(tab)) {
      known.current.add(tab);
      announce.current(true);
    }
    setOthers((before) => new Map(before).set(tab, { name: change.actor ?? "", heard: Date.now() }));
  });

  return [...new Set([...others.values()].map((entry) => entry.name))];
}
