import type { Change } from "./changeStream";

/** How long a write of this tab is remembered: its change comes back within a moment. */
const REMEMBERED_MS = 30_000;

const written = new Map<string, number>();

const keyOf = (resource: string, id: unknown, version: unknown, op: string) =>
  `${resource}:${String(id)}:${op === "delete" ? "delete" : String(version)}`;

/**
 * Notes a write this tab made (the data provider's create, update or delete):
 * the save already refreshes the screen, so its change on the stream need not.
 */
export function noteOwnWrite(
  resource: string,
  op: "create" | "update" | "delete",
  record: { id?: unknown; version?: unknown } | undefined,
) {
  if (record?.id === undefined) return;
  const now = Date.now();
  for (const [key, at] of written) if (now - at > REMEMBERED_MS) written.delete(key);
  written.set(keyOf(resource, record.id, record.version, op), now);
}

/** Whether this tab made the write `change` tells of. */
export const isOwnWrite = (change: Change) => written.has(keyOf(change.resource, change.id, change.version, change.op));
