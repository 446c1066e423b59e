import { catalogue } from "../auth/roles";
import type { AuthUser } from "../auth/tokens";
import { ForbiddenError, ValidationError } from "../errors";
import type { Change, ChangeFeed } from "./feed";
import { mayHear } from "./subscription";

/** An edit dialog is open on the record (sent again every ~10 s while it stays open). */
const PRESENCE = "presence";
/** The dialog closed. An admin who goes quiet without it (a closed laptop) is dropped by the others after ~30 s. */
const PRESENCE_END = "presence-end";

const TYPE_NAME = /^[A-Z][A-Za-z0-9]{0,63}$/;
const TAB = /^[A-Za-z0-9-]{1,64}$/;
/** Records are numbered from 1 (resources/kit/entity.ts) and read as safe integers: 16 digits at most. */
const RECORD_ID = /^[1-9][0-9]{0,15}$/;

interface Presence {
  resource: string;
  id: string;
  open: boolean;
  /** The announcing admin tab, so that the same user's other tab tells itself apart. */
  tab?: string | null;
}

/**
 * Every argument bounded before anything is told: an announcement is fanned out to every stream on every replica,
 * so what it carries is what a record's change carries (a known resource, a record's id, a short tab), never more.
 */
function checked({ resource, id, tab }: Presence) {
  if (!TYPE_NAME.test(resource) || !catalogue().has(resource))
    throw new ValidationError({ resource: "Name a resource by its GraphQL type (News, BlocklistEntry...)" });
  if (!RECORD_ID.test(id) || !Number.isSafeInteger(Number(id))) throw new ValidationError({ id: "A record's id is a whole number from 1" });
  if (tab != null && !TAB.test(tab)) throw new ValidationError({ tab: "A tab is named by up to 64 letters, digits and dashes" });
}

/**
 * Tells the users who may read `resource` that `user` has one of its records
 * open (or closed it): through the change feed, so every replica's streams
 * hear it, as a change with op presence or presence-end. Nothing is written
 * or audited; who may not read the resource may not announce on it either.
 * `counted` takes the announcement from the user's rate (or refuses it) once it
 * is known to be one that would be told.
 */
export async function announcePresence(feed: ChangeFeed, user: AuthUser, presence: Presence, counted: () => Promise<void>) {
  checked(presence);
  const { resource, id, open, tab } = presence;
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
  await counted();
  feed.publish(change);
  return true;
}
