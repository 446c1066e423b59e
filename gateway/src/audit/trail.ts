import type { EntityManager } from "typeorm";
import type { Actor } from "../auth/access";
import { AuditEvent, type AuditOperation } from "../resources/auditEvent";
import type { RowOfResource } from "../resources/kit/define";
import { actorOf } from "./actor";
import type { Change } from "./changes";
import type { Via } from "./via";

export type AuditRow = RowOfResource<typeof AuditEvent>;

/** What a writer tells the trail about one change. */
export interface AuditEntry {
  actor: Actor;
  via: Via;
  resource: string;
  recordId: number | string | null;
  operation: AuditOperation;
  changes: Change[];
  /** The record's values after the change (before it, for a delete), secrets left out; null when there is no revision to keep. */
  snapshot: Record<string, unknown> | null;
}

/**
 * Appends audit events. Each writer appends in its own transaction (so the
 * change and its event commit or roll back together), then, once committed,
 * calls `appended` so cached lists of events are dropped.
 */
export class AuditTrail {
  constructor(
    /** Told after events were committed (the AuditEvent resource's change notification). */
    private readonly onAppended: () => Promise<void> | void = () => {},
  ) {}

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
    const result = await manager.getRepository(AuditEvent.name).insert(values);
    return { ...values, id: Number(result.identifiers[0].id) } as AuditRow;
  }

  async appended(): Promise<void> {
    await this.onAppended();
  }
}
