import type { AuthUser } from "../auth/tokens";
import { ForbiddenError, MalformedRequestError } from "../errors";
import type { Change, ChangeFeed } from "./feed";
import { mayHear } from "./subscription";

/** An edit dialog is open on the record (sent again every ~10 s while it stays open). */
const PRESENCE = "presence";
/** The dialog closed. An admin who goes quiet without it (a closed laptop) is dropped by the others after ~30 s. */
const PRESENCE_END = "presence-end";

const TYPE_NAME = /^[A-Z][A-Za-z0-9]{0,63}$/;
const TAB = /^[A-Za-z0-9-]{1,64}$/;

interface Presence {
  resource: string;
  id: string;
  open: boolean;
  /** The announcing admin tab, so that the same user's other tab tells itself apart. */
  tab?: string | null;
}

/**
 * Tells the users who may read `resource` that `user` has one of its records
 * open (or closed it): through the change feed, so every replica's streams
 * hear it, as a change with op presence or presence-end. Nothing is written
 * or audited; who may not read the resource may not announce on it either.
 */
export function announcePresence(feed: ChangeFeed, user: AuthUser, { resource, id, open, tab }: Presence) {
  if (!TYPE_NAME.test(resource)) throw new MalformedRequestError("Name the resource by its GraphQL type (News, BlocklistEntry...)");
  if (tab != null && !TAB.test(tab)) throw new MalformedRequestError("A tab is named by up to 64 letters, digits and dashes");
  const change: Change = {
    resource,
    id,
    op: open ? PRESENCE : PRESENCE_END,
    version: null,
    actor: user.name,
    at: new Date().toISOString(),
    tab: tab ?? null,
  };
  if (!mayHear(change, user)) throw new ForbiddenError(`You may not read ${resource}, so you may not announce yourself on it`);
  feed.publish(change);
  return true;
}
