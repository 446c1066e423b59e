import type { DataSource } from "typeorm";
import { Actor, authorizeTo } from "../auth/access";
import { NotFoundError, ValidationError } from "../errors";
import { resources } from "../resources";
import { AuditEvent } from "../resources/auditEvent";
import type { AnyResource } from "../resources/kit/define";
import type { ResourceService } from "../resources/kit/service";
import type { FieldChange } from "./changes";
import type { AuditRow } from "./trail";
import type { Via } from "./via";

/** One event of a record's history, with the record's values right after it. */
export interface Revision {
  eventId: number;
  createdAt: Date;
  actorName: string;
  operation: string;
  /** The fields that event changed. */
  fields: string[];
  /** JSON text of the record's values after the event (for a delete, the values it had), secrets left out. */
  values: string;
}

/** The most revisions a record's history lists (a content record is edited far fewer times). */
export const MAX_REVISIONS = 1000;

/** The content resources whose edit dialogs show a history (`history: true` in their declaration). */
const withHistory = new Map(resources.filter((resource) => resource.history).map((resource) => [resource.name, resource]));

function historyOf(name: string, field: string): AnyResource {
  const resource = withHistory.get(name);
  if (!resource) throw new ValidationError({ [field]: `${name} records have no revisions` });
  return resource;
}

/**
 * A record's history read from the audit trail, and a revision written back
 * (restoreRevision) as a new change through the resource's service, so the
 * restore is validated and audited like any save.
 */
export class Revisions {
  constructor(
    private readonly ds: DataSource,
    private readonly serviceOf: (resource: AnyResource) => ResourceService,
  ) {}

  private events() {
    return this.ds.getRepository<AuditRow>(AuditEvent.name);
  }

  /** Newest first: the record's whole history, including its delete if it was deleted. */
  async list(resourceName: string, id: string, actor: Actor): Promise<Revision[]> {
    // A history is audit events of a record: it needs both reads.
    authorizeTo({ action: "read", resource: AuditEvent.name }, actor);
    const resource = historyOf(resourceName, "resource");
    authorizeTo({ action: "read", resource: resource.name }, actor);
    const rows = await this.events()
      .createQueryBuilder("e")
      .where("e.resource = :resource AND e.recordId = :id", { resource: resourceName, id: String(id) })
      .orderBy("e.createdAt", "DESC")
      .addOrderBy("e.id", "DESC")
      .limit(MAX_REVISIONS)
      .getMany();
    return rows.map((event) => ({
      eventId: event.id,
      createdAt: event.createdAt,
      actorName: event.actorName,
      operation: event.operation,
      fields: (JSON.parse(event.changes) as FieldChange[]).map((change) => change.field),
      values: event.snapshot ?? "{}",
    }));
  }

  /**
   * Writes an event's values back as a new change (operation `restore`); a
   * delete event's values recreate the record under its id. Answers the new event.
   */
  async restore(eventId: string, actor: Actor, via: Via): Promise<AuditRow> {
    // Reading the revision needs the audit trail; writing it back, the resource's update (or create), checked by its service.
    authorizeTo({ action: "read", resource: AuditEvent.name }, actor);
    const key = Number(eventId);
    const event = Number.isSafeInteger(key) && key > 0 ? await this.events().findOneBy({ id: key }) : null;
    if (!event) throw new NotFoundError(`Audit event ${eventId} not found`);
    const resource = historyOf(event.resource, "eventId");
    if (!event.snapshot || !event.recordId) throw new ValidationError({ eventId: "This event keeps no values to restore" });
    const recordId = Number(event.recordId);
    const exists = await this.ds.getRepository(resource.name).existsBy({ id: recordId });
    if (!exists && event.operation !== "delete") {
      throw new NotFoundError(`${resource.name} ${recordId} no longer exists; restore the revision of its deletion to bring it back`);
    }
    const values = JSON.parse(event.snapshot) as Record<string, unknown>;
    const { event: restored } = await this.serviceOf(resource).restore(recordId, values, actor, via, !exists);
    if (!restored) throw new Error(`${resource.name} has no audit trail`);
    return restored;
  }
}
