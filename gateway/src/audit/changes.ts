import { diffWordsWithSpace } from "diff";
import type { AnyResource, Row } from "../resources/kit/define";
import { isLongText } from "../resources/kit/fields";

/** One changed field of an audit event (the `changes` JSON of the API contract). */
export type FieldChange =
  { field: string; before: unknown; after: unknown } | { field: string; diff: string } | { field: string; redacted: true };

/** Strings longer than this are recorded as a diff, as rich text is. */
const LONG_TEXT = 200;
/** Unchanged text kept on each side of a change in a diff. */
const CONTEXT = 24;
/** A diff longer than this is cut (the snapshot keeps the whole values). */
const MAX_DIFF = 4000;
/** A diff that takes longer than this is recorded as its sizes only. */
const DIFF_TIMEOUT_MS = 100;

const textOf = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

/**
 * A compact word diff: `[-removed-]{+added+}`, unchanged text shortened to its
 * edges (`…`), so an edit of one word in a long article stays a short line.
 */
export function textDiff(before: unknown, after: unknown): string {
  const was = textOf(before);
  const is = textOf(after);
  const parts = diffWordsWithSpace(was, is, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return `(changed: ${was.length} → ${is.length} characters)`;
  const out = parts
    .map((part, at) => {
      if (part.added) return `{+${part.value}+}`;
      if (part.removed) return `[-${part.value}-]`;
      const text = part.value;
      if (text.length <= CONTEXT * 2) return text;
      const head = at === 0 ? "" : text.slice(0, CONTEXT);
      const tail = at === parts.length - 1 ? "" : text.slice(-CONTEXT);
      return `${head}…${tail}`;
    })
    .join("");
  return out.length > MAX_DIFF ? `${out.slice(0, MAX_DIFF)}…` : out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between a record's values before and after a write
 * (no `before` on create, no `after` on delete): secrets (hidden fields) as
 * redacted, rich and long text as a diff, anything else (images by file name)
 * as stored.
 */
export function changesOf(resource: AnyResource, before: Row | undefined, after: Row | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, spec] of Object.entries(resource.fields)) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (same(was, is)) continue;
    if (spec.hidden) changes.push({ field, redacted: true });
    else if (isLongText(spec) || textOf(was).length > LONG_TEXT || textOf(is).length > LONG_TEXT)
      changes.push({ field, diff: textDiff(was, is) });
    else changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** A record's field values without its secrets: what a revision shows and restores. */
export function snapshotOf(resource: AnyResource, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(resource.fields)) if (!spec.hidden) values[field] = row[field] ?? null;
  return values;
}
