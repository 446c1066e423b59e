import { defineResource, INDEXED_ROW_COST, NEWEST_FIRST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";
import { AUDIT_TRANSPORTS } from "../audit/via";

/** `denied`: an attempt the caller's role does not allow (nothing was written); `changes` names the action. */
export const AUDIT_OPERATIONS = ["create", "update", "delete", "restore", "status", "denied"] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/**
 * One change to one record, appended in the transaction that made it (the
 * audit trail). Append-only: no mutation is offered, and only the gateway's
 * writers (audit/trail.ts) and its retention insert or delete rows.
 */
export const AuditEvent = defineResource({
  name: "AuditEvent",
  doc: "A change to a record: who (actor), how (transport, request), what (resource, record, operation) and the changed fields.",
  fields: {
    actorId: field.int({ filterable: true, doc: "The user who acted; null when the gateway itself acted" }),
    actorName: field.string(100, { required: true, sortable: true, searchable: true, doc: "The user's name, 'system' or 'anonymous'" }),
    transport: field.string(16, { required: true, oneOf: [...AUDIT_TRANSPORTS], filterable: true, sortable: true }),
    requestId: field.string(64),
    ip: field.string(45),
    resource: field.string(64, {
      required: true,
      filterable: true,
      sortable: true,
      searchable: true,
      doc: "The GraphQL type name of the record",
    }),
    recordId: field.string(64, { filterable: true }),
    operation: field.string(16, { required: true, oneOf: [...AUDIT_OPERATIONS], filterable: true, sortable: true }),
    changes: field.text({
      required: true,
      doc: "JSON array of { field, before, after }, { field, diff } (rich and long text) or { field, redacted: true } (secrets)",
    }),
    txHash: field.string(66, { sortable: true, doc: "The chain transaction, for chain actions the gateway recorded" }),
    chainId: field.int(),
    /** The record's values right after the event (before it, for a delete), secrets left out: what a revision shows and restores. */
    snapshot: field.text({ hidden: true }),
  },
  area: "security",
  operations: NO_MUTATIONS,
  rowCost: INDEXED_ROW_COST,
  defaultSort: NEWEST_FIRST,
  // The default sort and each filter, newest first, by index at millions of rows (id breaks ties of the same second).
  indexes: [
    ["createdAt", "id"],
    ["actorId", "createdAt", "id"],
    ["resource", "createdAt", "id"],
    ["resource", "recordId", "createdAt", "id"],
    ["recordId", "createdAt", "id"],
    ["operation", "createdAt", "id"],
    ["transport", "createdAt", "id"],
    // Each sortable column, by index (the Activity screen's headers).
    ["actorName", "id"],
    ["transport", "id"],
    ["resource", "id"],
    ["operation", "id"],
    ["txHash", "id"],
  ],
});
