import type { ClientInfo } from "../auth/clientInfo";

/** The caller's address (as TRUST_PROXY allows reading it) and browser. */
export const clientOf = (req: { ip?: string; headers: Record<string, string | string[] | undefined> }): ClientInfo => ({
  ip: req.ip ?? "unknown",
  userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : undefined,
});
