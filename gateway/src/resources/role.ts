import type { EntityManager } from "typeorm";
import { forgetSessionsOf } from "../auth/sessionEvents";
import { catalogue, chainResources, parseCidr, policyOf } from "../auth/roles";
import { ForbiddenError, ValidationError } from "../errors";
import { defineResource, type WriteContext } from "./kit/define";
import { field } from "./kit/fields";

const fields = {
  name: field.string(20, {
    required: true,
    unique: true,
    immutable: true,
    sortable: true,
    searchable: true,
    doc: "What User.role names; cannot be changed",
  }),
  builtIn: field.bool(false, { readOnly: true, doc: "admin, editor, sale-operator and viewer: not editable" }),
  permissions: field.permissions({ doc: "The actions granted per resource (the GraphQL type name)" }),
  requireTwoFactor: field.bool(false, { doc: "Its users must turn two-factor sign-in on before anything else" }),
  ipAllowlist: field.strings(50, 43, { doc: "CIDRs (or single addresses) its users may work from; empty: anywhere" }),
};

function roleRules(write: WriteContext<typeof fields>) {
  if (write.existing?.builtIn) throw new ForbiddenError(`The built-in role ${write.existing.name} cannot be changed`);
  const { values, errors } = write;
  if (write.op === "create" && values.permissions === undefined) values.permissions = [];
  if (write.op === "create" && values.ipAllowlist === undefined) values.ipAllowlist = [];
  if (Array.isArray(values.permissions)) {
    const offered = catalogue();
    const problems: string[] = [];
    for (const { resource, actions } of values.permissions as { resource: string; actions: string[] }[]) {
      const allowed = offered.get(resource);
      if (!allowed) problems.push(`${resource} is not a resource`);
      else {
        const unknown = actions.filter((action) => !(allowed as string[]).includes(action));
        if (unknown.length)
          problems.push(
            `${resource} does not offer ${unknown.join(", ")}${unknown.includes("chain") ? ` (chain: ${chainResources().join(", ")})` : ""}`,
          );
        if (policyOf(resource).givesRights && actions.some((action) => action !== "read" && action !== "export"))
          problems.push(`only the built-in admin role writes ${resource}`);
      }
    }
    if (problems.length) errors.permissions = problems.join("; ");
  }
  if (Array.isArray(values.ipAllowlist)) {
    const bad = (values.ipAllowlist as string[]).filter((cidr) => !parseCidr(cidr));
    if (bad.length) errors.ipAllowlist = `Not an address or CIDR: ${bad.join(", ")}`;
  }
}

/** The users of a role: their cached sessions are stale once it changed (every replica, through the session marks). */
async function forgetUsersOf(name: string, manager: EntityManager) {
  const users = await manager.getRepository<{ id: number }>("User").find({ select: { id: true }, where: { role: name } as object });
  await Promise.all(users.map((user) => forgetSessionsOf(user.id)));
}

export const Role = defineResource({
  name: "Role",
  doc: "A role: the actions its users may take per resource, and optionally two-factor and an IP allowlist. Admins only.",
  fields,
  area: "security",
  policy: { personal: true, givesRights: true },
  hooks: {
    beforeWrite: roleRules,
    async afterWrite(row, write) {
      if (write.op === "update") await forgetUsersOf(row.name, write.manager);
    },
    async beforeDelete(row, _actor, manager) {
      if (row.builtIn) throw new ForbiddenError(`The built-in role ${row.name} cannot be deleted`);
      const users = await manager.getRepository("User").countBy({ role: row.name });
      if (users) throw new ValidationError({ name: `The role ${row.name} is given to ${users} user(s): give them another role first` });
    },
  },
});
