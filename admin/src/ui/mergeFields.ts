import { isFileValue } from "../providers/mutationData";
import { getPath } from "./getPath";

/**
 * The three-way merge behind the conflict panel (ui/ConflictPanel.tsx): per
 * form field, the value the form was opened with (loaded), the other admin's
 * saved value (theirs) and what the user has in the form (yours).
 */

export type Values = Record<string, unknown>;

/** Who changed a field since it was loaded: only they (theirs is taken), only you (yours is kept), or both to different values (a pick). */
export type Outcome = "theirs" | "yours" | "both";

export interface FieldMerge {
  /** The form field ('heading', 'blocks.0.title', 'file'). */
  path: string;
  loaded: unknown;
  theirs: unknown;
  yours: unknown;
  outcome: Outcome;
}

/** Bookkeeping the forms never show: not compared, never merged. */
const META = new Set(["id", "version", "createdAt", "updatedAt", "__typename", "savedBy"]);

const NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A value as compared: no value, an empty text and null alike; numbers and
 * numeric texts alike; dates by their instant; a chosen file by its object URL
 * (a new upload never equals a stored name).
 */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return null;
  if (value instanceof Date) return value.getTime();
  if (isFileValue(value)) return { file: value.src ?? value.title ?? "" };
  if (typeof value === "string") {
    if (NUMBER.test(value.trim())) return Number(value);
    if (ISO_DATE.test(value)) return Date.parse(value);
    return value;
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Values)
        .filter(([key]) => !META.has(key))
        .map(([key, item]) => [key, normalise(item)] as const)
        .filter(([, item]) => item !== null)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return value;
}

/** Whether two form values are the same once normalised (an untouched field never reads as changed). */
export const sameFormValue = (a: unknown, b: unknown) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/**
 * The form's own fields out of its registered inputs: bookkeeping dropped, a
 * nested input kept by its full path (a list input's own path left out when
 * its items' inputs are there, so no field shows twice).
 */
export function comparedPaths(mounted: Iterable<string>): string[] {
  const paths = [...new Set(mounted)].filter((path) => !META.has(path.split(".")[0]));
  return paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)));
}

/**
 * Each field someone changed since `loaded`, with who did. `uploads` maps an
 * image input ('file', 'blockFiles.0') to where the record keeps its image
 * ('imageUri', 'blocks.0.imageUri'): a file chosen in the form is your change,
 * another stored name theirs. Fields nobody changed, or both changed alike, are left out.
 */
export function mergeFields(
  paths: string[],
  loaded: Values,
  theirs: Values,
  yours: Values,
  uploads: Record<string, string> = {},
): FieldMerge[] {
  const rows: FieldMerge[] = [];
  for (const path of paths) {
    const stored = uploads[path];
    const was = getPath(loaded, stored ?? path);
    const their = getPath(theirs, stored ?? path);
    const chosen = getPath(yours, path);
    const mine = stored && !isFileValue(chosen) ? was : chosen;
    const theyChanged = !sameFormValue(was, their);
    const youChanged = !sameFormValue(was, mine);
    if (!theyChanged && !youChanged) continue;
    if (theyChanged && youChanged && sameFormValue(their, mine)) continue;
    const outcome: Outcome = theyChanged && youChanged ? "both" : theyChanged ? "theirs" : "yours";
    rows.push({ path, loaded: was, theirs: their, yours: mine, outcome });
  }
  return rows;
}

/** A deep copy of form values that keeps chosen files and dates as they are (the form changes its own objects in place). */
export function cloneValues<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValues) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype && !isFileValue(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneValues(item)])) as T;
  return value;
}

/** `values` with `value` at the dotted `path`, copied along the way (the original is left as it was). */
export function withPath(values: Values, path: string, value: unknown): Values {
  const [head, ...rest] = path.split(".");
  if (!rest.length) return Array.isArray(values) ? Object.assign([...values], { [head]: value }) : { ...values, [head]: value };
  const inner = (values as Values)[head];
  const copy = Array.isArray(inner) ? [...inner] : { ...((inner as Values) ?? {}) };
  const next = withPath(copy as Values, rest.join("."), value);
  return Array.isArray(values) ? Object.assign([...values], { [head]: next }) : { ...values, [head]: next };
}

/** What a side's value puts in the form: an image input holds a chosen file or nothing (their stored image stays theirs). */
export const formValueOf = (row: FieldMerge, side: "theirs" | "yours", uploads: Record<string, string> = {}) =>
  uploads[row.path] ? (side === "yours" ? row.yours : null) : row[side];

/**
 * The values to save over their version: their record for everything the form
 * does not show, the form's values for fields nobody changed, then each
 * changed field from the side that changed it (`picks` for fields both changed).
 */
export function mergedValues(
  rows: FieldMerge[],
  theirs: Values,
  yours: Values,
  paths: string[],
  picks: Record<string, "theirs" | "yours">,
  uploads: Record<string, string> = {},
): Values {
  let merged: Values = { ...yours, ...Object.fromEntries(Object.entries(theirs).filter(([key]) => key !== "version")) };
  for (const path of paths) merged = withPath(merged, path, getPath(yours, path));
  for (const row of rows) {
    const side = row.outcome === "both" ? picks[row.path] : row.outcome;
    if (side) merged = withPath(merged, row.path, formValueOf(row, side, uploads));
  }
  return merged;
}
