import type { SeedListener } from "@presale/db";
import { SYSTEM } from "../auth/access";
import { resources } from "../resources";
import type { Row } from "../resources/kit/define";
import type { AuditTrail } from "./trail";
import { SYSTEM_VIA } from "./via";

/** Demo content seeded at start is recorded as created by the gateway itself, in the seeding transaction. */
export const auditSeeding =
  (trail: AuditTrail): SeedListener =>
  async (tx, table, id) => {
    const resource = resources.find((declared) => declared.table === table);
    if (!resource) return;
    const after = (await tx.getRepository<Row>(resource.name).findOneBy({ id }))!;
    await trail.appendWrite(tx, resource, { actor: SYSTEM, via: SYSTEM_VIA, operation: "create", after });
  };
