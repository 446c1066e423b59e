import type { Change } from "../changes/feed";
import type { AnyResource, Row } from "../resources/kit/define";
import { snapshotOf } from "../audit/changes";

/** The operations an endpoint may ask for (its `operations`); other audited operations are never delivered. */
export const WEBHOOK_OPERATIONS = ["create", "update", "delete", "restore"] as const;

/** The event type of a test delivery (Send test event). */
export const TEST_EVENT = "webhook.test";

/** A delivery's JSON body. */
export interface WebhookPayload {
  /** `<resource>.<operation>` (`News.create`), or `webhook.test`. */
  type: string;
  /** When the change was written (ISO 8601). */
  timestamp: string;
  change: Change | null;
  /** The record after the write, as a read of it returns it (no secrets); null after a delete and for a test. */
  data: Record<string, unknown> | null;
}

/** A record as the API's read returns it: its id, its exposed fields (hidden ones left out), its version and times. */
export function recordView(resource: AnyResource, row: Row): Record<string, unknown> {
  return {
    id: String(row.id),
    ...snapshotOf(resource, row),
    ...(typeof row.version === "number" && { version: row.version }),
    createdAt: row.createdAt ?? null,
    updatedAt: row.updatedAt ?? null,
  };
}

export const changePayload = (change: Change, data: Record<string, unknown> | null): WebhookPayload => ({
  type: `${change.resource}.${change.op}`,
  timestamp: change.at,
  change,
  data,
});

export const testPayload = (webhookId: string): WebhookPayload => ({
  type: TEST_EVENT,
  timestamp: new Date().toISOString(),
  change: null,
  data: { webhookId },
});
