import type { FieldErrors } from "../errors";
import { isVersioned, type Resource, type Row } from "../resources/kit/define";
import type { FieldSpec } from "../resources/kit/fields";
import type { UploadedFile } from "../resources/kit/uploads";
import type { RestRoute } from "./routes";

/**
 * The legacy field mapping: model records to the shape the legacy REST routes
 * answer (docs/legacy-api.md), and legacy requests to service input. Names
 * come from each field's `legacy` in the resource declaration; the conventions
 * that are not per field (`_id`, millisecond timestamps, status values,
 * content block keys) live here.
 */

export const legacyNameOf = (field: string, spec: FieldSpec) => spec.legacy ?? field;

/** Booleans the legacy API spells its own way, by legacy name. */
const legacyBooleans: Record<string, { out(v: boolean): unknown; doc: string; schema: object }> = {
  /** News, news descriptions, articles: 1 is shown. */
  status: { out: (v) => (v ? 1 : 0), doc: "1 shown, 0 hidden", schema: { type: "integer", enum: [0, 1] } },
  /** Landing blocks. */
  Status: { out: (v) => (v ? "true" : "false"), doc: "'true' shown, 'false' hidden", schema: { type: "string", enum: ["true", "false"] } },
};

/** Content block keys: model name → legacy name. */
export const blockNames: Record<string, string> = { title: "Title", description: "Description", imageUri: "ImageURI" };

/** Every record carries `createdAt` and `updatedAt` as millisecond timestamps; some resources also name one of them. */
export const timestampAliases: Record<string, Record<string, "createdAt" | "updatedAt">> = { User: { date: "createdAt" } };

export const legacyBoolean = (legacyName: string) => legacyBooleans[legacyName];

const millis = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).getTime());

/** A model record in the legacy shape. */
export function toLegacy(resource: Resource, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: String(row.id) };
  for (const [field, spec] of Object.entries(resource.fields)) {
    if (spec.hidden) continue;
    const name = legacyNameOf(field, spec);
    const value = row[field] ?? null;
    if (spec.kind === "bool" && legacyBooleans[name] && value !== null) out[name] = legacyBooleans[name].out(Boolean(value));
    else if (spec.kind === "blocks") out[name] = ((value ?? []) as Record<string, unknown>[]).map((b) => renameKeys(b, blockNames));
    else out[name] = value;
  }
  out.createdAt = millis(row.createdAt);
  out.updatedAt = millis(row.updatedAt);
  for (const [alias, source] of Object.entries(timestampAliases[resource.name] ?? {})) out[alias] = out[source];
  return out;
}

const renameKeys = (o: Record<string, unknown>, names: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [names[k] ?? k, v]));

/** One request field of a route. */
export type Param =
  /** Picks the record (or filters the list) by `field`. */
  | { name: string; kind: "key"; field: string; spec?: FieldSpec }
  /** A column value. */
  | { name: string; kind: "value"; field: string; spec: FieldSpec }
  /** The image file of an image field, passed to the service under its upload argument. */
  | { name: string; kind: "file"; field: string; arg: string; spec: FieldSpec }
  /** Files by index: `${name}0`, `${name}1`, ... passed as a list under `arg`. */
  | { name: string; kind: "files"; arg: string; doc?: string }
  /** A write-only argument that is not a column (a password). */
  | { name: string; kind: "extra"; arg: string; doc?: string }
  /** The record version an update started from (`expectedVersion`): a stale one is refused with 409; without it the save goes through. */
  | { name: "expectedVersion"; kind: "version" }
  /** Sent by the legacy client, fixed by the server and ignored (a section's identifier). */
  | { name: string; kind: "fixed"; field: string; spec: FieldSpec };

const AUTH_PARAMS: Record<"login" | "register", string[]> = {
  login: ["email", "password", "code"],
  register: ["name", "email", "password", "password2"],
};

/** The request fields a route reads, with the model field or argument each one feeds. */
export function paramsOf(route: RestRoute): Param[] {
  const resource = route.resource;
  if (!resource) {
    const names = AUTH_PARAMS[route.action as keyof typeof AUTH_PARAMS] ?? [];
    return names.map((name) => ({ name, kind: "extra", arg: name }));
  }
  const by = route.by ?? { param: "_id", field: "id" };
  const params: Param[] = [];
  if (route.action !== "create" && (route.action !== "list" || route.by)) {
    params.push({ name: by.param, kind: "key", field: by.field, spec: resource.fields[by.field] });
  }
  if (route.action !== "create" && route.action !== "update") return params;

  const aliasOf = new Map(Object.entries(route.aliases ?? {}).map(([name, field]) => [field, name]));
  const writes = (field: string) => !route.fields || route.fields.includes(field);
  for (const [field, spec] of Object.entries(resource.fields)) {
    if (spec.hidden || field === by.field || field in (route.scope ?? {}) || !writes(field)) continue;
    const name = aliasOf.get(field) ?? legacyNameOf(field, spec);
    if (spec.kind === "constant") params.push({ name, kind: "fixed", field, spec });
    else if (spec.kind === "image") params.push({ name: spec.upload, kind: "file", field, arg: spec.upload, spec });
    else if (!spec.readOnly) params.push({ name, kind: "value", field, spec });
  }
  if (route.action === "update" && isVersioned(resource)) params.push({ name: "expectedVersion", kind: "version" });
  if (!route.fields) {
    for (const [arg, extra] of Object.entries(resource.extraArgs ?? {})) {
      const name = aliasOf.get(arg) ?? extra.legacy ?? arg;
      params.push(extra.type === "uploads" ? { name, kind: "files", arg, doc: extra.doc } : { name, kind: "extra", arg, doc: extra.doc });
    }
  }
  return params;
}

/** At most this many indexed files (`files0` ...) are read. */
const MAX_INDEXED_FILES = 50;

const own = (o: Record<string, unknown>, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The service input of a legacy request: legacy names to model names, legacy values to model values. */
export function inputOf(route: RestRoute, body: Record<string, unknown>, files: Record<string, UploadedFile>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const param of paramsOf(route)) {
    if (param.kind === "value" && own(body, param.name))
      input[param.field] = param.spec.kind === "blocks" ? blocksIn(body[param.name]) : body[param.name];
    else if (param.kind === "extra" && own(body, param.name)) input[param.arg] = body[param.name];
    else if (param.kind === "version" && own(body, param.name)) input.expectedVersion = body[param.name];
    else if (param.kind === "file" && own(files, param.name)) input[param.arg] = files[param.name];
    else if (param.kind === "files") {
      const list: (UploadedFile | undefined)[] = [];
      for (let i = 0; i < MAX_INDEXED_FILES; i++) if (own(files, `${param.name}${i}`)) list[i] = files[`${param.name}${i}`];
      if (list.length) input[param.arg] = Array.from(list);
    }
  }
  return { ...input, ...route.scope };
}

/** Content blocks arrive as JSON text of `{ Title, Description, ImageURI }`; text that is not JSON is left for the service to refuse. */
function blocksIn(raw: unknown): unknown {
  let list = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (!Array.isArray(list)) return list;
  const modelNames = Object.fromEntries(Object.entries(blockNames).map(([model, legacy]) => [legacy, model]));
  return list.map((b) =>
    typeof b === "object" && b !== null && !Array.isArray(b) ? renameKeys(b as Record<string, unknown>, modelNames) : b,
  );
}

/** Field errors keyed by the names the legacy client knows: request names, images by their legacy name (`logoURI`), indexed files as `files0`. */
export function legacyErrors(route: RestRoute, errors: FieldErrors): FieldErrors {
  const names = new Map<string, string>();
  for (const param of paramsOf(route)) {
    if (param.kind === "file") names.set(param.field, legacyNameOf(param.field, param.spec));
    else if (param.kind === "files" || param.kind === "extra") names.set(param.arg, param.name);
    else if (param.kind === "version") names.set(param.name, param.name);
    else names.set(param.field, param.name);
  }
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const [field, index] = key.split(".");
    const spec = route.resource?.fields[field];
    const name = names.get(field) ?? (spec ? legacyNameOf(field, spec) : field);
    out[index === undefined ? name : `${name}${index}`] = message;
  }
  return out;
}
