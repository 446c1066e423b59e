import { stripHtml } from "../ui/columns";

/** Bookkeeping fields: never compared, never restored by hand. */
const META = new Set(["id", "createdAt", "updatedAt", "version", "__typename"]);

/** A stored value as a person reads it: rich text without its tags, images by file name, objects as JSON. */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return /<[a-z][^>]*>/i.test(value) ? stripHtml(value) : value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** JSON text from the gateway, or `fallback` when it is not JSON (never throws on a bad row). */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The fields worth comparing between two versions of a record, in the record's order. */
export function comparedFields(...records: Record<string, unknown>[]): string[] {
  const fields = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) if (!META.has(key)) fields.add(key);
  return [...fields];
}

const normal = (value: unknown) => JSON.stringify(value === undefined || value === "" ? null : value);

/** Whether two stored values are the same (an empty text and no value count as the same). */
export const sameValue = (a: unknown, b: unknown) => normal(a) === normal(b);

/** One item of an audit event's `changes` (the contract): a before/after pair, a text diff, or a redacted secret. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  diff?: string;
  redacted?: boolean;
}

export const changesOf = (event: Record<string, unknown>) =>
  parseJson<FieldChange[]>(typeof event.changes === "string" ? event.changes : null, []).filter((change) => change && change.field);
