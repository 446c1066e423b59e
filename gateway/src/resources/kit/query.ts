import { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { BadRequestError } from "../../errors";
import type { Resource } from "./define";
import { FieldSpec, isLongText } from "./fields";

export interface ListParams {
  page?: number | null;
  perPage?: number | null;
  sortField?: string | null;
  sortOrder?: string | null;
  filter?: Record<string, unknown> | null;
}

export const RANGE_SUFFIXES = ["_lt", "_lte", "_gt", "_gte"] as const;
const OPERATORS: Record<(typeof RANGE_SUFFIXES)[number], string> = { _lt: "<", _lte: "<=", _gt: ">", _gte: ">=" };

/** Fields `q` searches: the declared searchable ones, else every text column. */
export const searchFieldsOf = (r: Resource) => {
  const exposed = Object.entries(r.fields).filter(([, s]) => !s.hidden);
  const declared = exposed.filter(([, s]) => s.searchable).map(([n]) => n);
  return declared.length ? declared : exposed.filter(([, s]) => s.kind === "string" || isLongText(s)).map(([n]) => n);
};

export const filterFieldsOf = (r: Resource): [string, FieldSpec][] =>
  Object.entries(r.fields).filter(([, s]) => !s.hidden && (s.filterable || s.unique) && !isLongText(s));

export const sortFieldsOf = (r: Resource) => [
  "id",
  "createdAt",
  "updatedAt",
  ...Object.entries(r.fields)
    .filter(([, s]) => !s.hidden && (s.sortable || s.unique) && !isLongText(s))
    .map(([n]) => n),
];

const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

/** Bounds that keep every filter within what both engines take in one statement (SQLite binds at most 32,766 values). */
export const MAX_FILTER_IDS = 1000;
export const MAX_PER_PAGE = 1000;
/** Rows per page when a list does not say. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_SEARCH_LENGTH = 200;
const MAX_FILTER_TEXT = 255;

/** Applies react-admin's filter conventions: q, ids, equality, and _lt/_lte/_gt/_gte ranges (async: `q` may read trigram counts first). */
export async function applyFilter<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, resource: Resource, filter: ListParams["filter"]) {
  const alias = qb.alias;
  const allowed = new Set(["id", ...filterFieldsOf(resource).map(([n]) => n)]);
  const ranged = new Set([
    "id",
    "createdAt",
    "updatedAt",
    ...filterFieldsOf(resource)
      .filter(([, s]) => s.kind === "int" || s.kind === "datetime")
      .map(([n]) => n),
  ]);
  const metadata = qb.expressionMap.mainAlias!.metadata;
  // Drivers differ on booleans and dates (better-sqlite3 binds neither): convert as a column write would.
  const dbValue = (field: string, v: unknown) => {
    const column = metadata.findColumnWithPropertyName(field);
    return column ? qb.connection.driver.preparePersistentValue(v, column) : v;
  };
  let paramIndex = 0;
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    const param = `f${paramIndex++}`;
    if (key === "q") {
      if (String(value).length > MAX_SEARCH_LENGTH) {
        throw new BadRequestError({ q: `Search text must be at most ${MAX_SEARCH_LENGTH} characters` });
      }
      await applySearch(qb, resource, String(value), param);
    } else if (key === "ids") {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > MAX_FILTER_IDS) throw new BadRequestError({ ids: `At most ${MAX_FILTER_IDS} ids per request` });
      const ids = list.map(Number).filter(Number.isSafeInteger);
      if (ids.length === 0) qb.andWhere("1 = 0");
      else qb.andWhere(`${alias}.id IN (:...${param})`, { [param]: ids });
    } else if (allowed.has(key)) {
      const spec = resource.fields[key];
      const max = spec?.kind === "string" ? spec.max : MAX_FILTER_TEXT;
      if (typeof value === "string" && value.length > max) throw new BadRequestError({ [key]: `${key} must be at most ${max} characters` });
      qb.andWhere(`${alias}.${key} = :${param}`, { [param]: dbValue(key, value) });
    } else {
      const suffix = RANGE_SUFFIXES.find((s) => key.endsWith(s));
      const field = suffix && key.slice(0, -suffix.length);
      if (!suffix || !field || !ranged.has(field)) throw new BadRequestError({ filter: `Unknown filter ${key}` });
      qb.andWhere(`${alias}.${field} ${OPERATORS[suffix]} :${param}`, { [param]: dbValue(field, value) });
    }
  }
  return qb;
}

/** The shortest term a trigram index serves. */
const TRIGRAM = 3;
/** A filter of only shorter terms scans LIKE over this many of the newest rows (by id), not the whole table. */
const SHORT_SCAN_ROWS = 10_000;
/** Trigram counts are read up to this bound (enough to tell a rare trigram from a common one, and no more). */
const TRIGRAM_COUNT_BOUND = 1000;
/** The side table of trigrams on MySQL/MariaDB (db/src/migrations/substringSearch.ts). */
const TRIGRAMS = "search_trigrams";

/** A term's characters (code points, as the indexes and CHAR_LENGTH count them). */
const charsOf = (term: string) => Array.from(term);

/** The terms of `q`, DataTables' way: split at spaces, each once (any case). */
const termsOf = (text: string) => [
  ...new Map(
    text
      .split(/\s+/u)
      .filter(Boolean)
      .map((t) => [t.toLowerCase(), t]),
  ).values(),
];

/**
 * `q` as DataTables filters: every space-separated term is a case-insensitive
 * substring of one of the searched columns (each term in any column).
 * Served by trigram indexes. SQLite: the FTS5 trigram table, each term of 3+
 * characters a quoted string (a substring match, case folded). MySQL/MariaDB:
 * the candidate rows of each such term are those holding its two rarest
 * trigrams (read first, bounded), verified by LIKE on the columns (case
 * insensitive by their collation). Terms of 1 or 2 characters are LIKE
 * checks: among the rows the other terms found, or, when every term is that
 * short, over the newest SHORT_SCAN_ROWS rows only (no index serves them).
 */
async function applySearch<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, resource: Resource, text: string, param: string) {
  const fields = searchFieldsOf(resource);
  if (!fields.length) {
    applyShownSearch(qb, resource, text, param);
    return;
  }
  const terms = termsOf(text);
  if (!terms.length) return;
  const alias = qb.alias;
  const mysql = ["mysql", "mariadb"].includes(qb.connection.options.type);
  const long = terms.filter((term) => charsOf(term).length >= TRIGRAM);
  const params: Record<string, unknown> = {};
  /** The term as a substring of one of the columns of `row` (LIKE, its wildcards escaped). */
  const holds = (row: string) => (term: string, at: number) => {
    const like = `${param}l${at}`;
    params[like] = `%${escapeLike(term)}%`;
    return `(${fields.map((field) => `${row}.${field} LIKE :${like} ESCAPE '!'`).join(" OR ")})`;
  };
  const contains = (term: string, at: number) => qb.andWhere(holds(alias)(term, at), params);
  if (!long.length) {
    // The newest rows by id, from the id SHORT_SCAN_ROWS from the end (read first: a bound both engines seek to).
    const table = qb.connection.driver.escape(resource.table);
    const [edge] = await qb.connection.query(`SELECT id FROM ${table} ORDER BY id DESC LIMIT 1 OFFSET ${SHORT_SCAN_ROWS - 1}`);
    const checks = [...(edge ? [`scanned.id >= ${Number(edge.id)}`] : []), ...terms.map(holds("scanned"))];
    // Matched apart (the LIMIT keeps MariaDB from merging it into a walk of the whole sort index), then paged.
    qb.andWhere(
      `${alias}.id IN (SELECT matched.id FROM (SELECT scanned.id FROM ${table} scanned WHERE ${checks.join(" AND ")} LIMIT ${SHORT_SCAN_ROWS}) matched)`,
      params,
    );
    return;
  }
  if (!mysql) {
    const index = `"${resource.table}_search"`;
    qb.andWhere(`${alias}.id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH :${param})`, {
      [param]: long.map((term) => `"${term.replace(/"/g, '""')}"`).join(" AND "),
    });
    terms.filter((term) => !long.includes(term)).forEach(contains);
    return;
  }
  const rarest = await rarestTrigrams(qb, resource.table, long);
  if (!rarest) {
    qb.andWhere("1 = 0");
    return;
  }
  rarest.forEach(([first, second], at) => {
    const [a, b] = [`${param}t${at}a`, `${param}t${at}b`];
    qb.andWhere(
      `${alias}.id IN (SELECT ta.rowId FROM ${TRIGRAMS} ta JOIN ${TRIGRAMS} tb ON tb.tableName = ta.tableName AND tb.trigram = :${b} AND tb.rowId = ta.rowId
        WHERE ta.tableName = :${param}table AND ta.trigram = :${a})`,
      { [a]: first, [b]: second, [`${param}table`]: resource.table },
    );
  });
  terms.forEach(contains);
}

/**
 * The two rarest trigrams of each term (MySQL/MariaDB), from counts read up
 * to TRIGRAM_COUNT_BOUND each in one statement; undefined when a trigram is
 * in no row of the table (then no row holds the term).
 */
async function rarestTrigrams<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, table: string, terms: string[]) {
  const trigramsOf = (term: string) => {
    const chars = charsOf(term.toLowerCase());
    return [...new Set(chars.slice(0, -2).map((_, at) => chars.slice(at, at + 3).join("")))];
  };
  const perTerm = terms.map(trigramsOf);
  const all = [...new Set(perTerm.flat())];
  const rows: { k: number | string; n: number | string }[] = await qb.connection.query(
    all
      .map(
        (_, k) =>
          `SELECT ${k} AS k, COUNT(*) AS n FROM (SELECT 1 FROM ${TRIGRAMS} WHERE tableName = ? AND trigram = ? LIMIT ${TRIGRAM_COUNT_BOUND}) c${k}`,
      )
      .join(" UNION ALL "),
    all.flatMap((trigram) => [table, trigram]),
  );
  const count = new Map(rows.map((row) => [all[Number(row.k)], Number(row.n)]));
  if ([...count.values()].some((n) => n === 0)) return undefined;
  return perTerm.map((trigrams) => {
    const sorted = [...trigrams].sort((x, y) => count.get(x)! - count.get(y)!);
    return [sorted[0], sorted[1] ?? sorted[0]] as const;
  });
}

/** The fields a row without text columns shows, and `q` matches instead: its image file names. */
export const shownFieldsOf = (r: Resource) =>
  Object.entries(r.fields)
    .filter(([, s]) => !s.hidden && s.kind === "image")
    .map(([n]) => n);

/**
 * `q` on records without text columns (home images, article images): what
 * their row shows, a part of the image's file name, or the record's id. These
 * tables hold a handful of rows each and have no search index, so a LIKE on
 * both engines serves it (case-insensitive for ASCII on SQLite and under
 * MariaDB's default collation).
 */
function applyShownSearch<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, resource: Resource, text: string, param: string) {
  const needle = text.trim();
  if (!needle) return;
  const alias = qb.alias;
  const matches = shownFieldsOf(resource).map((field) => `${alias}.${field} LIKE :${param} ESCAPE '!'`);
  const params: Record<string, unknown> = { [param]: `%${escapeLike(needle)}%` };
  const id = Number(needle);
  if (/^\d+$/.test(needle) && Number.isSafeInteger(id)) {
    matches.push(`${alias}.id = :${param}id`);
    params[`${param}id`] = id;
  }
  qb.andWhere(matches.length ? `(${matches.join(" OR ")})` : "1 = 0", params);
}

/** A list's order, checked: a sortable field, ASC or DESC (the resource's default when not given). */
export interface ListOrder {
  field: string;
  order: "ASC" | "DESC";
}

export function orderOf(resource: Resource, params: ListParams): ListOrder {
  const field = params.sortField || resource.defaultSort.field;
  if (!sortFieldsOf(resource).includes(field)) throw new BadRequestError({ sortField: `Cannot sort by ${field}` });
  const order = (params.sortOrder || resource.defaultSort.order).toUpperCase();
  if (order !== "ASC" && order !== "DESC") throw new BadRequestError({ sortOrder: "Sort order must be ASC or DESC" });
  return { field, order };
}

/** The first row of the page (0-based), checked; undefined when the list is not paged (perPage not given). */
export function offsetOf(params: ListParams): number | undefined {
  if (params.perPage === undefined || params.perPage === null) return undefined;
  if (!Number.isSafeInteger(params.perPage) || params.perPage < 1 || params.perPage > MAX_PER_PAGE) {
    throw new BadRequestError({ perPage: `Rows per page must be between 1 and ${MAX_PER_PAGE}` });
  }
  const page = params.page ?? 0;
  if (!Number.isSafeInteger(page) || page < 0) throw new BadRequestError({ page: "Page must be 0 or more" });
  return page * params.perPage;
}

/** Where a page may start seeking instead of walking: position `at` of the order holds row `id`, sorted by `value`. */
export interface SeekFrom {
  at: number;
  id: number;
  value: unknown;
}

/**
 * Orders by the field then id (every sort index ends with the row id) and
 * takes the page. From a `seek` mark at or before the page, the rows start at
 * the marked row, found on the sort index by range (`column <= value AND
 * (column < value OR id <= id)`: both engines serve that bound from the
 * index, where SQLite scans for `column < value OR (...)` and MariaDB for a
 * row constructor), and only the rows between the mark and the page are
 * skipped. From a mark after the page, the rows before it are read backwards
 * (the order reversed): answers true, the ids then come last row first.
 */
export function applySortAndPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  resource: Resource,
  params: ListParams,
  seek?: SeekFrom,
): boolean {
  const { field, order } = orderOf(resource, params);
  const offset = offsetOf(params);
  const perPage = params.perPage!;
  const alias = qb.alias;
  const forward = seek !== undefined && offset !== undefined && seek.at <= offset;
  const backward = seek !== undefined && offset !== undefined && seek.at >= offset + perPage;
  const reading = backward ? (order === "DESC" ? "ASC" : "DESC") : order;
  qb.orderBy(`${alias}.${field}`, reading);
  if (field !== "id") qb.addOrderBy(`${alias}.id`, reading);
  if (offset === undefined) return false;
  if (forward || backward) {
    // From the mark on (forward, the mark included), or the rows before it (backward), in the reading order.
    const next = reading === "DESC" ? "<" : ">";
    const from = forward ? "=" : "";
    qb.andWhere(
      field === "id"
        ? `${alias}.id ${next}${from} :seekId`
        : `${alias}.${field} ${next}= :seekValue AND (${alias}.${field} ${next} :seekValue OR ${alias}.id ${next}${from} :seekId)`,
      { seekId: seek!.id, seekValue: seek!.value },
    );
  }
  const skipped = forward ? offset - seek!.at : backward ? seek!.at - offset - perPage : offset;
  qb.offset(skipped).limit(perPage);
  return backward;
}
