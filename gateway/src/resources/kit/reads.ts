import type { DataSource, EntityManager, Repository } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata";
import { NotFoundError } from "../../errors";
import type { AnyResource, Row, RowOfResource } from "./define";
import { applyFilter, applySortAndPage, type ListParams, orderOf, type SeekFrom } from "./query";
import { lockFor } from "./transaction";

/** Rows read in one synchronous turn of the event loop (see rowsById). */
const ROWS_PER_TURN = 200;

/** One id of a list, with its sort value when the list is read for page marks (see keptReads.ts). */
export interface OrderedId {
  id: number | string;
  sortValue?: unknown;
}

/**
 * The read path of a resource's table: lists (filters, order and paging by
 * query.ts), rows by id, counts. Access is checked before (service.ts): a read
 * here is given whose rows it may see, `ownerId` (undefined: every row).
 */
export class ResourceReads<R extends AnyResource> {
  constructor(
    readonly resource: R,
    private readonly ds: DataSource,
  ) {}

  /** The table's columns, looked up once (reads select them by name and convert each value as TypeORM would). */
  private columnsKnown?: ColumnMetadata[];
  get columns(): ColumnMetadata[] {
    return (this.columnsKnown ??= this.ds.getMetadata(this.resource.name).columns);
  }

  repo(manager: EntityManager = this.ds.manager): Repository<Row> {
    return manager.getRepository<Row>(this.resource.name);
  }

  /** Only the rows of `ownerId` (see ResourceService's readerOf). */
  private ownRows<Q extends { andWhere(where: string, params: Record<string, unknown>): unknown }>(query: Q, ownerId: number | undefined) {
    if (ownerId !== undefined) query.andWhere(`r.${this.resource.owner!} = :ownerId`, { ownerId });
    return query;
  }

  /**
   * The ids of a list, in order. `marking` also reads each row's sort value
   * and seeks from its `seek` mark, when there is one (keptReads.ts).
   */
  async ordered(params: ListParams, ownerId: number | undefined, marking?: { seek?: SeekFrom }): Promise<OrderedId[]> {
    const ordered = this.repo().createQueryBuilder("r").select("r.id", "id");
    if (marking) ordered.addSelect(`r.${orderOf(this.resource, params).field}`, "sortValue");
    await applyFilter(ordered, this.resource, params.filter);
    this.ownRows(ordered, ownerId);
    const backwards = applySortAndPage(ordered, this.resource, params, marking?.seek);
    const raw = await ordered.getRawMany<OrderedId>();
    if (backwards) raw.reverse();
    return raw;
  }

  /**
   * The rows of these ids, in their order (a row deleted meanwhile is left
   * out). Reads raw columns and converts each value once (booleans, dates,
   * JSON text) with the driver's own conversion, instead of hydrating
   * entities: reads need plain rows; only writes go through entities.
   */
  async rowsById(ids: number[], manager: EntityManager = this.ds.manager): Promise<RowOfResource<R>[]> {
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

  /** How many rows a filter matches, counted by the table (keptReads.ts keeps the counts of public resources). */
  async count(filter: ListParams["filter"], ownerId: number | undefined): Promise<number> {
    // COUNT(*) of the filtered rows, read raw (getCount would count DISTINCT ids, which costs more and means the same here).
    return Number(
      (
        await this.ownRows(
          await applyFilter(this.repo().createQueryBuilder("r").select("COUNT(*)", "count"), this.resource, filter),
          ownerId,
        ).getRawOne<{
          count: unknown;
        }>()
      )?.count ?? 0,
    );
  }

  async get(id: unknown, ownerId: number | undefined): Promise<RowOfResource<R>> {
    const key = Number(id);
    const [row] = Number.isSafeInteger(key) && key > 0 ? await this.rowsById([key]) : [];
    if (!row || (ownerId !== undefined && row[this.resource.owner!] !== ownerId))
      throw new NotFoundError(`${this.resource.name} ${String(id)} not found`);
    return row;
  }

  /** The row of an id; `lock` (in a transaction) keeps other writers of it waiting until the transaction ends. */
  async find(id: unknown, manager?: EntityManager, lock = false): Promise<RowOfResource<R> | null> {
    const key = Number(id);
    if (!Number.isSafeInteger(key) || key < 1) return null;
    const lockMode = lock ? lockFor(this.ds) : undefined;
    return (await this.repo(manager).findOne({ where: { id: key }, ...(lockMode && { lock: lockMode }) })) as RowOfResource<R> | null;
  }
}
