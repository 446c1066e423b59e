import { type Actor, may } from "../auth/access";
import { BadRequestError, NotFoundError } from "../errors";
import { listOf } from "./outbox";
import { TEST_EVENT } from "./payload";

/** An endpoint as the API shows it (never its secret). */
export interface WebhookView {
  id: string;
  url: string;
  description: string | null;
  resources: string[];
  operations: string[];
  enabled: boolean;
  /** Failed deliveries in a row (reset by a delivered one). */
  consecutiveFailures: number;
  /** When the worker disabled it after WEBHOOK_MAX_FAILURES failed deliveries in a row, and why; null otherwise. */
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryView {
  id: string;
  webhookId: string;
  webhookMessageId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  lastError: string | null;
  /** The JSON body sent, or HIDDEN_BODY's text when the caller may not read the record it carries. */
  body: string;
  /** Whether `body` is withheld from this caller. */
  bodyHidden: boolean;
  createdAt: Date;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

export interface WebhookInput {
  url?: string | null;
  description?: string | null;
  resources?: string[] | null;
  operations?: string[] | null;
  enabled?: boolean | null;
}

export interface ListParams<F> {
  page?: number;
  perPage?: number;
  sortField?: string;
  sortOrder?: string;
  filter?: F;
}

export const WEBHOOK_SORT_FIELDS = ["id", "url", "description", "enabled", "consecutiveFailures", "createdAt", "updatedAt"];
export const DELIVERY_SORT_FIELDS = ["id", "eventType", "status", "attempts", "responseStatus", "latencyMs", "createdAt", "deliveredAt"];
export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"];

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

export const webhookOf = (row: Record<string, unknown>): WebhookView => ({
  id: String(row.id),
  url: String(row.url),
  description: str(row.description),
  resources: listOf(row.resources),
  operations: listOf(row.operations),
  enabled: Boolean(Number(row.enabled)),
  consecutiveFailures: Number(row.consecutiveFailures),
  disabledAt: date(row.disabledAt),
  disabledReason: str(row.disabledReason),
  createdAt: date(row.createdAt)!,
  updatedAt: date(row.updatedAt)!,
});

/** The resource whose record a delivery carries (`News` of `News.create`); none for a test event. */
const carried = (eventType: string) => (eventType === TEST_EVENT ? undefined : eventType.slice(0, eventType.lastIndexOf(".")));

/** What a caller who may not read the carried resource sees instead of the body: it names what was withheld, and why. */
export const hiddenBody = (resource: string) => `Hidden: your role may not read ${resource}`;

/**
 * A delivery as `actor` may see it: its body holds a record (a User.create's e-mail and role), so it is shown only to
 * whoever may read that record's resource, as a read of the record itself would; managing webhooks is not enough.
 */
export const deliveryOf = (row: Record<string, unknown>, actor: Actor): DeliveryView => {
  const resource = carried(String(row.eventType));
  const hidden = resource !== undefined && !may({ action: "read", resource }, actor);
  return {
    id: String(row.id),
    webhookId: String(row.webhookId),
    webhookMessageId: String(row.messageId),
    eventType: String(row.eventType),
    status: String(row.status),
    attempts: Number(row.attempts),
    responseStatus: num(row.responseStatus),
    latencyMs: num(row.latencyMs),
    lastError: str(row.lastError),
    body: hidden ? hiddenBody(resource) : String(row.body),
    bodyHidden: hidden,
    createdAt: date(row.createdAt)!,
    nextAttemptAt: row.status === "pending" ? date(row.nextAttemptAt) : null,
    deliveredAt: date(row.deliveredAt),
  };
};

export const pageOf = (params: ListParams<unknown>, sortable: string[]) => {
  const field = params.sortField ?? "id";
  if (!sortable.includes(field)) throw new BadRequestError({ sortField: `Cannot sort by ${field}` });
  const order = String(params.sortOrder).toUpperCase() === "ASC" ? "ASC" : "DESC";
  const perPage = Math.min(Math.max(Number(params.perPage ?? 25) || 25, 1), 1000);
  const page = Math.max(Number(params.page ?? 0) || 0, 0);
  return `ORDER BY ${field} ${order}, id ${order} LIMIT ${perPage} OFFSET ${page * perPage}`;
};

export const idOf = (id: unknown, what: string) => {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number < 1) throw new NotFoundError(`No ${what} ${String(id)}`);
  return number;
};
