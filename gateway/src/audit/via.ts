/** How a change reached the gateway: the audit trail records it with each event. */
export const AUDIT_TRANSPORTS = ["graphql", "rest", "system", "chain"] as const;
export type AuditTransport = (typeof AUDIT_TRANSPORTS)[number];

/**
 * How a write reached the gateway, for the audit trail: the transport, the
 * request (its X-Request-Id) and the caller's address; chain actions also name
 * their transaction. Transports pass it beside the actor; the gateway's own
 * work (seeding, reconcile, retention) is SYSTEM_VIA.
 */
export interface Via {
  transport: AuditTransport;
  requestId?: string;
  ip?: string;
  txHash?: string;
  chainId?: number;
}

export const SYSTEM_VIA: Via = { transport: "system" };

/** The Via of an HTTP request (app.ts names every request; the IP as TRUST_PROXY allows reading it). */
export const viaOf = (req: { id?: unknown; ip?: string }, transport: "graphql" | "rest"): Via => ({
  transport,
  requestId: typeof req.id === "string" ? req.id.slice(0, 64) : undefined,
  ip: req.ip?.slice(0, 45),
});
