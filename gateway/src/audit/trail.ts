import type { EntityManager } from "typeorm";
import type { Actor } from "../auth/access";
import { AuditEvent, type AuditOperation } from "../resources/auditEvent";
import type { Change, ChangeFeed } from "../changes/feed";
import type { AnyResource, Row, RowOfResource } from "../resources/kit/define";
import { actorOf } from "./actor";
import { type FieldChange, changesOf, snapshotOf } from "./changes";
import type { Via } from "./via";

export type AuditRow = RowOfResource<typeof AuditEvent>;

/** What a writer tells the trail about one change. */
export interface AuditEntry {
  actor: Actor;
  via: Via;
  resource: string;
  recordId: number | string | null;
  operation: AuditOperation;
  changes: FieldChange[];
  /** The record's values after the change (before it, for a delete), secrets left out; null when there is no revision to keep. */
  snapshot: Record<string, unknown> | null;
  /** The record's version after the change, when its resource keeps one (told to the change feed). */
  version?: number | null;
}

/** The AuditEvent resource's side of the trail (its service): told of the writes that append events, and of what they appended. */
export interface TrailListener {
  /** Runs a write that appends events: what is kept of the event lists is not kept from reads it overlaps. */
  during<T>(write: () => Promise<T>): Promise<T>;
  /** Events were committed: `event` when exactly that one was (kept counts and page marks are carried over it), else undefined. */
  appended(event?: AuditRow): Promise<void> | void;
}

const UNTOLD: TrailListener = { during: (write) => write(), appended: () => {} };

/**
 * Appends audit events. Each writer appends in its own transaction (so the
 * change and its event commit or roll back together) inside `during`, then,
 * once committed, calls `appended` so cached lists of events move on.
 */
export class AuditTrail {
  constructor(
    private readonly events: TrailListener = UNTOLD,
    /** Told of each write's event, published once the write's transaction commits (not refusals: nothing was written). */
    private readonly feed?: ChangeFeed,
    /** Writes each write's webhook deliveries in the write's transaction (webhooks/outbox.ts). */
    private readonly outbox?: { enqueue(manager: EntityManager, change: Change): Promise<void> },
  ) {}

  during<T>(write: () => Promise<T>): Promise<T> {
    return this.events.during(write);
  }

  /** Inserts one event through `manager` (the writer's transaction); returns it. */
  async append(manager: EntityManager, entry: AuditEntry): Promise<AuditRow> {
    const now = new Date();
    const values = {
      ...actorOf(entry.actor),
      transport: entry.via.transport,
      requestId: entry.via.requestId?.slice(0, 64) ?? null,
      ip: entry.via.ip?.slice(0, 45) ?? null,
      resource: entry.resource,
      recordId: entry.recordId === null ? null : String(entry.recordId),
      operation: entry.operation,
      changes: JSON.stringify(entry.changes),
      txHash: entry.via.txHash ?? null,
      chainId: entry.via.chainId ?? null,
      snapshot: entry.snapshot ? JSON.stringify(entry.snapshot) : null,
      createdAt: now,
      updatedAt: now,
    };
    const events = manager.getRepository<AuditRow>(AuditEvent.name);
    const id = Number((await events.insert(values)).identifiers[0].id);
    // Read back: its time as stored (MariaDB keeps whole seconds), which is where lists sort it.
    const event = (await events.findOneBy({ id }))!;
    if (entry.operation !== "denied") {
      const change: Change = {
        resource: entry.resource,
        id: values.recordId,
        op: entry.operation,
        version: entry.version ?? null,
        actor: values.actorName,
        at: new Date(event.createdAt as Date).toISOString(),
      };
      await this.outbox?.enqueue(manager, change);
      this.feed?.queue(manager, change);
    }
    return event;
  }

  /** The event of a write of `resource`'s record: what changed between `before` and `after` (no `before` on create, no `after` on delete). */
  appendWrite(
    manager: EntityManager,
    resource: AnyResource,
    write: { actor: Actor; via: Via; operation: AuditOperation; before?: Row; after?: Row },
  ): Promise<AuditRow> {
    const record = write.after ?? write.before!;
    return this.append(manager, {
      actor: write.actor,
      via: write.via,
      resource: resource.name,
      recordId: record.id,
      operation: write.operation,
      changes: changesOf(resource, write.before, write.after),
      // Only records with a history keep their values (revisions restore them).
      snapshot: resource.history ? snapshotOf(resource, record) : null,
      version: write.after && typeof write.after.version === "number" ? write.after.version : null,
    });
  }

  /** After the events a write appended committed: `event` when it appended exactly that one. */
  async appended(event?: AuditRow): Promise<void> {
    await this.events.appended(event);
  }
}
