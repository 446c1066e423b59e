import type { ClientInfo } from "../auth/clientInfo";
import type { AuthUser } from "../auth/tokens";
import type { Via } from "../audit/via";
import { NotFoundError, ValidationError } from "../errors";
import type { Resource, Row } from "../resources/kit/define";
import { resourceLabel, savedMessage } from "../resources/kit/messages";
import type { ResourceService } from "../resources/kit/service";
import { normaliseField } from "../resources/kit/validate";
import type { Services } from "../services";
import type { LegacyRequest } from "./body";
import { inputOf, toLegacy } from "./legacy";
import type { RestRoute } from "./routes";

export interface Caller {
  user?: AuthUser;
  client: ClientInfo;
  /** How its writes are recorded in the audit trail. */
  via: Via;
}

const isMissing = (v: unknown) => v === undefined || v === null || v === "";

/** The value of the route's key field (`_id` by default), as the model stores it. */
function keyOf(route: RestRoute, resource: Resource, body: Record<string, unknown>): { field: string; value: unknown } {
  const by = route.by ?? { param: "_id", field: "id" };
  const raw = Object.prototype.hasOwnProperty.call(body, by.param) ? body[by.param] : undefined;
  if (isMissing(raw)) throw new ValidationError({ [by.param]: `${by.param} is required` });
  if (by.field === "id") {
    if (typeof raw !== "string" && typeof raw !== "number") throw new ValidationError({ [by.param]: `${by.param} must be a record id` });
    return { field: "id", value: raw };
  }
  const normalised = normaliseField(by.field, resource.fields[by.field], raw);
  if ("error" in normalised) throw new ValidationError({ [by.param]: normalised.error });
  if (!("value" in normalised) || isMissing(normalised.value)) throw new ValidationError({ [by.param]: `${by.param} is required` });
  return { field: by.field, value: normalised.value };
}

/** The record a write route names, within the route's scope; 404 when there is none. */
async function targetOf(
  route: RestRoute,
  resource: Resource,
  service: ResourceService,
  body: Record<string, unknown>,
  caller: Caller,
): Promise<Row> {
  const key = keyOf(route, resource, body);
  if (key.field === "id" && !route.scope) return service.get(key.value, caller.user);
  const filter = { ...route.scope, ...(key.field === "id" ? { ids: [key.value] } : { [key.field]: key.value }) };
  const [row] = await service.list({ filter, perPage: 1 }, caller.user);
  if (!row) throw new NotFoundError(`${resourceLabel(resource)} not found`);
  return row;
}

/** A list route's filter: its fixed scope, and the record key it is asked for, if any. */
export function listFilter(route: RestRoute, resource: Resource, body: Record<string, unknown>): Record<string, unknown> {
  const filter: Record<string, unknown> = { ...route.scope };
  if (route.by) {
    const key = keyOf(route, resource, body);
    filter[key.field] = key.value;
  }
  return filter;
}

const written = (message: string, resource: Resource, row: Row) => ({ message, success: true, data: toLegacy(resource, row) });

/** Runs a route's operation through the services and answers in the legacy shape. */
export async function perform(route: RestRoute, services: Services, caller: Caller, request: LegacyRequest): Promise<unknown> {
  const { body, files } = request;
  if (route.action === "login") return services.auth.signIn.login(body.email, body.password, caller.client, body.code, caller.via);
  if (route.action === "logout") return { success: await services.auth.sessions.logout(caller.user), message: "Signed out" };
  if (route.action === "register") {
    const outcome = await services.auth.registration.register(inputOf(route, body, files), caller.client, caller.via);
    return { message: outcome.message, success: true };
  }

  const resource = route.resource!;
  const service = services.resource(resource);
  const label = resourceLabel(resource);
  switch (route.action) {
    case "create": {
      const row = await service.create(inputOf(route, body, files), caller.user, caller.via);
      return written(savedMessage(resource, "create"), resource, row);
    }
    case "update": {
      const target = await targetOf(route, resource, service, body, caller);
      const row = await service.update(target.id, inputOf(route, body, files), caller.user, caller.via);
      const message =
        route.fields?.length === 1 && route.fields[0] === "visible"
          ? `${label} ${row.visible ? "shown" : "hidden"}`
          : savedMessage(resource, "update");
      return route.answer === "status" ? { status: 1, message } : written(message, resource, row);
    }
    case "remove": {
      const target = await targetOf(route, resource, service, body, caller);
      const row = await service.remove(target.id, caller.user, caller.via);
      return written(savedMessage(resource, "remove"), resource, row);
    }
    default:
      // Lists are streamed by listAnswer.ts.
      throw new Error(`perform() does not answer ${route.action} routes`);
  }
}
