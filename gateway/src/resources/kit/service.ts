import { DataSource, EntityManager, QueryFailedError, Repository } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata";
import { Actor, authorize, userOf } from "../../auth/access";
import type { AuditRow, AuditTrail } from "../../audit/trail";
import { changesOf, snapshotOf } from "../../audit/changes";
import { SYSTEM_VIA, type Via } from "../../audit/via";
import { ConflictError, FieldErrors, NotFoundError, ValidationError } from "../../errors";
import { AuditEvent, type AuditOperation } from "../auditEvent";
import type { ImageStore, StagedImage } from "../../images/store";
import { type AnyResource, type InputOfResource, isVersioned, type Row, type RowOfResource, type WriteContext } from "./define";
import { ImageRule, labelOf } from "./fields";
import { applyFilter, applySortAndPage, ListParams } from "./query";
import { isUploadedFile, UploadedFile } from "./uploads";
import { inTransaction, lockFor } from "./transaction";
import { normaliseField } from "./validate";

interface WriteRequest<R extends AnyResource> {
  op: "create" | "update";
  input: InputOfResource<R> | Record<string, unknown>;
  id?: unknown;
  actor: Actor;
  via: Via;
  /** A revision's values being written back (restoreRevision). */
  restoring?: Record<string, unknown>;
  /** Receives the write's audit event. */
  saved?: { event?: AuditRow };
}

/** The version a save was based on (`expectedVersion`), when given: a positive integer (REST forms send it as text). */
function versionOf(raw: unknown, errors: FieldErrors): number | undefined {
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

/**
 * The one place a resource is read and written. GraphQL resolvers and the REST
 * shim both call it, so every rule (access, validation, uploads, uniqueness)
 * holds for both. Each call names its actor: a user, nobody, or SYSTEM.
 */
/** Distinct filters whose counts are kept per resource (a filter box typed into makes many). */
const MAX_KEPT_COUNTS = 200;

export class ResourceService<R extends AnyResource = AnyResource> {
  constructor(
    readonly resource: R,
    private readonly ds: DataSource,
    private readonly images: ImageStore,
    /** Told after every write that succeeded (cached answers of this resource are then stale); awaited before the write answers. */
    private readonly onChange: (resource: R) => Promise<void> | void = () => {},
    /** Where each write appends its event, in the write's transaction (none for the AuditEvent resource itself). */
    private readonly trail?: AuditTrail,
  ) {}

  /** Kept counts by filter, and how many writes have happened (to drop a count a write overtook). */
  private readonly counts = new Map<string, number>();
  private generation = 0;

  private async changed() {
    this.generation++;
    this.counts.clear();
    await this.onChange(this.resource);
  }

  /** The table's columns, looked up once (reads select them by name and convert each value as TypeORM would). */
  private columnsKnown?: ColumnMetadata[];
  private get columns(): ColumnMetadata[] {
    return (this.columnsKnown ??= this.ds.getMetadata(this.resource.name).columns);
  }

  private repo(manager: EntityManager = this.ds.manager): Repository<Row> {
    return manager.getRepository<Row>(this.resource.name);
  }

  /**
   * One page, by a deferred join: the page's ids first, from the index of the
   * sort column (SQLite and InnoDB indexes end with the row id, so they cover
   * "ORDER BY column, id"), then those rows by id. A deep page then costs
   * about what the first costs, instead of sorting every row before it.
   */
  async list(params: ListParams, actor: Actor): Promise<RowOfResource<R>[]> {
    authorize(this.resource.access.read, actor);
    return this.rowsById(await this.idsOf(params));
  }

  /**
   * Every matching row in list order, a batch at a time, so that memory stays
   * bounded whatever the table's size: the ids first (in order), then the rows
   * of each batch by id.
   */
  async *batches(params: Omit<ListParams, "page" | "perPage">, actor: Actor, batchSize = 500): AsyncGenerator<RowOfResource<R>[]> {
    authorize(this.resource.access.read, actor);
    const ids = await this.idsOf({ ...params, perPage: null });
    for (let start = 0; start < ids.length; start += batchSize) yield this.rowsById(ids.slice(start, start + batchSize));
  }

  private async idsOf(params: ListParams): Promise<number[]> {
    const ordered = this.repo().createQueryBuilder("r").select("r.id", "id");
    applyFilter(ordered, this.resource, params.filter);
    applySortAndPage(ordered, this.resource, params);
    return (await ordered.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
  }

  /**
   * The rows of these ids, in their order (a row deleted meanwhile is left
   * out). Reads raw columns and converts each value once (booleans, dates,
   * JSON text) with the driver's own conversion, instead of hydrating
   * entities: reads need plain rows; only writes go through entities.
   */
  private async rowsById(ids: number[], manager: EntityManager = this.ds.manager): Promise<RowOfResource<R>[]> {
    if (!ids.length) return [];
    const columns = this.columns;
    const query = this.repo(manager).createQueryBuilder("r").select("r.id", "id");
    for (const column of columns) if (column.propertyName !== "id") query.addSelect(`r.${column.propertyName}`, column.propertyName);
    const raw = await query.where("r.id IN (:...ids)", { ids }).getRawMany<Record<string, unknown>>();
    const driver = this.ds.driver;
    const rows = new Map<number, RowOfResource<R>>();
    for (const values of raw) {
      const row: Record<string, unknown> = {};
      for (const column of columns) row[column.propertyName] = driver.prepareHydratedValue(values[column.propertyName], column);
      rows.set(Number(row.id), row as RowOfResource<R>);
    }
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /**
   * How many rows a filter matches. Counts of public resources are kept until
   * the next write (only this service writes them); a count is a full scan.
   */
  async count(filter: ListParams["filter"], actor: Actor): Promise<number> {
    authorize(this.resource.access.read, actor);
    const key = JSON.stringify(filter ?? {});
    const kept = this.counts.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    // COUNT(*) of the filtered rows, read raw (getCount would count DISTINCT ids, which costs more and means the same here).
    const counted = Number(
      (
        await applyFilter(this.repo().createQueryBuilder("r").select("COUNT(*)", "count"), this.resource, filter).getRawOne<{
          count: unknown;
        }>()
      )?.count ?? 0,
    );
    // A write that ended while counting may not be in it: keep only what no write has overtaken.
    if (this.resource.access.read === "public" && generation === this.generation) {
      if (this.counts.size >= MAX_KEPT_COUNTS) this.counts.clear();
      this.counts.set(key, counted);
    }
    return counted;
  }

  async get(id: unknown, actor: Actor): Promise<RowOfResource<R>> {
    authorize(this.resource.access.read, actor);
    const key = Number(id);
    const [row] = Number.isSafeInteger(key) && key > 0 ? await this.rowsById([key]) : [];
    if (!row) throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
    return row;
  }

  /** The row of an id; `lock` (in a transaction) keeps other writers of it waiting until the transaction ends. */
  private async find(id: unknown, manager?: EntityManager, lock = false): Promise<RowOfResource<R> | null> {
    const key = Number(id);
    if (!Number.isSafeInteger(key) || key < 1) return null;
    const lockMode = lock ? lockFor(this.ds) : undefined;
    return (await this.repo(manager).findOne({ where: { id: key }, ...(lockMode && { lock: lockMode }) })) as RowOfResource<R> | null;
  }

  async create(input: InputOfResource<R>, actor: Actor, via: Via = SYSTEM_VIA): Promise<RowOfResource<R>> {
    authorize(this.resource.access.write, actor);
    return this.write({ op: "create", input, actor, via });
  }

  /** An update; `expectedVersion` in the input (the version the caller read) makes a stale save a CONFLICT. */
  async update(id: unknown, input: InputOfResource<R>, actor: Actor, via: Via = SYSTEM_VIA): Promise<RowOfResource<R>> {
    authorize(this.resource.access.write, actor);
    return this.write({ op: "update", input, id, actor, via });
  }

  /**
   * Writes a revision's values back as a new, audited change (operation
   * `restore`), through the same checks as any write; images take their
   * recorded file names. `recreate` puts a deleted record back under its id.
   */
  async restore(
    id: number,
    values: Record<string, unknown>,
    actor: Actor,
    via: Via,
    recreate: boolean,
  ): Promise<{ row: RowOfResource<R>; event?: AuditRow }> {
    authorize(this.resource.access.write, actor);
    const saved: { event?: AuditRow } = {};
    const row = await this.write({ op: recreate ? "create" : "update", input: values, id, actor, via, restoring: values, saved });
    return { row, event: saved.event };
  }

  async remove(id: unknown, actor: Actor, via: Via = SYSTEM_VIA): Promise<RowOfResource<R>> {
    authorize(this.resource.access.write, actor);
    const row = await inTransaction(this.ds, async (manager) => {
      const row = await this.find(id, manager, true);
      if (!row) throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
      await this.resource.hooks?.beforeDelete?.(row, userOf(actor), manager);
      await this.repo(manager).delete({ id: row.id });
      await this.audit(manager, { actor, via, operation: "delete", before: row });
      return row;
    });
    await this.written();
    return row;
  }

  /** The change notification of a write (or, for the AuditEvent resource, of events appended by the other services). */
  async written(): Promise<void> {
    await this.changed();
  }

  /** Appends the event of a write, in the write's transaction. */
  private audit(
    manager: EntityManager,
    write: { actor: Actor; via: Via; operation: AuditOperation; before?: Row; after?: Row },
  ): Promise<AuditRow> | undefined {
    const record = write.after ?? write.before!;
    return this.trail?.append(manager, {
      actor: write.actor,
      via: write.via,
      resource: this.resource.name,
      recordId: record.id,
      operation: write.operation,
      changes: changesOf(this.resource, write.before, write.after),
      snapshot: this.resource.history ? snapshotOf(this.resource, record) : null,
    });
  }

  /** Checks everything (fields, files, hooks, uniqueness) before a single write; a refused write leaves nothing behind. */
  private async write(request: WriteRequest<R>): Promise<RowOfResource<R>> {
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
    const manager = this.ds.manager;
    const existing = op === "update" ? await this.find(id) : undefined;
    if (op === "update" && !existing) throw new NotFoundError(`${name} ${String(id)} not found`);

    const errors: FieldErrors = {};
    const values: Record<string, unknown> = {};
    const expectedVersion = op === "update" && !restoring ? versionOf(input.expectedVersion, errors) : undefined;
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
      if ("error" in result) errors[field] = result.error;
      else if ("value" in result) {
        if (spec.immutable && existing && existing[field] !== result.value) {
          errors[field] = `${labelOf(field, spec)} cannot be changed`;
        } else values[field] = result.value;
      }
    }

    const context: WriteContext = { op, input, values, existing: existing ?? undefined, errors, actor, manager, stageImage };
    await this.resource.hooks?.beforeWrite?.(context);
    await this.checkUnique(values, existing?.id ?? (restoring ? Number(id) : undefined), manager, errors);
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const operation: AuditOperation = restoring ? "restore" : op === "update" && isStatusToggle(input) ? "status" : op;
    const created = await this.images.commit(staged);
    let row: RowOfResource<R>;
    try {
      row = await inTransaction(this.ds, async (tx) => {
        const { before, after } = existing
          ? await this.saveUpdate(tx, existing.id, values, expectedVersion)
          : await this.saveCreate(tx, values, restoring ? Number(id) : undefined);
        const event = await this.audit(tx, { actor: request.actor, via: request.via, operation, before, after });
        if (request.saved) request.saved.event = event;
        return after;
      });
    } catch (e) {
      await this.images.discard(created);
      throw this.uniqueViolation(e) ?? e;
    }
    await this.written();
    await this.resource.hooks?.afterWrite?.(row, context);
    return row;
  }

  /** The update, in its transaction: the row is read (and locked) first, so two saves of the same version cannot both pass. */
  private async saveUpdate(manager: EntityManager, id: number, values: Record<string, unknown>, expectedVersion: number | undefined) {
    const before = await this.find(id, manager, true);
    if (!before) throw new NotFoundError(`${this.resource.name} ${id} not found`);
    const versioned = isVersioned(this.resource);
    if (versioned && expectedVersion !== undefined && before.version !== expectedVersion) throw await this.conflict(manager, before);
    const update = this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ ...values, updatedAt: new Date(), ...(versioned && { version: () => "version + 1" }) } as Record<string, any>)
      .where("id = :id", { id });
    if (versioned) update.andWhere("version = :version", { version: before.version });
    const result = await update.execute();
    if (versioned && result.affected === 0) throw await this.conflict(manager, (await this.find(id, manager)) ?? before);
    return { before, after: (await this.find(id, manager))! };
  }

  private async saveCreate(manager: EntityManager, values: Record<string, unknown>, id: number | undefined) {
    const repo = this.repo(manager);
    const now = new Date();
    const entity = { ...values, ...(id && { id }), createdAt: now, updatedAt: now, ...(isVersioned(this.resource) && { version: 1 }) };
    const savedId = id ?? (await repo.save(repo.create(entity))).id;
    if (id) await repo.insert(entity as Record<string, any>);
    return { before: undefined, after: (await this.find(savedId, manager))! };
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

  private async checkUnique(values: Record<string, unknown>, selfId: number | undefined, manager: EntityManager, errors: FieldErrors) {
    for (const [field, spec] of Object.entries(this.resource.fields)) {
      if (!spec.unique || errors[field] || values[field] === undefined || values[field] === null) continue;
      const qb = this.repo(manager).createQueryBuilder("r").where(`LOWER(r.${field}) = LOWER(:v)`, { v: values[field] });
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
