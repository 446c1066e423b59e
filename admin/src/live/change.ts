/** What the change stream carries, shared by the stream (changeStream.ts) and its transports (sseSource.ts). */
import type { ChangesSubscription } from "../gql/graphql";

type Streamed = ChangesSubscription["changes"];

/**
 * One committed write (or an admin's presence) as the gateway's change stream tells it (gateway/src/changes/feed.ts):
 * `resource` is the GraphQL type name of what was written (News, BlocklistEntry...), `op` create, update, delete,
 * restore, status, or presence and presence-end for an open edit dialog, `actor` who by name, `at` when (ISO 8601).
 * `tab` names the admin tab that announced a presence (the same user may have the record open in two tabs); the
 * stream's own notice of a reconnect has none.
 */
export type Change = Omit<Streamed, "tab"> & Partial<Pick<Streamed, "tab">>;

export type ChangeListener = (change: Change) => void;

/** Opens a stream of every change the token's user may read; gives how to close it. `onReconnect`: changes may have been missed. */
export type ChangeSource = (token: string, onChange: ChangeListener, onReconnect: () => void) => () => void;
