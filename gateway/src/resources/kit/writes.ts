import { type DataSource, type EntityManager, QueryFailedError } from "typeorm";
import { type Actor, userOf } from "../../auth/access";
import type { RowChange } from "../../cache/kept";
import type { AuditRow } from "../../audit/trail";
import type { Via } from "../../audit/via";
import { BadRequestError, type FieldErrors, NotFoundError, ValidationError } from "../../errors";
import type { ImageStore, StagedImage } from "../../images/store";
import type { AnyResource, InputOfResource, RowOfResource, WriteContext } from "./define";
import { type ImageRule, labelOf } from "./fields";
import type { ResourceReads } from "./reads";
import { expectedVersionOf, operationOf, type RowSaves } from "./saves";
import { inTransaction } from "./transaction";
import { isUploadedFile, type UploadedFile } from "./uploads";
import { normaliseField } from "./validate";

interface WriteRequest<R extends AnyResource> {
  op: "create" | "update";
  input: InputOfResource<R> | Record<string, unknown>;
  id?: unknown;
  actor: Actor;
  via: Via;
  /** Who the audit event names, when not `actor` (a self-registration: the gateway writes for an anonymous caller). */
  recorded?: { recordedAs: Actor };
  /** The transaction this write joins (see Joined). */
  joined?: Joined;
  /** A revision's values being written back (restoreRevision). */
  restoring?: Record<string, unknown>;
  /** Receives the write's audit event. */
  saved?: { event?: AuditRow };
}

/**
 * An open transaction (`together`) that writes of several resources join, so that they commit or roll back as one (a
 * Safe proposal and its proposer's signature). What each write does once committed (caches, the trail's lists, hooks)
 * waits in `afterCommit` until the transaction has. Not for records with images: a file stored by a joined write
 * stays if a later write of the transaction fails.
 */
export interface Joined {
  manager: EntityManager;
  afterCommit: (() => Promise<void>)[];
}

/**
 * The write pipeline of a resource: every value checked as if it came from a
 * client (fields, uploads staged, the beforeWrite hook, uniqueness), then one
 * transaction (saves.ts: the row and its audit event), then, once committed,
 * `committed` and the afterWrite hook. Access is checked before (service.ts).
 */
export class ResourceWrites<R extends AnyResource> {
  constructor(
    private readonly reads: ResourceReads<R>,
    private readonly saves: RowSaves<R>,
    private readonly ds: DataSource,
    private readonly images: ImageStore,
    /** After a write and its event committed: cached answers of the resource, and of the audit events, move on. */
    private readonly committed: (change: RowChange, event: AuditRow | undefined) => Promise<void>,
  ) {}

  private get resource(): R {
    return this.reads.resource;
  }

  /**
   * Runs `work` in one transaction, which the writes given `joined` join, of this resource or others: they all commit
   * or none does. `joined.manager` reads inside it (and locks rows, see lockFor).
   */
  async together<T>(work: (joined: Joined) => Promise<T>): Promise<T> {
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await inTransaction(this.ds, (manager) => work({ manager, afterCommit }));
    for (const step of afterCommit) await step();
    return result;
  }

  /** A delete: the row read (and locked), the beforeDelete hook, the row and its event in one transaction. */
  async remove(id: unknown, actor: Actor, via: Via): Promise<RowOfResource<R>> {
    const { row, event } = await inTransaction(this.ds, async (manager) => {
      const row = await this.reads.find(id, manager, true);
      if (!row) throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
      await this.resource.hooks?.beforeDelete?.(row, userOf(actor), manager);
      await this.reads.repo(manager).delete({ id: row.id });
      return { row, event: await this.saves.audit(manager, { actor, via, operation: "delete", before: row }) };
    });
    await this.committed({ before: row }, event);
    return row;
  }

  /** Checks everything (fields, files, hooks, uniqueness) before a single write; a refused write leaves nothing behind. */
  async write(request: WriteRequest<R>): Promise<RowOfResource<R>> {
    // Uploads are staged to temporary files as they are checked; whatever the outcome, none is left.
    const staged: StagedImage[] = [];
    try {
      return await this.writeStaging(staged, request);
    } finally {
      await this.images.release(staged);
    }
  }

  private async writeStaging(staged: StagedImage[], request: WriteRequest<R>): Promise<RowOfResource<R>> {
    const { op, id, restoring } = request;
    const actor = userOf(request.actor);
    // Whatever its compile-time type, every value is checked here as if it came from a client.
    const input = request.input as Record<string, unknown>;
    const { fields, name } = this.resource;
    const manager = request.joined?.manager ?? this.ds.manager;
    const existing = op === "update" ? await this.reads.find(id, manager) : undefined;
    if (op === "update" && !existing) throw new NotFoundError(`${name} ${String(id)} not found`);

    const errors: FieldErrors = {};
    // A value that cannot be text at all: the request is broken, refused with a 400 whatever the transport.
    let malformed = false;
    const values: Record<string, unknown> = {};
    const expectedVersion = op === "update" && !restoring ? expectedVersionOf(input.expectedVersion, errors) : undefined;
    const stageImage = async (field: string, file: UploadedFile, rule: ImageRule) => {
      const checked = this.images.check(await file.read(), rule);
      if ("error" in checked) {
        errors[field] = checked.error;
        return undefined;
      }
      staged.push(await this.images.stage(checked.image));
      return checked.image.name;
    };

    for (const [field, spec] of Object.entries(fields)) {
      if (spec.hidden) continue;
      if (spec.kind === "constant") {
        if (op === "create") values[field] = spec.value;
        continue;
      }
      if (spec.kind === "image") {
        const upload = input[spec.upload];
        if (restoring) {
          // A revision names a file the store already holds (a replaced image is kept).
          const recorded = restoring[field];
          if (recorded === undefined) continue;
          if (recorded !== null && typeof recorded !== "string") errors[field] = `${labelOf(field, spec)} must be a file name`;
          else if (recorded === null && spec.required) errors[field] = `${labelOf(field, spec)} is required`;
          else values[field] = recorded;
        } else if (upload !== undefined && upload !== null && !isUploadedFile(upload)) {
          errors[field] = `${labelOf(field, spec)} must be a file upload`;
        } else if (upload) {
          const rule = op === "update" && spec.updateRule ? spec.updateRule : spec.rule;
          const stored = await stageImage(field, upload, rule);
          if (stored) values[field] = stored;
        } else if (op === "create" && spec.required) {
          errors[field] = `${labelOf(field, spec)} is required`;
        }
        continue;
      }
      if (spec.readOnly) continue;
      let raw = input[field];
      if (raw === undefined && op === "create") {
        if (spec.default !== undefined) raw = spec.default;
        else if (spec.required) {
          errors[field] = `${labelOf(field, spec)} is required`;
          continue;
        }
      }
      const result = normaliseField(field, spec, raw);
      if ("error" in result) {
        errors[field] = result.error;
        if (result.malformed) malformed = true;
      } else if ("value" in result) {
        if (spec.immutable && existing && existing[field] !== result.value) {
          errors[field] = `${labelOf(field, spec)} cannot be changed`;
        } else values[field] = result.value;
      }
    }

    const context: WriteContext = { op, input, values, existing: existing ?? undefined, errors, actor, manager, stageImage };
    await this.resource.hooks?.beforeWrite?.(context);
    await this.checkUnique(values, existing?.id ?? (restoring ? Number(id) : undefined), manager, errors);
    if (malformed) throw new BadRequestError(errors);
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const operation = operationOf(op, input, restoring);
    const created = await this.images.commit(staged);
    let change: { before?: RowOfResource<R>; after: RowOfResource<R>; event?: AuditRow };
    const transaction = <T>(work: (tx: EntityManager) => Promise<T>) =>
      request.joined ? work(request.joined.manager) : inTransaction(this.ds, work);
    try {
      change = await transaction(async (tx) => {
        const { before, after } = existing
          ? await this.saves.saveUpdate(tx, existing.id, values, expectedVersion)
          : await this.saves.saveCreate(tx, values, restoring ? Number(id) : undefined);
        const event = await this.saves.audit(tx, {
          actor: request.recorded ? request.recorded.recordedAs : request.actor,
          via: request.via,
          operation,
          before,
          after,
        });
        if (request.saved) request.saved.event = event;
        return { before, after, event };
      });
    } catch (e) {
      await this.images.discard(created);
      throw this.uniqueViolation(e) ?? e;
    }
    const row = change.after;
    const finish = async () => {
      await this.committed({ before: change.before, after: row }, change.event);
      await this.resource.hooks?.afterWrite?.(row, context);
    };
    // Joined: the transaction is not committed yet; `together` finishes this write after its commit.
    if (request.joined) request.joined.afterCommit.push(finish);
    else await finish();
    return row;
  }

  private async checkUnique(values: Record<string, unknown>, selfId: number | undefined, manager: EntityManager, errors: FieldErrors) {
    for (const [field, spec] of Object.entries(this.resource.fields)) {
      if (!spec.unique || errors[field] || values[field] === undefined || values[field] === null) continue;
      const qb = this.reads.repo(manager).createQueryBuilder("r").where(`LOWER(r.${field}) = LOWER(:v)`, { v: values[field] });
      if (selfId) qb.andWhere("r.id <> :id", { id: selfId });
      if (await qb.getExists()) errors[field] = `${labelOf(field, spec)} already exists`;
    }
  }

  /** A unique index raced past checkUnique: report it as the field's error. */
  private uniqueViolation(error: unknown): ValidationError | undefined {
    if (!(error instanceof QueryFailedError)) return undefined;
    const msg = String(error.message);
    if (!/UNIQUE constraint failed|Duplicate entry/i.test(msg)) return undefined;
    const field = Object.entries(this.resource.fields).find(([f, s]) => s.unique && msg.includes(f))?.[0] ?? "id";
    return new ValidationError({ [field]: `${labelOf(field, this.resource.fields[field] ?? { kind: "int" })} already exists` });
  }
}
