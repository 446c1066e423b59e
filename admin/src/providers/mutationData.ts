/** A react-admin file input value: the browser File and its preview. */
export interface FileValue {
  rawFile: File;
  src?: string;
  title?: string;
}

export const isFileValue = (v: unknown): v is FileValue =>
  typeof v === "object" && v !== null && "rawFile" in v && (v as FileValue).rawFile instanceof Blob;

/**
 * Readies form values for a GraphQL mutation: react-admin `{ rawFile }` values
 * become the File itself (so the upload link sends them as multipart parts),
 * Apollo's `__typename` markers go, and undefined values are dropped.
 */
export function toMutationData(value: unknown): unknown {
  if (isFileValue(value)) return value.rawFile;
  if (value instanceof Blob || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(toMutationData);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "__typename" || v === undefined) continue;
      out[k] = toMutationData(v);
    }
    return out;
  }
  return value;
}
