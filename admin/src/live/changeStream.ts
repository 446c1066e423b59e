import { onSessionChange, readSession } from "../providers/session";
import type { Change, ChangeListener, ChangeSource } from "./change";

export type { Change, ChangeListener, ChangeSource };

/** Listens to every resource's changes (the Activity screen: each write is an event). */
export const ALL = "*";
/** The op every listener hears on a reconnect: what changed meanwhile was not told, so lists read again. */
const RESYNC = "resync";

const listeners = new Map<string, Set<ChangeListener>>();
let source: ChangeSource | undefined;
let open: { token: string; close: () => void } | null = null;

function tell(change: Change) {
  for (const listener of [...(listeners.get(change.resource) ?? []), ...(listeners.get(ALL) ?? [])]) listener(change);
}

function resync() {
  const change: Change = { resource: ALL, id: null, op: RESYNC, version: null, actor: null, at: new Date().toISOString() };
  for (const group of listeners.values()) for (const listener of [...group]) listener(change);
}

/**
 * The tab's one stream: opened when the first screen listens, kept while the
 * session lasts (moving between lists does not reopen it), closed on
 * sign-out and reopened with a new sign-in's token.
 */
async function sync() {
  const token = readSession()?.token ?? null;
  if (open && open.token !== token) {
    open.close();
    open = null;
  }
  if (open || !token || !listeners.size) return;
  const current = { token, close: () => undefined as void };
  open = current;
  // Loaded with the first list: the sign-in screens never carry the client.
  source ??= (await import("./sseSource")).sseSource;
  if (open === current) current.close = source(token, tell, resync);
}

onSessionChange(() => void sync());

/** Hears the changes of `resource` (a GraphQL type name, or ALL); gives how to stop. */
export function listenToChanges(resource: string, listener: ChangeListener): () => void {
  const group = listeners.get(resource) ?? new Set();
  group.add(listener);
  listeners.set(resource, group);
  void sync();
  return () => {
    group.delete(listener);
    if (!group.size) listeners.delete(resource);
  };
}

/** Replaces where changes come from (tests give a fake stream); the open stream is closed. */
export function setChangeSource(next: ChangeSource) {
  open?.close();
  open = null;
  source = next;
  void sync();
}
