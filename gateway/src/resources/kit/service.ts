import type { DataSource } from "typeorm";
import { Actor, authorize, authorizeTo, may, type Need, SYSTEM } from "../../auth/access";
import type { PermAction } from "../../auth/permissions";
import type { RowChange, VersionMove } from "../../cache/kept";
import type { AuditRow, AuditTrail } from "../../audit/trail";
import { SYSTEM_VIA, type Via } from "../../audit/via";
import type { ImageStore } from "../../images/store";
import type { AnyResource, InputOfResource, Row, RowOfResource } from "./define";
import { KeptReads } from "./keptReads";
import type { ListParams } from "./query";
import { ResourceReads } from "./reads";
import { RowSaves } from "./saves";
import { type Joined, ResourceWrites } from "./writes";

/** What create may add: who the event names instead of the actor; the transaction to join. */
export interface CreateOptions {
  recordedAs?: Actor;
  joined?: Joined;
}

/**
 * The one place a resource is read and written. GraphQL resolvers and the REST
 * shim both call it, so every rule (access, validation, uploads, uniqueness)
 * holds for both. Each call names its actor: a user, nobody, or SYSTEM. The
 * access check is made here; the parts it composes do the rest: reads.ts (the
 * read path), keptReads.ts (kept counts and page marks around it), writes.ts
 * (the write pipeline) and saves.ts (version checks and audit events).
 */
export class ResourceService<R extends AnyResource = AnyResource> {
  private readonly reads: ResourceReads<R>;
  private readonly kept: KeptReads<R>;
  private readonly writes: ResourceWrites<R>;

  constructor(
    readonly resource: R,
    ds: DataSource,
    images: ImageStore,
    /**
     * Told after every write that succeeded (cached answers of this resource are then stale); awaited before the write answers.
     * Answers how the write moved the resource's version, when known (kept counts are carried over it).
     */
    private readonly onChange: (resource: R) => Promise<VersionMove | undefined | void> | VersionMove | undefined | void = () => {},
    /** The resource's version now (undefined: not known, nothing is kept); counts are kept at it. */
    versionOf: (resource: R) => string | undefined = () => undefined,
    /** Where each write appends its event, in the write's transaction (none for the AuditEvent resource itself). */
    private readonly trail?: AuditTrail,
  ) {
    this.reads = new ResourceReads(resource, ds);
    this.kept = new KeptReads(this.reads, ds, versionOf);
    const saves = new RowSaves(this.reads, trail);
    this.writes = new ResourceWrites(this.reads, saves, ds, images, (change, event) => this.committed(change, event));
  }

  /**
   * Runs a write of this resource's rows (or, for AuditEvent, a write that
   * appends events): what is kept is not kept from reads it overlaps. A write
   * that appends an event runs in the events' `during` too.
   */
  during<T>(write: () => Promise<T>): Promise<T> {
    const writing = this.trail ? () => this.trail!.during(write) : write;
    return this.kept.during(writing);
  }

  /** After a write that committed `change` (undefined: not known; what is kept is then read again). */
  private async changed(change: RowChange | undefined) {
    const move = (await this.onChange(this.resource)) ?? undefined;
    this.kept.written(change, move);
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

  /**
   * One page, by a deferred join: the page's ids first, from the index of the
   * sort column (SQLite and InnoDB indexes end with the row id, so they cover
   * "ORDER BY column, id"), then those rows by id. A deep page then costs
   * about what the first costs, instead of sorting every row before it.
   */
  async list(params: ListParams, actor: Actor): Promise<RowOfResource<R>[]> {
    const ownerId = this.readerOf(actor);
    return this.reads.rowsById(await this.kept.ids(params, ownerId));
  }

  /**
   * Every matching row in list order, a batch at a time, so that memory stays
   * bounded whatever the table's size: the ids first (in order), then the rows
   * of each batch by id.
   */
  async *batches(params: Omit<ListParams, "page" | "perPage">, actor: Actor, batchSize = 500): AsyncGenerator<RowOfResource<R>[]> {
    const ownerId = this.readerOf(actor);
    const ids = await this.kept.ids({ ...params, perPage: null }, ownerId);
    for (let start = 0; start < ids.length; start += batchSize) yield this.reads.rowsById(ids.slice(start, start + batchSize));
  }

  /** How many rows a filter matches (kept at the resource's version for public resources: keptReads.ts). */
  async count(filter: ListParams["filter"], actor: Actor): Promise<number> {
    const ownerId = this.readerOf(actor);
    return this.kept.count(filter, ownerId);
  }

  async get(id: unknown, actor: Actor): Promise<RowOfResource<R>> {
    const ownerId = this.readerOf(actor);
    return this.reads.get(id, ownerId);
  }

  /**
   * A create; `options.recordedAs` names someone else than `actor` in its audit event (what `actor` may do is what is
   * checked); `options.joined` makes it part of a `together` transaction.
   */
  async create(input: InputOfResource<R>, actor: Actor, via: Via = SYSTEM_VIA, options: CreateOptions = {}): Promise<RowOfResource<R>> {
    this.authorize("create", actor);
    const { recordedAs, joined } = options;
    return this.during(() =>
      this.writes.write({ op: "create", input, actor, via, ...("recordedAs" in options && { recorded: { recordedAs } }), joined }),
    );
  }

  /**
   * Runs `work` in one transaction, which the writes given `joined` join, of this resource or others: they all commit
   * or none does. `joined.manager` reads inside it (and locks rows, see lockFor).
   */
  together<T>(work: (joined: Joined) => Promise<T>): Promise<T> {
    return this.writes.together(work);
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
    return this.during(() => this.writes.write({ op: "update", input, id, actor, via, joined: options.joined }));
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
      this.writes.write({ op: recreate ? "create" : "update", input: values, id, actor, via, restoring: values, saved }),
    );
    return { row, event: saved.event };
  }

  async remove(id: unknown, actor: Actor, via: Via = SYSTEM_VIA): Promise<RowOfResource<R>> {
    this.authorize("delete", actor);
    return this.during(() => this.writes.remove(id, actor, via));
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
}
