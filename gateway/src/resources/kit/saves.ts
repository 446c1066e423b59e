import type { EntityManager } from "typeorm";
import type { AuditRow, AuditTrail } from "../../audit/trail";
import { ConflictError, type FieldErrors, NotFoundError } from "../../errors";
import { AuditEvent, type AuditOperation } from "../auditEvent";
import { type AnyResource, isVersioned, type Row } from "./define";
import type { ResourceReads } from "./reads";

/** The version a save was based on (`expectedVersion`), when given: a positive integer (REST forms send it as text). */
export function expectedVersionOf(raw: unknown, errors: FieldErrors): number | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const version = typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof version === "number" && Number.isSafeInteger(version) && version > 0) return version;
  errors.expectedVersion = "Expected version must be a positive whole number";
  return undefined;
}

/** The show/hide toggles write `visible` alone: their events say `status`. */
const isStatusToggle = (input: Record<string, unknown>) => {
  const given = Object.keys(input).filter((key) => input[key] !== undefined && key !== "expectedVersion");
  return given.length === 1 && given[0] === "visible";
};

/** The operation a write's audit event names. */
export const operationOf = (
  op: "create" | "update",
  input: Record<string, unknown>,
  restoring: Record<string, unknown> | undefined,
): AuditOperation => (restoring ? "restore" : op === "update" && isStatusToggle(input) ? "status" : op);

/**
 * A checked write landing in its transaction: the row saved (an update only
 * over the version it was based on, else a CONFLICT naming who saved the
 * record last) and the write's audit event appended beside it.
 */
export class RowSaves<R extends AnyResource> {
  constructor(
    private readonly reads: ResourceReads<R>,
    /** Where each write appends its event, in the write's transaction (none for the AuditEvent resource itself). */
    private readonly trail?: AuditTrail,
  ) {}

  private get resource(): R {
    return this.reads.resource;
  }

  /** Appends the event of a write, in the write's transaction. */
  audit(manager: EntityManager, write: Parameters<AuditTrail["appendWrite"]>[2]): Promise<AuditRow> | undefined {
    return this.trail?.appendWrite(manager, this.resource, write);
  }

  /** The update, in its transaction: the row is read (and locked) first, so two saves of the same version cannot both pass. */
  async saveUpdate(manager: EntityManager, id: number, values: Record<string, unknown>, expectedVersion: number | undefined) {
    const before = await this.reads.find(id, manager, true);
    if (!before) throw new NotFoundError(`${this.resource.name} ${id} not found`);
    const versioned = isVersioned(this.resource);
    if (versioned && expectedVersion !== undefined && before.version !== expectedVersion) throw await this.conflict(manager, before);
    const update = this.reads
      .repo(manager)
      .createQueryBuilder()
      .update()
      .set({ ...values, updatedAt: new Date(), ...(versioned && { version: () => "version + 1" }) } as Record<string, any>)
      .where("id = :id", { id });
    if (versioned) update.andWhere("version = :version", { version: before.version });
    const result = await update.execute();
    if (versioned && result.affected === 0) throw await this.conflict(manager, (await this.reads.find(id, manager)) ?? before);
    return { before, after: (await this.reads.find(id, manager))! };
  }

  async saveCreate(manager: EntityManager, values: Record<string, unknown>, id: number | undefined) {
    const repo = this.reads.repo(manager);
    const now = new Date();
    const entity = { ...values, ...(id && { id }), createdAt: now, updatedAt: now, ...(isVersioned(this.resource) && { version: 1 }) };
    const savedId = id ?? (await repo.save(repo.create(entity))).id;
    if (id) await repo.insert(entity as Record<string, any>);
    return { before: undefined, after: (await this.reads.find(savedId, manager))! };
  }

  /** The CONFLICT of a stale save: who saved the record last and when (its latest event), and its version now. */
  private async conflict(manager: EntityManager, current: Row): Promise<ConflictError> {
    const last = await manager
      .getRepository<AuditRow>(AuditEvent.name)
      .createQueryBuilder("e")
      .where("e.resource = :resource AND e.recordId = :id", { resource: this.resource.name, id: String(current.id) })
      .orderBy("e.createdAt", "DESC")
      .addOrderBy("e.id", "DESC")
      .getOne();
    return new ConflictError(last?.actorName ?? "someone", last?.createdAt ?? current.updatedAt, current.version ?? 1);
  }
}
