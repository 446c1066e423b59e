import { DataSource, EntityManager, QueryFailedError, Repository } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata";
import { Actor, authorize, authorizeTo, may, type Need, SYSTEM, userOf } from "../../auth/access";
import type { PermAction } from "../../auth/permissions";
import { KeptCounts } from "../../cache/counts";
import type { RowChange, VersionMove } from "../../cache/kept";
import { KeptMarks, marksKey, nearestMark, type PageMark, rankOf, withMarks } from "../../cache/pageMarks";
import type { AuditRow, AuditTrail } from "../../audit/trail";
import { SYSTEM_VIA, type Via } from "../../audit/via";
import { BadRequestError, ConflictError, FieldErrors, NotFoundError, ValidationError } from "../../errors";
import { AuditEvent, type AuditOperation } from "../auditEvent";
import type { ImageStore, StagedImage } from "../../images/store";
import { type AnyResource, type InputOfResource, isVersioned, type Row, type RowOfResource, type WriteContext } from "./define";
import { ImageRule, labelOf } from "./fields";
import { applyFilter, applySortAndPage, ListParams, offsetOf, orderOf } from "./query";
import { isUploadedFile, UploadedFile } from "./uploads";
import { inTransaction, lockFor } from "./transaction";
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

/** What create may add: who the event names instead of the actor; the transaction to join. */
export interface CreateOptions {
  recordedAs?: Actor;
  joined?: Joined;
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
/** Rows read in one synchronous turn of the event loop (see rowsById). */
const ROWS_PER_TURN = 200;

export class ResourceService<R extends AnyResource = AnyResource> {
  constructor(
    readonly resource: R,
    private readonly ds: DataSource,
    private readonly images: ImageStore,
    /**
     * Told after every write that succeeded (cached answers of this resource are then stale); awaited before the write answers.
     * Answers how the write moved the resource's version, when known (kept counts are carried over it).
     */
    private readonly onChange: (resource: R) => Promise<VersionMove | undefined | void> | VersionMove | undefined | void = () => {},
    /** The resource's version now (undefined: not known, nothing is kept); counts are kept at it. */
    private readonly versionOf: (resource: R) => string | undefined = () => undefined,
    /** Where each write appends its event, in the write's transaction (none for the AuditEvent resource itself). */
    private readonly trail?: AuditTrail,
  ) {}

  /**
   * Counts and page marks kept at the resource's version (cache/counts.ts,
   * cache/pageMarks.ts), for public resources (only this service writes them,
   * so their version moves with every change) and audit events (only the
   * trail appends them, and tells this service of each).
   */
  private readonly counts = new KeptCounts();
  private readonly marks = new KeptMarks();
  private get keeps() {
    return this.resource.policy.publicRead === true || this.resource.name === AuditEvent.name;
  }

  /**
   * Runs a write of this resource's rows (or, for AuditEvent, a write that
   * appends events): what is kept is not kept from reads it overlaps. A write
   * that appends an event runs in the events' `during` too.
   */
  during<T>(write: () => Promise<T>): Promise<T> {
    const writing = this.trail ? () => this.trail!.during(write) : write;
    return this.counts.during(() => this.marks.during(writing));
  }

  /** After a write that committed `change` (undefined: not known; what is kept is then read again). */
  private async changed(change: RowChange | undefined) {
    const move = (await this.onChange(this.resource)) ?? undefined;
    this.counts.written(change, move);
    this.marks.written(change, move);
  }

  /** The table's columns, looked up once (reads select them by name and convert each value as TypeORM would). */
  private columnsKnown?: ColumnMetadata[];
  private get columns(): ColumnMetadata[] {
    return (this.columnsKnown ??= this.ds.getMetadata(this.resource.name).columns);
  }

  private repo(manager: EntityManager = this.ds.manager): Repository<Row> {
    return manager.getRepository<Row>(this.resource.name);
  }

  /** What an action on this resource needs (auth/access.ts: the one permission check). */
  need(action: PermAction): Need {
    return { action, resource: this.resource.name };
  }

  private authorize(action: PermAction, actor: Actor) {
    authorizeTo(this.need(action), actor);
  }

  /**
   * The access check of a read, and whose rows it may see: every row, or (a
   * resource whose rows belong to users, `owner`) the caller's own when their
   * role does not grant reading it. An API token or an anonymous caller gets
   * no such share: the permission check refuses (and records) them.
   */
  private readerOf(actor: Actor): number | undefined {
    const owner = this.resource.owner;
    if (owner && actor && actor !== SYSTEM && !actor.apiToken && !may(this.need("read"), actor)) {
      // One's own rows stay readable while two-factor waits to be turned on (the Security page lists one's sessions).
      authorize("user", actor, { duringTwoFactorSetup: true });
      return actor.id;
    }
    this.authorize("read", actor);
    return undefined;
  }

  /** Only the rows of `ownerId` (see readerOf). */
  private ownRows<Q extends { andWhere(where: string, params: Record<string, unknown>): unknown }>(query: Q, ownerId: number | undefined) {
    if (ownerId !== undefined) query.andWhere(`r.${this.resource.owner!} = :ownerId`, { ownerId });
    return query;
  }

  /**
   * One page, by a deferred join: the page's ids first, from the index of the
   * sort column (SQLite and InnoDB indexes end with the row id, so they cover
   * "ORDER BY column, id"), then those rows by id. A deep page then costs
   * about what the first costs, instead of sorting every row before it.
   */
  async list(params: ListParams, actor: Actor): Promise<RowOfResource<R>[]> {
    const ownerId = this.readerOf(actor);
    return this.rowsById(await this.idsOf(params, ownerId));
  }

  /**
   * Every matching row in list order, a batch at a time, so that memory stays
   * bounded whatever the table's size: the ids first (in order), then the rows
   * of each batch by id.
   */
  async *batches(params: Omit<ListParams, "page" | "perPage">, actor: Actor, batchSize = 500): AsyncGenerator<RowOfResource<R>[]> {
    const ownerId = this.readerOf(actor);
    const ids = await this.idsOf({ ...params, perPage: null }, ownerId);
    for (let start = 0; start < ids.length; start += batchSize) yield this.rowsById(ids.slice(start, start + batchSize));
  }

  /**
   * The ids of a list, in order. A deep page of a public list seeks from the
   * nearest page mark (cache/pageMarks.ts) when one is kept, and leaves marks
   * at its first and last rows for the pages read after it.
   */
  private async idsOf(params: ListParams, ownerId?: number): Promise<number[]> {
    const { field, order } = orderOf(this.resource, params);
    const offset = offsetOf(params);
    const column = this.columns.find((c) => c.propertyName === field);
    // A NULL sorts apart from every value (and is not found by a range), so only lists by a required column are marked.
    const marked = this.keeps && ownerId === undefined && offset !== undefined && column !== undefined && !column.isNullable;
    const key = marked ? marksKey(field, order, JSON.stringify(params.filter ?? {})) : "";
    const ticket = marked ? this.marks.ticket(this.versionOf(this.resource)) : undefined;
    const kept = ticket?.clean ? this.marks.get(key, ticket.version) : undefined;
    const ordered = this.repo().createQueryBuilder("r").select("r.id", "id");
    if (marked) ordered.addSelect(`r.${field}`, "sortValue");
    await applyFilter(ordered, this.resource, params.filter);
    this.ownRows(ordered, ownerId);
    const backwards = applySortAndPage(
      ordered,
      this.resource,
      params,
      offset === undefined ? undefined : nearestMark(kept, offset, params.perPage!),
    );
    const raw = await ordered.getRawMany<{ id: number | string; sortValue?: unknown }>();
    if (backwards) raw.reverse();
    if (ticket && column && raw.length) {
      const markAt = (at: number, row: (typeof raw)[number]): PageMark => ({
        at,
        id: Number(row.id),
        value: row.sortValue,
        rank: rankOf(this.ds.driver.prepareHydratedValue(row.sortValue, column)),
      });
      const learned = [markAt(offset!, raw[0]), markAt(offset! + raw.length - 1, raw[raw.length - 1])];
      this.marks.keep(key, withMarks(kept, learned), ticket, this.versionOf(this.resource));
    }
    return raw.map((row) => Number(row.id));
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
    const driver = this.ds.driver;
    const rows = new Map<number, RowOfResource<R>>();
    for (let start = 0; start < ids.length; start += ROWS_PER_TURN) {
      // better-sqlite3 reads synchronously: a long list reads in turns, so /healthz and other requests get in between.
      if (start) await new Promise((resolve) => setImmediate(resolve));
      const query = this.repo(manager).createQueryBuilder("r").select("r.id", "id");
      for (const column of columns) if (column.propertyName !== "id") query.addSelect(`r.${column.propertyName}`, column.propertyName);
      const turn = ids.slice(start, start + ROWS_PER_TURN);
      const raw = await query.where("r.id IN (:...ids)", { ids: turn }).getRawMany<Record<string, unknown>>();
      for (const values of raw) {
        const row: Record<string, unknown> = {};
        for (const column of columns) row[column.propertyName] = driver.prepareHydratedValue(values[column.propertyName], column);
        rows.set(Number(row.id), row as RowOfResource<R>);
      }
    }
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /**
   * How many rows a filter matches. Counts of public resources (only this
   * service writes them) are kept at the resource's version; the unfiltered
   * one is carried over this process's own writes (a count is a full scan).
   */
  async count(filter: ListParams["filter"], actor: Actor): Promise<number> {
    const ownerId = this.readerOf(actor);
    const key = JSON.stringify(filter ?? {});
    const ticket = this.keeps && ownerId === undefined && this.counts.ticket(this.versionOf(this.resource));
    const kept = ticket && this.counts.get(key, ticket.version);
    if (kept !== undefined && kept !== false) return kept;
    // COUNT(*) of the filtered rows, read raw (getCount would count DISTINCT ids, which costs more and means the same here).
    const counted = Number(
      (
        await this.ownRows(
          await applyFilter(this.repo().createQueryBuilder("r").select("COUNT(*)", "count"), this.resource, filter),
          ownerId,
        ).getRawOne<{
          count: unknown;
        }>()
      )?.count ?? 0,
    );
    // A write that ended while counting may not be in it: kept only if no write overtook it.
    if (ticket) this.counts.keep(key, counted, ticket, this.versionOf(this.resource));
    return counted;
  }

  async get(id: unknown, actor: Actor): Promise<RowOfResource<R>> {
    const ownerId = this.readerOf(actor);
    const key = Number(id);
    const [row] = Number.isSafeInteger(key) && key > 0 ? await this.rowsById([key]) : [];
    if (!row || (ownerId !== undefined && row[this.resource.owner!] !== ownerId))
      throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
    return row;
  }

  /** The row of an id; `lock` (in a transaction) keeps other writers of it waiting until the transaction ends. */
  private async find(id: unknown, manager?: EntityManager, lock = false): Promise<RowOfResource<R> | null> {
    const key = Number(id);
    if (!Number.isSafeInteger(key) || key < 1) return null;
    const lockMode = lock ? lockFor(this.ds) : undefined;
    return (await this.repo(manager).findOne({ where: { id: key }, ...(lockMode && { lock: lockMode }) })) as RowOfResource<R> | null;
  }

  /**
   * A create; `options.recordedAs` names someone else than `actor` in its audit event (what `actor` may do is what is
   * checked); `options.joined` makes it part of a `together` transaction.
   */
  async create(input: InputOfResource<R>, actor: Actor, via: Via = SYSTEM_VIA, options: CreateOptions = {}): Promise<RowOfResource<R>> {
    this.authorize("create", actor);
    const { recordedAs, joined } = options;
    return this.during(() =>
      this.write({ op: "create", input, actor, via, ...("recordedAs" in options && { recorded: { recordedAs } }), joined }),
    );
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

  /** An update; `expectedVersion` in the input (the version the caller read) makes a stale save a CONFLICT; `options.joined` as create's. */
  async update(
    id: unknown,
    input: InputOfResource<R>,
    actor: Actor,
    via: Via = SYSTEM_VIA,
    options: { joined?: Joined } = {},
  ): Promise<RowOfResource<R>> {
    this.authorize("update", actor);
    return this.during(() => this.write({ op: "update", input, id, actor, via, joined: options.joined }));
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
    // A restore is an update (or a create, for a deleted record) like any other.
    this.authorize(recreate ? "create" : "update", actor);
    const saved: { event?: AuditRow } = {};
    const row = await this.during(() =>
      this.write({ op: recreate ? "create" : "update", input: values, id, actor, via, restoring: values, saved }),
    );
    return { row, event: saved.event };
  }

  async remove(id: unknown, actor: Actor, via: Via = SYSTEM_VIA): Promise<RowOfResource<R>> {
    this.authorize("delete", actor);
    return this.during(async () => {
      const { row, event } = await inTransaction(this.ds, async (manager) => {
        const row = await this.find(id, manager, true);
        if (!row) throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
        await this.resource.hooks?.beforeDelete?.(row, userOf(actor), manager);
        await this.repo(manager).delete({ id: row.id });
        return { row, event: await this.audit(manager, { actor, via, operation: "delete", before: row }) };
      });
      await this.committed({ before: row }, event);
      return row;
    });
  }

  /**
   * The change notification of the AuditEvent resource, from the trail:
   * `event` when exactly that one was appended (kept counts and marks are
   * carried over it), else undefined (they are read again).
   */
  async written(event?: Row): Promise<void> {
    await this.changed(event && { after: event });
  }

  /** After a write and its event committed: cached answers of this resource, and of the audit events, move on. */
  private async committed(change: RowChange, event: AuditRow | undefined): Promise<void> {
    await this.changed(change);
    await this.trail?.appended(event);
  }

  /** Appends the event of a write, in the write's transaction. */
  private audit(manager: EntityManager, write: Parameters<AuditTrail["appendWrite"]>[2]): Promise<AuditRow> | undefined {
    return this.trail?.appendWrite(manager, this.resource, write);
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
    const manager = request.joined?.manager ?? this.ds.manager;
    const existing = op === "update" ? await this.find(id, manager) : undefined;
    if (op === "update" && !existing) throw new NotFoundError(`${name} ${String(id)} not found`);

    const errors: FieldErrors = {};
    // A value that cannot be text at all: the request is broken, refused with a 400 whatever the transport.
    let malformed = false;
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

    const operation: AuditOperation = restoring ? "restore" : op === "update" && isStatusToggle(input) ? "status" : op;
    const created = await this.images.commit(staged);
    let change: { before?: RowOfResource<R>; after: RowOfResource<R>; event?: AuditRow };
    const transaction = <T>(work: (tx: EntityManager) => Promise<T>) =>
      request.joined ? work(request.joined.manager) : inTransaction(this.ds, work);
    try {
      change = await transaction(async (tx) => {
        const { before, after } = existing
          ? await this.saveUpdate(tx, existing.id, values, expectedVersion)
          : await this.saveCreate(tx, values, restoring ? Number(id) : undefined);
        const event = await this.audit(tx, {
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
