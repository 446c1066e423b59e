import type { Grantable } from "./auth/permissions";
import { SALE_INSIGHT } from "./chain/indexer/saleInsight";
import { resources } from "./resources";
import { WEBHOOK_GRANT } from "./webhooks/permission";

/**
 * What the roles grant actions on: every resource, the sale insight and webhooks. Told to auth/roles.ts by
 * whatever assembles the services (the roles depend on no resource, so the Role resource can use them).
 */
export const grantables: readonly Grantable[] = [...resources, SALE_INSIGHT, WEBHOOK_GRANT];
