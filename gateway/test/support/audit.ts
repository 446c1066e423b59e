import { AuditEvent } from "../../src/resources/auditEvent";
import type { TestApp } from "./testApp";

export interface StoredEvent {
  id: number;
  actorId: number | null;
  actorName: string;
  transport: string;
  requestId: string | null;
  ip: string | null;
  resource: string;
  recordId: string | null;
  operation: string;
  changes: Record<string, unknown>[];
  snapshot: Record<string, unknown> | null;
  txHash: string | null;
  chainId: number | null;
}

/** The audit events stored after `afterId`, oldest first, read from the table itself. */
export async function eventsAfter(app: TestApp, afterId = 0): Promise<StoredEvent[]> {
  const rows = await app.services.ds
    .getRepository<Record<string, any>>(AuditEvent.name)
    .createQueryBuilder("e")
    .where("e.id > :afterId", { afterId })
    .orderBy("e.id", "ASC")
    .getMany();
  return rows.map((row) => ({
    ...(row as StoredEvent),
    changes: JSON.parse(row.changes),
    snapshot: row.snapshot ? JSON.parse(row.snapshot) : null,
  }));
}

/** The id of the newest event (0 when none): later events are the ones a step made. */
export async function lastEventId(app: TestApp): Promise<number> {
  const [row] = await app.services.ds.query(`SELECT MAX(id) AS id FROM audit_events`);
  return Number(row?.id ?? 0);
}
