/** What the change stream carries, shared by the stream (changeStream.ts) and its transports (sseSource.ts). */

/** One committed write (or an admin's presence) as the gateway's change stream tells it (gateway/src/changes/feed.ts). */
export interface Change {
  /** The GraphQL type name of what was written (News, BlocklistEntry...). */
  resource: string;
  id: string | null;
  /** create, update, delete, restore, status; presence and presence-end for an open edit dialog. */
  op: string;
  version: number | null;
  /** Who, by name. */
  actor: string | null;
  /** When (ISO 8601). */
  at: string;
  /** The admin tab that announced a presence (the same user may have the record open in two tabs). */
  tab?: string | null;
}

export type ChangeListener = (change: Change) => void;

/** Opens a stream of every change the token's user may read; gives how to close it. `onReconnect`: changes may have been missed. */
export type ChangeSource = (token: string, onChange: ChangeListener, onReconnect: () => void) => () => void;
