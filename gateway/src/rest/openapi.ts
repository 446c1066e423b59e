import type { Resource } from "../resources/kit/define";
import { FieldSpec, labelOf } from "../resources/kit/fields";
import { normaliseField } from "../resources/kit/validate";
import { blockNames, legacyBoolean, legacyNameOf, Param, paramsOf, timestampAliases } from "./legacy";
import { PAGING } from "./listAnswer";
import { accessOf, RestRoute, restRoutes } from "./routes";

export const OPENAPI_PATH = "/openapi.json";

/** `code`: only for accounts with two-factor sign-in on. */
const OPTIONAL_AUTH_PARAMS = new Set(["code"]);

type Schema = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (s: Schema): Schema => ({ ...s, type: [s.type, "null"] });

const block: Schema = {
  type: "object",
  properties: Object.fromEntries(Object.values(blockNames).map((n) => [n, { type: "string" }])),
};

/** A field as the legacy answers carry it. */
function outputSchema(name: string, spec: FieldSpec): Schema {
  const doc = labelOf(name, spec);
  switch (spec.kind) {
    case "int":
      return nullable({ type: "integer", description: doc });
    case "bool": {
      const legacy = legacyBoolean(legacyNameOf(name, spec));
      return legacy ? { ...legacy.schema, description: `${doc}: ${legacy.doc}` } : { type: "boolean", description: doc };
    }
    case "blocks":
      return { type: "array", items: block, description: doc };
    case "image":
      return nullable({ type: "string", description: `${doc}: image file name, served at /Images/{name}` });
    case "constant":
      return { type: "string", const: spec.value, description: `${doc} (fixed)` };
    default:
      return nullable({ type: "string", description: doc });
  }
}

function recordSchema(resource: Resource): Schema {
  const properties: Record<string, Schema> = { _id: { type: "string" } };
  for (const [name, spec] of Object.entries(resource.fields))
    if (!spec.hidden) properties[legacyNameOf(name, spec)] = outputSchema(name, spec);
  const stamp = (what: string) => ({ type: "integer", description: `${what}, milliseconds since 1970` });
  properties.createdAt = stamp("Created");
  properties.updatedAt = stamp("Last changed");
  for (const [alias, source] of Object.entries(timestampAliases[resource.name] ?? {})) properties[alias] = stamp(`Same as ${source}`);
  return { type: "object", description: resource.doc, properties, required: ["_id", "createdAt", "updatedAt"] };
}

/** A request field as the legacy client sends it (multipart sends every value as text). */
function paramSchema(param: Param, multipart: boolean): Schema {
  const file = { type: "string", format: "binary", contentMediaType: "application/octet-stream" };
  switch (param.kind) {
    case "key":
      return {
        type: param.field === "id" ? ["string", "integer"] : "string",
        description: `Picks the record by ${param.field === "id" ? "id" : labelOf(param.field, param.spec!)}`,
      };
    case "file":
      return { ...file, description: `${labelOf(param.field, param.spec)}: a new image; the stored one is kept when no file is sent` };
    case "files":
      return { ...file, description: param.doc };
    case "extra":
      return { type: "string", ...(param.doc ? { description: param.doc } : {}) };
    case "version":
      return {
        type: ["integer", "string"],
        description:
          "The record's version the edit started from; when another save came first the answer is 409 (omit it to save regardless)",
      };
    case "fixed":
      return { type: "string", description: `Fixed to ${param.spec.kind === "constant" ? param.spec.value : "its value"}; ignored` };
    case "value": {
      const doc = labelOf(param.field, param.spec);
      const kind = param.spec.kind;
      if (multipart && kind !== "blocks") return { type: "string", description: doc };
      if (kind === "int") return { type: ["integer", "string"], description: doc };
      if (kind === "bool")
        return { type: ["boolean", "string", "integer"], description: `${doc}: true / 'true' / 1, or false / 'false' / 0` };
      if (kind === "blocks")
        return { type: ["string", "array"], items: block, description: `${doc}: JSON text of a list of { Title, Description, ImageURI }` };
      return { type: "string", description: doc };
    }
  }
}

/** What the validation refuses as empty: a required value (normaliseField, after trimming), a record key, a sign-in or registration field. */
function emptyRefused(route: RestRoute, param: Param): Schema | undefined {
  if (param.kind === "value") return "error" in normaliseField(param.field, param.spec, "") ? NOT_BLANK : undefined;
  if (param.kind === "key") return param.field === "id" ? NOT_EMPTY : NOT_BLANK;
  if (param.kind === "extra" && !route.resource && !OPTIONAL_AUTH_PARAMS.has(param.name)) return NOT_EMPTY;
  return undefined;
}
const NOT_EMPTY: Schema = { minLength: 1 };
/** Values are trimmed before they are checked: one of only spaces is empty too. */
const NOT_BLANK: Schema = { minLength: 1, pattern: "\\S" };

function requestBody(route: RestRoute): Schema | undefined {
  const params = paramsOf(route);
  if (!params.length) return undefined;
  const multipart = route.payload === "multipart";
  const properties: Record<string, Schema> = {};
  const patternProperties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const param of params) {
    if (param.kind === "files") patternProperties[`^${param.name}[0-9]+$`] = paramSchema(param, multipart);
    else properties[param.name] = { ...paramSchema(param, multipart), ...emptyRefused(route, param) };
    const needed =
      param.kind === "key" ||
      (!route.resource && param.kind === "extra" && !OPTIONAL_AUTH_PARAMS.has(param.name)) ||
      (route.action === "create" &&
        (param.kind === "value" || param.kind === "file") &&
        param.spec.required &&
        param.spec.default === undefined);
    if (needed) required.push(param.name);
  }
  const schema: Schema = {
    type: "object",
    properties,
    ...(Object.keys(patternProperties).length ? { patternProperties } : {}),
    ...(required.length ? { required } : {}),
  };
  return {
    required: true,
    description:
      "JSON, urlencoded and multipart bodies are all accepted; this is the form legacy clients send. Omitted fields keep their stored value.",
    content: { [multipart ? "multipart/form-data" : "application/json"]: { schema } },
  };
}

const message = (description: string) => ({ description, content: { "application/json": { schema: ref("Message") } } });

function answer(route: RestRoute): Schema {
  const resource = route.resource;
  const json = (schema: Schema, description = "Success") => ({ description, content: { "application/json": { schema } } });
  if (route.action === "login") return json(ref("Session"));
  if (route.action === "register") return json(ref("WriteResult"));
  if (route.action === "logout")
    return json({
      type: "object",
      properties: { success: { const: true }, message: { type: "string" } },
      required: ["success", "message"],
    });
  if (route.action === "list") {
    const items = { type: "array", items: ref(resource!.name) };
    return route.answer === "typedList"
      ? json({ type: "object", properties: { type: { const: "success" }, data: items }, required: ["type", "data"] })
      : json(items);
  }
  if (route.answer === "status") {
    return json({ type: "object", properties: { status: { const: 1 }, message: { type: "string" } }, required: ["status", "message"] });
  }
  return json({
    allOf: [
      ref("WriteResult"),
      { type: "object", properties: { data: { ...ref(resource!.name), description: "The record as stored (as deleted, for deletes)" } } },
    ],
  });
}

/** A list answers every row unless a page is asked for; the answer then carries a Link header (first, prev, next, last). */
const PAGING_PARAMS = [
  {
    name: "page",
    in: "query",
    required: false,
    description: "1-based page number (with perPage)",
    schema: { type: "integer", ...PAGING.page },
  },
  {
    name: "perPage",
    in: "query",
    required: false,
    description: `Rows per page, ${PAGING.perPage.minimum} to ${PAGING.perPage.maximum} (default ${PAGING.perPage.default} when page is given)`,
    schema: { type: "integer", ...PAGING.perPage },
  },
];

function operation(route: RestRoute): Schema {
  const access = accessOf(route);
  const responses: Record<string, unknown> = { "200": answer(route) };
  const body = requestBody(route);
  if (body) responses["400"] = { description: "Invalid input, per field", content: { "application/json": { schema: ref("FieldErrors") } } };
  if (access !== "public") responses["401"] = message("No valid, unexpired token");
  if (access !== "public") responses["403"] = message("The caller's role does not allow it: the message names role, action and resource");
  if (route.action === "login") {
    responses["403"] = message("The account waits for approval");
    responses["401"] = message("Email or password is incorrect, or the two-factor code is missing or wrong (code TWO_FACTOR_REQUIRED)");
    responses["429"] = message("Too many failed sign-ins; see Retry-After");
  }
  if (route.action === "logout") responses["401"] = message("No valid, unexpired token");
  if (route.action === "register") {
    responses["403"] = message("Registration is closed");
    responses["415"] = message("The body is not JSON");
    responses["429"] = message("Too many registrations from this address; see Retry-After");
  }
  if (route.action === "update" || route.action === "remove") responses["404"] = message("No such record");
  if (route.payload === "multipart") responses["413"] = message("A file exceeds MAX_UPLOAD_MB; nothing is stored");
  if (route.action === "list")
    responses["400"] = { description: "page or perPage out of range", content: { "application/json": { schema: ref("FieldErrors") } } };
  return {
    operationId: operationIdOf(route),
    summary: route.summary,
    tags: [route.resource?.name ?? "Auth"],
    ...(access !== "public" ? { security: [{ token: [] }] } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(route.action === "list" ? { parameters: PAGING_PARAMS } : {}),
    responses,
  };
}

const operationIdOf = (route: RestRoute) =>
  route.method +
  route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

/** The OpenAPI 3.1 description of the shim, generated from the route table and the resource declarations. */
export function openApiDocument(): Schema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) (paths[`/api${route.path}`] ??= {})[route.method] = operation(route);
  paths[`/api${OPENAPI_PATH}`] = {
    get: {
      operationId: "getOpenApi",
      summary: "This document",
      tags: ["Meta"],
      responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": {} } } },
    },
  };
  const resources = [...new Map(restRoutes.filter((r) => r.resource).map((r) => [r.resource!.name, r.resource!])).values()];
  return {
    openapi: "3.1.0",
    info: {
      title: "Legacy REST API",
      version: "1.0.0",
      description:
        "The legacy routes of the original back-office, served by the same services as /graphql. " +
        "Paths are case-sensitive. Writes answer { message, success }; field errors answer 400 with { field: message }.",
    },
    paths,
    components: {
      securitySchemes: {
        token: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "The token as /api/login returns it, bare or as 'Bearer <token>'",
        },
      },
      schemas: {
        Message: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
        FieldErrors: { type: "object", additionalProperties: { type: "string" }, description: "{ field: message }, by legacy field name" },
        WriteResult: {
          type: "object",
          properties: { message: { type: "string" }, success: { const: true } },
          required: ["message", "success"],
        },
        Session: { type: "object", properties: { token: { type: "string" }, name: { type: "string" } }, required: ["token", "name"] },
        ...Object.fromEntries(resources.map((r) => [r.name, recordSchema(r)])),
      },
    },
  };
}
