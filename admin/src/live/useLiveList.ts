import { useEffect, useRef, useState } from "react";
import { useListContext, useResourceContext, useTranslate, type RaRecord } from "react-admin";
import { useScreens } from "../ui/screens";
import { ALL } from "./changeStream";
import { isOwnWrite } from "./ownWrites";
import { useChanges } from "./useChanges";

/** How long a row that appeared or changed stays highlighted. */
export const HIGHLIGHT_MS = 2000;
/** Changes that come together (an import, a bulk delete) are read with one request. */
const GATHER_MS = 150;

/** The page's records out of a refetch's answer (useGetList's query keeps `{ data, total }`). */
const recordsOf = (answer: unknown): RaRecord[] | undefined => {
  const data = (answer as { data?: unknown })?.data;
  return Array.isArray(data) ? data : (data as { data?: RaRecord[] } | undefined)?.data;
};

interface LiveList {
  highlighted: ReadonlySet<string>;
  announcement: string;
  /** A feed's changes held back (not on its first page, or filtered): how many. */
  waiting: number;
  /** Shows the held changes: the first page, read again. */
  showWaiting: () => void;
}

/**
 * The list in context, live: a change of its resource by someone else reads
 * the current page again (its paging, sort and filters kept); the rows that
 * appeared or changed are given back for a short highlight, with a sentence
 * for screen readers ('1 new row'). A `feed` (the Activity screen, where each
 * write of any resource is a new row) reads again only on its first page
 * unfiltered; elsewhere it counts what came, for a 'show' link.
 */
export function useLiveList(feed = false): LiveList {
  const { data, refetch, page, setPage, filterValues } = useListContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const [waiting, setWaiting] = useState(0);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const named = useRef(new Set<string>());
  const gather = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef<RaRecord[]>([]);
  shown.current = data ?? [];

  const reread = async () => {
    const before = new Set(shown.current.map((record) => String(record.id)));
    const changed = named.current;
    named.current = new Set();
    const now = recordsOf(await refetch())?.map((record) => String(record.id));
    if (!now) return;
    const added = now.filter((id) => !before.has(id));
    const updated = now.filter((id) => before.has(id) && changed.has(id));
    const removed = [...before].filter((id) => !now.includes(id));
    setHighlighted(new Set([...added, ...updated]));
    setAnnouncement(
      [
        added.length && translate("app.live.added", { smart_count: added.length }),
        updated.length && translate("app.live.updated", { smart_count: updated.length }),
        removed.length && translate("app.live.removed", { smart_count: removed.length }),
      ]
        .filter(Boolean)
        .join(", "),
    );
  };

  const { screenOf } = useScreens();
  useChanges(feed ? ALL : resource ? screenOf(resource).type : undefined, (change) => {
    if (change.op.startsWith("presence") || isOwnWrite(change)) return;
    // New events go on top of the first page: elsewhere the page in view stays still.
    if (feed && (page !== 1 || Object.keys(filterValues ?? {}).length)) {
      // A reconnect's resync (resource ALL) is no event: the page is read again once shown.
      if (change.resource !== ALL) setWaiting((count) => count + 1);
      return;
    }
    if (change.id) named.current.add(change.id);
    clearTimeout(gather.current);
    gather.current = setTimeout(() => void reread(), GATHER_MS);
  });

  useEffect(() => {
    const pending = gather;
    return () => clearTimeout(pending.current);
  }, []);
  // The highlight fades HIGHLIGHT_MS after it is shown (timed from the render, not the read: a slow render of a
  // long page would otherwise eat into it).
  useEffect(() => {
    if (!highlighted.size) return;
    const fade = setTimeout(() => setHighlighted(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(fade);
  }, [highlighted]);
  // Moving to another page or filter shows what is there now: nothing is held any more.
  const view = `${page}:${JSON.stringify(filterValues ?? {})}`;
  useEffect(() => setWaiting(0), [view]);

  const showWaiting = () => {
    setWaiting(0);
    if (page !== 1) setPage(1);
    else void reread();
  };
  return { highlighted, announcement, waiting, showWaiting };
}
