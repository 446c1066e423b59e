import { createHmac, randomBytes, randomUUID } from "crypto";

/** A new signing secret, as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** A delivery's `webhook-id`: unique, and the same on each of its attempts (receivers drop repeats by it). */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, "")}`;

/**
 * The `webhook-signature` header (Standard Webhooks): `v1,` and the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with the secret's bytes.
 */
export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}
