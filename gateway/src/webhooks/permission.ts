import type { Grantable } from "../auth/permissions";

/** Webhook endpoints and their deliveries: the resource name of their permission and of their audit events. */
export const WEBHOOK = "Webhook";

/**
 * Webhooks carry records out of the product to any address: a permission of its own with people and security
 * (the built-in admin role's alone), managed by a signed-in person, never by an API token.
 */
export const WEBHOOK_GRANT: Grantable = {
  name: WEBHOOK,
  area: "security",
  actions: ["read", "create", "update", "delete"],
  policy: { personal: true },
};
