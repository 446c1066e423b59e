import { readFileSync } from "fs";
import { buildSchema, getNamedType, graphql, GraphQLError, isObjectType, type GraphQLObjectType } from "graphql";
import { http, HttpResponse } from "msw";
import path from "path";
import type { Permission } from "../../src/providers/permissions";
import { permissionCatalogue, rolePermissions } from "./fakePermissions";

export { grid } from "./fakePermissions";

/**
 * A stand-in for the gateway in jest: the real schema (gateway/schema.graphql,
 * the contract) executed over an in-memory store with the
 * ra-data-graphql-simple conventions. Queries the admin sends that the real
 * schema would refuse fail here too. Every operation is recorded.
 */
export const schema = buildSchema(readFileSync(path.join(__dirname, "../../../gateway/schema.graphql"), "utf8"));

export type Row = Record<string, any>;

/** The fields a list sorts by, as the gateway declares them in `all<plural>`'s sortField description ("...; sortable: id, createdAt, ..."). */
export function sortableFields(plural: string): string[] {
  const description = schema
    .getQueryType()
    ?.getFields()
    [`all${plural}`]?.args.find((arg) => arg.name === "sortField")?.description;
  const listed = /sortable: (.*)$/.exec(description ?? "")?.[1];
  return listed ? listed.split(", ") : [];
}

export interface Call {
  operationName: string;
  variables: Record<string, any>;
  headers: Record<string, string>;
  multipart: boolean;
}

export interface Failure {
  message: string;
  code: string;
  fieldErrors?: Record<string, string>;
  status?: number;
}

const CONSTANT_IDENTIFIERS: Record<string, string> = {
  About: "landing_banner01",
  Feature: "landing_banner02",
  FeatureDescription: "landing_banner03",
  Roadmap: "landing_banner04",
  HomePage: "Landing_page2",
};

/** Plural used in operation names ('News' → 'News', 'User' → 'Users'), read from the schema. */
export function listTypes(): Map<string, string> {
  const map = new Map<string, string>();
  const fields = schema.getQueryType()!.getFields();
  for (const name of Object.keys(fields)) {
    const match = /^_all(.+)Meta$/.exec(name);
    if (match && fields[`all${match[1]}`]) map.set(match[1], getNamedType(fields[`all${match[1]}`].type).name);
  }
  return map;
}

const fileName = (f: unknown) => (f && typeof f === "object" && "name" in f ? String((f as File).name) : undefined);

export class FakeGateway {
  readonly calls: Call[] = [];
  private store = new Map<string, Row[]>();
  private failures = new Map<string, Failure>();
  private nextId = 1000;
  private now = Date.parse("2024-05-01T10:00:00Z");
  private plurals = listTypes();
  /** What `me { permissions }` answers; null (the default): the grid of the role in the request's token (`staff` for an unknown role). */
  permissions: Permission[] | null = null;
  /** The payload of the token the request being answered carries. */
  private caller: Row = {};
  /** Root resolvers a test adds or replaces (revisions, restoreRevision, a conflicting update...); cleared by reset(). */
  readonly resolvers: Record<string, (args: Row) => unknown> = {};

  /** Replaces a type's rows. Ids, dates and defaults are filled in. */
  seed(type: string, rows: Row[]) {
    this.store.set(
      type,
      rows.map((r, i) => ({
        id: String(i + 1),
        createdAt: this.stamp(i),
        updatedAt: this.stamp(i),
        ...("version" in this.fieldsOf(type) ? { version: 1 } : {}),
        ...r,
      })),
    );
    return this;
  }

  rows(type: string): Row[] {
    return this.store.get(type) ?? [];
  }

  /** The next call of an operation answers this error. */
  failNext(operation: string, failure: Failure) {
    this.failures.set(operation, failure);
  }

  /** Answers a root field from now on (presaleStats, revisions...; or replaces a list resource's); chainable. */
  answer(field: string, resolve: (args: Row) => unknown) {
    this.resolvers[field] = resolve;
    return this;
  }

  reset() {
    this.calls.length = 0;
    this.store.clear();
    this.failures.clear();
    this.permissions = null;
    for (const key of Object.keys(this.resolvers)) delete this.resolvers[key];
  }

  callsOf(operation: string) {
    return this.calls.filter((c) => c.operationName === operation);
  }

  lastCall(operation: string) {
    const all = this.callsOf(operation);
    return all[all.length - 1];
  }

  private stamp(offset: number) {
    return new Date(this.now + offset * 60_000).toISOString();
  }

  private fieldsOf(type: string) {
    const graphqlType = schema.getType(type);
    return isObjectType(graphqlType) ? (graphqlType as GraphQLObjectType).getFields() : {};
  }

  private list(type: string, args: Row) {
    let rows = [...this.rows(type)];
    const filter: Row = args.filter ?? {};
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === "") continue;
      if (key === "q") {
        const term = String(value).toLowerCase();
        rows = rows.filter((r) => Object.values(r).some((v) => typeof v === "string" && v.toLowerCase().includes(term)));
      } else if (key === "ids") rows = rows.filter((r) => (value as string[]).map(String).includes(String(r.id)));
      else if (key.endsWith("_gte")) rows = rows.filter((r) => r[key.slice(0, -4)] >= value);
      else if (key.endsWith("_lte")) rows = rows.filter((r) => r[key.slice(0, -4)] <= value);
      else rows = rows.filter((r) => r[key] === value);
    }
    const field = args.sortField ?? "id";
    const dir = args.sortOrder === "DESC" ? -1 : 1;
    const num = (v: unknown): string | number => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : (v as string));
    rows.sort((a, b) => (num(a[field]) > num(b[field]) ? dir : num(a[field]) < num(b[field]) ? -dir : 0));
    return rows;
  }

  private write(type: string, args: Row, existing?: Row): Row {
    const fields = this.fieldsOf(type);
    const row: Row = { ...(existing ?? {}) };
    for (const [k, v] of Object.entries(args)) {
      if (k === "id" || k === "password" || k === "password2" || k === "blockFiles") continue;
      if (k === "file") {
        if (v) row.imageUri = fileName(v);
        continue;
      }
      if (k in fields) row[k] = v;
    }
    if (Array.isArray(args.blockFiles)) {
      row.blocks = (row.blocks ?? []).map((b: Row, i: number) =>
        args.blockFiles[i] ? { ...b, imageUri: fileName(args.blockFiles[i]) } : b,
      );
    }
    if ("version" in fields) row.version = (existing?.version ?? 0) + 1;
    if (!existing) {
      row.id = String(this.nextId++);
      row.createdAt = row.updatedAt = this.stamp(this.nextId);
      if ("visible" in fields && row.visible === undefined) row.visible = true;
      if ("approved" in fields && row.approved === undefined) row.approved = true;
      if ("role" in fields && !row.role) row.role = "editor";
      if ("userCount" in fields && row.userCount === undefined) row.userCount = 0;
      if (CONSTANT_IDENTIFIERS[type]) row.identifier = CONSTANT_IDENTIFIERS[type];
    } else row.updatedAt = this.stamp(this.nextId++);
    return row;
  }

  private find(type: string, id: string) {
    const row = this.rows(type).find((r) => String(r.id) === String(id));
    if (!row) throw new GraphQLError("Not found", { extensions: { code: "NOT_FOUND" } });
    return row;
  }

  /** Root resolvers for every operation of the schema, by its name. */
  private rootValue() {
    const root: Record<string, (args: Row) => unknown> = {};
    for (const [plural, type] of this.plurals) {
      root[`all${plural}`] = (a) => {
        // As the gateway: a field it does not declare sortable is refused.
        if (a.sortField && !sortableFields(plural).includes(a.sortField)) {
          throw new GraphQLError(`Cannot sort by ${a.sortField}`, {
            extensions: { code: "BAD_USER_INPUT", fieldErrors: { sortField: `Cannot sort by ${a.sortField}` } },
          });
        }
        const rows = this.list(type, a);
        const perPage = a.perPage ?? 25;
        return rows.slice((a.page ?? 0) * perPage, ((a.page ?? 0) + 1) * perPage);
      };
      root[`_all${plural}Meta`] = (a) => ({ count: this.list(type, a).length });
      root[type] = (a) => this.find(type, a.id);
      root[`create${type}`] = (a) => {
        const row = this.write(type, a);
        this.store.set(type, [...this.rows(type), row]);
        return row;
      };
      root[`update${type}`] = (a) => {
        const current = this.find(type, a.id);
        if (a.expectedVersion !== undefined && a.expectedVersion !== null && a.expectedVersion !== current.version) {
          // The contract's refusal of a stale save; `savedBy` is whoever a test says saved last.
          const savedBy = current.savedBy ?? "someone";
          throw new GraphQLError(`Someone else changed this record since you opened it (saved by ${savedBy} at ${current.updatedAt})`, {
            extensions: { code: "CONFLICT", savedBy, savedAt: current.updatedAt, currentVersion: current.version },
          });
        }
        const row = this.write(type, a, current);
        this.store.set(
          type,
          this.rows(type).map((r) => (String(r.id) === String(a.id) ? row : r)),
        );
        return row;
      };
      root[`delete${type}`] = (a) => {
        const row = this.find(type, a.id);
        this.store.set(
          type,
          this.rows(type).filter((r) => r !== row),
        );
        return row;
      };
    }
    root.login = () => ({ token: fakeToken({ name: "admin", role: "admin" }), name: "admin" });
    root.register = () => ({
      message: "If this address can be registered, the account now waits for an administrator's approval",
      approved: false,
    });
    root.me = () => ({
      id: String(this.caller.sub ?? "1"),
      name: String(this.caller.name ?? "admin"),
      email: `${this.caller.name ?? "admin"}@example.com`,
      role: String(this.caller.role ?? "admin"),
      roleName: String(this.caller.role ?? "admin"),
      mustSetUpTwoFactor: false,
      requireTwoFactor: false,
      twoFactorEnabled: false,
      permissions: this.permissions ?? rolePermissions(String(this.caller.role ?? "admin")),
    });
    root.logout = () => true;
    // Sessions: ending marks them revoked; "current" rows are this browser's.
    const endWhere = (match: (row: Row) => boolean) => {
      let count = 0;
      this.store.set(
        "Session",
        this.rows("Session").map((row) => {
          if (row.revoked || !match(row)) return row;
          count++;
          return { ...row, revoked: true };
        }),
      );
      return count;
    };
    root.endSession = (a) => endWhere((row) => String(row.id) === String(a.id)) > 0;
    root.endOtherSessions = () => endWhere((row) => !row.current);
    root.endUserSessions = (a) => endWhere((row) => String(row.userId) === String(a.userId));
    root.permissionCatalogue = permissionCatalogue;
    // API tokens (not a generic resource): the secret only in the answer of createApiToken.
    root.createApiToken = (a) => {
      const row = this.write("ApiToken", { userId: 1, userName: "admin", readOnly: false, revoked: false, ...a });
      if (a.expiresInDays) row.expiresAt = new Date(this.now + a.expiresInDays * 86_400_000).toISOString();
      this.store.set("ApiToken", [...this.rows("ApiToken"), row]);
      return { token: `pk_${row.id.padStart(16, "0")}_fake-secret-of-token-${row.id}`, apiToken: row };
    };
    root.revokeApiToken = (a) => {
      this.find("ApiToken", a.id).revoked = true;
      return true;
    };
    // Webhooks (not a generic resource): the secret only in the answer of createWebhook; Redeliver and Send test event queue a delivery.
    root.createWebhook = (a) => {
      const row = this.write("Webhook", { enabled: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null, ...a });
      row.operations ??= ["create", "update", "delete", "restore"];
      this.store.set("Webhook", [...this.rows("Webhook"), row]);
      return { secret: `whsec_ZmFrZS1zZWNyZXQtb2Ytd2ViaG9vay0${row.id}`, webhook: row };
    };
    root.redeliverWebhook = (a) => Object.assign(this.find("WebhookDelivery", a.deliveryId), { status: "pending" });
    root.sendTestWebhook = (a) => {
      const row = this.write("WebhookDelivery", {
        webhookId: String(a.id),
        webhookMessageId: `msg_test${this.nextId}`,
        eventType: "webhook.test",
        status: "pending",
        attempts: 0,
        body: JSON.stringify({ type: "webhook.test", change: null, data: { webhookId: String(a.id) } }),
      });
      this.store.set("WebhookDelivery", [...this.rows("WebhookDelivery"), row]);
      return row;
    };
    return { ...root, ...this.resolvers };
  }

  /** The msw handlers: images by name, and POST /graphql, JSON or multipart (graphql-upload spec). */
  handlers() {
    return [this.imagesHandler(), this.graphqlHandler()];
  }

  /** GET /Images/{name}: a few bytes standing for the stored image. */
  imagesHandler() {
    return http.get("*/Images/:name", ({ params }) =>
      HttpResponse.arrayBuffer(new TextEncoder().encode(`image ${params.name}`).buffer as ArrayBuffer, {
        headers: { "content-type": "image/png" },
      }),
    );
  }

  graphqlHandler() {
    return http.post("*/graphql", async ({ request }) => {
      const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
      let body: { query: string; variables?: Row; operationName?: string };
      if (multipart) {
        const form = await request.formData();
        body = JSON.parse(String(form.get("operations")));
        const map: Record<string, string[]> = JSON.parse(String(form.get("map")));
        for (const [key, paths] of Object.entries(map)) {
          for (const fieldPath of paths) setPath(body, fieldPath, form.get(key));
        }
      } else body = (await request.json()) as typeof body;
      const operationName = body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
      const headers = Object.fromEntries(request.headers.entries());
      if (operationName !== "IntrospectionQuery") this.calls.push({ operationName, variables: body.variables ?? {}, headers, multipart });
      const failure = this.failures.get(operationName);
      if (failure) {
        this.failures.delete(operationName);
        return HttpResponse.json(
          { errors: [{ message: failure.message, extensions: { code: failure.code, fieldErrors: failure.fieldErrors } }], data: null },
          { status: failure.status ?? 200 },
        );
      }
      this.caller = payloadOf(headers.authorization);
      const result = await graphql({ schema, source: body.query, variableValues: body.variables, rootValue: this.rootValue() });
      const invalid = result.errors?.some((e) => !e.path);
      return HttpResponse.json(result, { status: invalid ? 400 : 200 });
    });
  }
}

function setPath(target: Row, dotted: string, value: unknown) {
  const keys = dotted.split(".");
  let node: Row = target;
  for (const part of keys.slice(0, -1)) node = node[part];
  node[keys[keys.length - 1]] = value;
}

/** The payload of a `Bearer <JWT>` header ({} when there is none). */
function payloadOf(authorization: string | undefined): Row {
  const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  try {
    return JSON.parse(Buffer.from(token?.split(".")[1] ?? "", "base64url").toString()) ?? {};
  } catch {
    return {};
  }
}

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

/** A JWT-shaped token (unsigned: only the gateway verifies signatures). */
let issued = 0;

export function fakeToken(payload: Record<string, unknown> = {}, expiresInSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  // Each its own session (`jti`), as the gateway's: two sign-ins within a second are two tokens, never one the admin already read `me` for.
  const claims = { sub: "1", jti: `fake-${++issued}`, iat: now, exp: now + expiresInSeconds, ...payload };
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(claims)}.signature`;
}

/** The gateway's refusal of bad input: the field errors, and a message naming them (`field: error; …`) unless one is given. */
export function badInput(fieldErrors: Record<string, string>, message?: string): Failure {
  const named = Object.entries(fieldErrors).map(([field, error]) => `${field}: ${error}`);
  return { message: message ?? named.join("; "), code: "BAD_USER_INPUT", fieldErrors };
}
