import { UNFILTERED } from "./counts";
import { KeptAtVersion, type RowChange } from "./kept";

/**
 * Page marks: where rows sit in a list order, learned from the pages read, so
 * that a deep page seeks to the nearest mark on the sort index (`WHERE
 * (column, id) after the mark`) and skips only the rows between, instead of
 * walking every index entry before it (`OFFSET 50000` walks 50,000 entries on
 * InnoDB). Kept at the resource's version (cache/kept.ts); the marks of an
 * unfiltered list survive this process's own writes, each moved by one place
 * when the written row entered or left the list before it.
 */

/** Position `at` (0-based) of one list order holds row `id`, whose sort column the database gave as `value` (bound back as is). */
export interface PageMark {
  at: number;
  id: number;
  value: unknown;
  /** The sort value as a number in the database's order (dates, numbers, booleans); undefined for text, whose collation JS cannot tell. */
  rank: number | undefined;
}

/** Marks nearer the start than this are not worth keeping: walking that many index entries costs nothing. */
export const MARK_FROM = 200;
/** Marks kept per list order. */
const MARKS_PER_LIST = 32;

/** The sort value as a number in the database's order, when there is one. */
export function rankOf(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return undefined;
}

/** The key of one list order: its sort field and order, and its filter's key. */
export const marksKey = (field: string, order: string, filterKey: string) => `${field} ${order} ${filterKey}`;

/**
 * The mark a page from `offset` is read from with the fewest rows skipped: at
 * or before the page (read forward from it), or after it (read backwards; a
 * write before the marks moves them past the page read before). None when
 * walking from the start skips fewer, or no mark is worth it.
 */
export function nearestMark(marks: readonly PageMark[] | undefined, offset: number, perPage: number): PageMark | undefined {
  let best: PageMark | undefined;
  let fewest = offset;
  for (const mark of marks ?? []) {
    if (mark.at < MARK_FROM) continue;
    const skipped = mark.at <= offset ? offset - mark.at : mark.at >= offset + perPage ? mark.at - offset - perPage : Infinity;
    if (skipped < fewest) [best, fewest] = [mark, skipped];
  }
  return best;
}

/** `marks` with `learned` added (a place learned again replaces the old one), in order, at most MARKS_PER_LIST, spread out. */
export function withMarks(marks: readonly PageMark[] | undefined, learned: PageMark[]): PageMark[] {
  const byPlace = new Map((marks ?? []).map((mark) => [mark.at, mark]));
  for (const mark of learned) if (mark.at >= MARK_FROM) byPlace.set(mark.at, mark);
  const sorted = [...byPlace.values()].sort((a, b) => a.at - b.at);
  while (sorted.length > MARKS_PER_LIST) {
    // Drops the mark closest to the one before it: what is left covers the list best.
    let closest = 1;
    for (let i = 2; i < sorted.length; i++) if (sorted[i].at - sorted[i - 1].at < sorted[closest].at - sorted[closest - 1].at) closest = i;
    sorted.splice(closest, 1);
  }
  return sorted;
}

/**
 * The marks of an unfiltered list after one write: each moves one place later
 * when the written row now comes before it, one place earlier when it came
 * before it; undefined (read again) when the write moved or removed a marked
 * row, or the order is by text.
 */
function carryMarks(key: string, marks: PageMark[], change: RowChange): PageMark[] | undefined {
  const [, field, order, filterKey] = /^(\S+) (\S+) (.*)$/s.exec(key) ?? [];
  if (filterKey !== UNFILTERED) return undefined;
  const place = (row: Record<string, unknown> | undefined) => row && { rank: rankOf(row[field]), id: Number(row.id) };
  const before = place(change.before);
  const after = place(change.after);
  if ((before && before.rank === undefined) || (after && after.rank === undefined)) return undefined;
  const direction = order === "DESC" ? -1 : 1;
  const precedes = (row: { rank: number | undefined; id: number } | undefined, mark: PageMark) =>
    row !== undefined && direction * (row.rank! - mark.rank! || row.id - mark.id) < 0;
  const carried: PageMark[] = [];
  for (const mark of marks) {
    if (mark.rank === undefined) return undefined;
    if (before?.id === mark.id && (!after || after.rank !== before.rank)) return undefined;
    carried.push({ ...mark, at: mark.at + (precedes(after, mark) ? 1 : 0) - (precedes(before, mark) ? 1 : 0) });
  }
  return withMarks(undefined, carried);
}

export class KeptMarks extends KeptAtVersion<PageMark[]> {
  constructor() {
    super(carryMarks);
  }
}
