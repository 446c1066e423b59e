import type { DataSource } from "typeorm";
import { SYSTEM } from "../auth/access";
import type { Logger } from "../logger";
import { AuditEvent } from "../resources/auditEvent";
import { inTransaction } from "../resources/kit/transaction";
import { applyFilter } from "../resources/kit/query";
import type { AuditTrail } from "./trail";
import { SYSTEM_VIA } from "./via";

/** Events deleted per statement: a prune never holds a long lock on a large table. */
export const PRUNE_BATCH = 1000;
/** How often a running gateway prunes again. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * AUDIT_RETENTION_DAYS: events older than that many days are deleted, at
 * start and then every hour, oldest first in bounded batches. Several
 * replicas may prune at once: each batch deletes by id what is still there,
 * so they only share the work. A prune that deleted anything is itself recorded.
 */
export class AuditRetention {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly ds: DataSource,
    private readonly trail: AuditTrail,
    /** null keeps events forever. */
    private readonly days: number | null,
    private readonly log: Logger,
  ) {}

  /** Prunes now, then every PRUNE_EVERY_MS until `stop`; nothing when events are kept forever. */
  start(): void {
    if (this.days === null || this.timer) return;
    const run = () => {
      this.running ??= this.prune()
        .catch((err) => this.log.warn({ err }, "could not prune old audit events"))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(run, PRUNE_EVERY_MS).unref();
    run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes the events older than the retention (as of `now`); answers how many. */
  async prune(now = new Date(), batch = PRUNE_BATCH): Promise<number> {
    if (this.days === null) return 0;
    const cutoff = new Date(now.getTime() - this.days * DAY_MS);
    const events = this.ds.getRepository(AuditEvent.name);
    // Told as a write of the events: what is kept of their lists is read again after each batch, and not kept from reads meanwhile.
    return this.trail.during(async () => {
      let deleted = 0;
      for (;;) {
        // The oldest first, by the (createdAt, id) index; the delete is by primary key.
        const oldest = (await applyFilter(events.createQueryBuilder("e").select("e.id", "id"), AuditEvent, { createdAt_lt: cutoff }))
          .orderBy("e.createdAt", "ASC")
          .addOrderBy("e.id", "ASC")
          .limit(batch);
        const ids = (await oldest.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
        if (!ids.length) break;
        const result = await events.delete(ids);
        deleted += result.affected ?? ids.length;
        await this.trail.appended();
        if (ids.length < batch) break;
      }
      if (deleted) {
        const event = await inTransaction(this.ds, (manager) =>
          this.trail.append(manager, {
            actor: SYSTEM,
            via: SYSTEM_VIA,
            resource: AuditEvent.name,
            recordId: null,
            operation: "delete",
            changes: [{ field: "createdAt", before: `${deleted} events before ${cutoff.toISOString()}`, after: null }],
            snapshot: null,
          }),
        );
        await this.trail.appended(event);
        this.log.info({ deleted, before: cutoff.toISOString() }, "old audit events pruned");
      }
      return deleted;
    });
  }
}
