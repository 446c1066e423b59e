import type { DataSource } from "typeorm";
import { KeptCounts } from "../../cache/counts";
import type { RowChange, VersionMove } from "../../cache/kept";
import { KeptMarks, marksKey, nearestMark, type PageMark, rankOf, withMarks } from "../../cache/pageMarks";
import { AuditEvent } from "../auditEvent";
import type { AnyResource } from "./define";
import { type ListParams, offsetOf, orderOf } from "./query";
import type { OrderedId, ResourceReads } from "./reads";

/**
 * The read path (reads.ts) with counts and page marks kept at the resource's
 * version (cache/counts.ts, cache/pageMarks.ts), for public resources (only
 * the resource's service writes them, so their version moves with every
 * change) and audit events (only the trail appends them, and tells their
 * service of each).
 */
export class KeptReads<R extends AnyResource> {
  constructor(
    private readonly reads: ResourceReads<R>,
    private readonly ds: DataSource,
    /** The resource's version now (undefined: not known, nothing is kept); counts are kept at it. */
    private readonly versionOf: (resource: R) => string | undefined,
  ) {}

  private readonly counts = new KeptCounts();
  private readonly marks = new KeptMarks();
  private get keeps() {
    return this.reads.resource.policy.publicRead === true || this.reads.resource.name === AuditEvent.name;
  }

  /** Runs a write: what is kept is not kept from reads it overlaps. */
  during<T>(write: () => Promise<T>): Promise<T> {
    return this.counts.during(() => this.marks.during(write));
  }

  /** After a write that committed `change` (undefined: not known; what is kept is then read again), which moved the version by `move`. */
  written(change: RowChange | undefined, move: VersionMove | undefined): void {
    this.counts.written(change, move);
    this.marks.written(change, move);
  }

  /**
   * The ids of a list, in order. A deep page of a public list seeks from the
   * nearest page mark (cache/pageMarks.ts) when one is kept, and leaves marks
   * at its first and last rows for the pages read after it.
   */
  async ids(params: ListParams, ownerId?: number): Promise<number[]> {
    const resource = this.reads.resource;
    const { field, order } = orderOf(resource, params);
    const offset = offsetOf(params);
    const column = this.reads.columns.find((c) => c.propertyName === field);
    // A NULL sorts apart from every value (and is not found by a range), so only lists by a required column are marked.
    const marked = this.keeps && ownerId === undefined && offset !== undefined && column !== undefined && !column.isNullable;
    const key = marked ? marksKey(field, order, JSON.stringify(params.filter ?? {})) : "";
    const ticket = marked ? this.marks.ticket(this.versionOf(resource)) : undefined;
    const kept = ticket?.clean ? this.marks.get(key, ticket.version) : undefined;
    const raw = await this.reads.ordered(params, ownerId, marked ? { seek: nearestMark(kept, offset!, params.perPage!) } : undefined);
    if (ticket && column && raw.length) {
      const markAt = (at: number, row: OrderedId): PageMark => ({
        at,
        id: Number(row.id),
        value: row.sortValue,
        rank: rankOf(this.ds.driver.prepareHydratedValue(row.sortValue, column)),
      });
      const learned = [markAt(offset!, raw[0]), markAt(offset! + raw.length - 1, raw[raw.length - 1])];
      this.marks.keep(key, withMarks(kept, learned), ticket, this.versionOf(resource));
    }
    return raw.map((row) => Number(row.id));
  }

  /**
   * How many rows a filter matches. Counts of public resources are kept at
   * the resource's version; the unfiltered one is carried over this process's
   * own writes (a count is a full scan).
   */
  async count(filter: ListParams["filter"], ownerId: number | undefined): Promise<number> {
    const key = JSON.stringify(filter ?? {});
    const ticket = this.keeps && ownerId === undefined && this.counts.ticket(this.versionOf(this.reads.resource));
    const kept = ticket && this.counts.get(key, ticket.version);
    if (kept !== undefined && kept !== false) return kept;
    const counted = await this.reads.count(filter, ownerId);
    // A write that ended while counting may not be in it: kept only if no write overtook it.
    if (ticket) this.counts.keep(key, counted, ticket, this.versionOf(this.reads.resource));
    return counted;
  }
}
