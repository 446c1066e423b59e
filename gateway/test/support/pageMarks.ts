import type { ListParams } from "../../src/resources/kit/query";
import { News } from "../../src/resources/news";
import { Pool } from "../../src/resources/pool";
import type { TestApp } from "./testApp";

/** What the page-mark tests share: seeded rows, rows behind the service's back, pages read through the service and walked. */

export const PER_PAGE = 10;
export const DEEP = 300; // past MARK_FROM: pages there are marked
const BASE = Date.UTC(2026, 0, 1);
export const TOKEN = "0x000000000000000000000000000000000000dEaD";
/** The filter of a visible row, as SQL for the walked truth. */
export const TEST_FILTER = "r.visible = 1";

export type Order = Pick<ListParams, "sortField" | "sortOrder">;
export const ORDERS: Order[] = [
  { sortField: "createdAt", sortOrder: "DESC" },
  { sortField: "createdAt", sortOrder: "ASC" },
  { sortField: "updatedAt", sortOrder: "DESC" },
  { sortField: "id", sortOrder: "ASC" },
  { sortField: "heading", sortOrder: "ASC" },
];

/** `rows` news behind the service, two per second (the sort column ties and the id decides), then a version move. */
export async function seedNews(app: TestApp, rows: number) {
  const values = Array.from({ length: rows }, (_, i) => {
    const at = new Date(BASE + Math.floor(i / 2) * 1000);
    return { heading: `news ${String(i % 97).padStart(2, "0")} ${i}`, visible: i % 3 !== 0, createdAt: at, updatedAt: at };
  });
  for (let start = 0; start < rows; start += 100) {
    await app.services.ds
      .createQueryBuilder()
      .insert()
      .into(News.name)
      .values(values.slice(start, start + 100))
      .execute();
  }
  await app.services.versions.bump(News.name);
}

/** A news row the service does not know of (no version moves), newer than every seeded row (before every deep mark). */
export async function insertNewestBehindTheService(app: TestApp) {
  const at = new Date(BASE + 86_400_000);
  await app.services.ds.createQueryBuilder().insert().into(News.name).values({ heading: "unseen", createdAt: at, updatedAt: at }).execute();
}

/** Rows per page for a page starting at `offset` (pages start at a multiple of their size). */
const sizeAt = (offset: number) => [PER_PAGE, 5, 1].find((size) => offset % size === 0)!;

export const pageOf = async (
  app: TestApp,
  resource: typeof News | typeof Pool,
  offset: number,
  order: Order,
  filter?: Record<string, unknown>,
) =>
  (await app.services.resource(resource).list({ page: offset / sizeAt(offset), perPage: sizeAt(offset), ...order, filter }, undefined)).map(
    (row) => row.id,
  );

/** The page the walk gives: ORDER BY the field then id, OFFSET, as the table holds it now. */
export async function truthOf(
  app: TestApp,
  resource: typeof News | typeof Pool,
  offset: number,
  order: Order,
  where?: string,
  size = sizeAt(offset),
) {
  const query = app.services.ds
    .getRepository(resource.name)
    .createQueryBuilder("r")
    .select("r.id", "id")
    .orderBy(`r.${order.sortField}`, order.sortOrder as "ASC" | "DESC")
    .addOrderBy("r.id", order.sortOrder as "ASC" | "DESC")
    .offset(offset)
    .limit(size);
  if (where) query.where(where);
  return (await query.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
}
