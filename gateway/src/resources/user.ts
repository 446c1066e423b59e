import { type EntityManager, In } from "typeorm";
import { ForbiddenError, ValidationError } from "../errors";
import { may } from "../auth/access";
import type { Grid } from "../auth/permissions";
import { hashPassword } from "../auth/passwords";
import { type RoleRow, rulesOf } from "../auth/roles";
import { endSessionsOf, forgetSessionsOf } from "../auth/sessionEvents";
import { defineResource, NEWEST_FIRST, WriteContext } from "./kit/define";
import { field } from "./kit/fields";

const MIN_PASSWORD = 8;
const LAST_ADMIN_ROLE = "The last admin cannot lose the admin role: make another user admin first";

const fields = {
  name: field.string(100, { required: true, sortable: true, searchable: true }),
  email: field.email({ required: true, unique: true, searchable: true }),
  passwordHash: field.string(100, { required: true, hidden: true }),
  role: field.string(20, {
    required: true,
    default: "editor",
    filterable: true,
    sortable: true,
    doc: "The user's role: admin, editor, sale-operator, viewer or a custom role's name (allRoles)",
  }),
  approved: field.bool(true, { filterable: true, doc: "Pending self-registrations cannot sign in until approved" }),
  twoFactorEnabled: field.bool(false, { readOnly: true, doc: "Two-factor sign-in (TOTP) is on; only its owner turns it on or off" }),
  // Bumped when the role or the approval changes: every token of the user ends.
  tokenVersion: field.int({ hidden: true }),
  twoFactorSecret: field.string(64, { hidden: true }),
  /** SHA-256 hashes of the unused recovery codes, as JSON. */
  twoFactorRecovery: field.text({ hidden: true }),
  /** The last TOTP time step accepted: a code is good once. */
  twoFactorLastStep: field.int({ hidden: true }),
};

/**
 * An administrator, to the rules below, is whoever may manage users and roles: a role that may update both
 * hands out every right, so the back-office must always keep one, and only such a person gives roles.
 */
const manages = (grant: Grid) => Boolean(grant.get("User")?.has("update") && grant.get("Role")?.has("update"));

/** The roles whose users are administrators, read in the write's transaction. */
async function managingRoles(manager: EntityManager): Promise<Set<string>> {
  const rows = await manager.getRepository<RoleRow>("Role").find();
  return new Set(rows.filter((row) => manages(rulesOf(row).grant)).map((row) => row.name));
}

/** How many users are administrators. */
async function administrators(manager: EntityManager, roles: Set<string>): Promise<number> {
  if (!roles.size) return 0;
  return manager.getRepository("User").countBy({ role: In([...roles]) });
}

async function passwordRules(write: WriteContext<typeof fields>) {
  const { password, password2 } = write.input as { password?: string | null; password2?: string | null };
  if (typeof write.values.email === "string") write.values.email = write.values.email.toLowerCase();
  if (password === undefined || password === null || password === "") {
    if (write.op === "create") write.errors.password = "Password is required";
  } else if (typeof password !== "string" || password.length < MIN_PASSWORD || password.length > 200) {
    write.errors.password = `Password must be ${MIN_PASSWORD} to 200 characters`;
  } else if (password2 !== undefined && password2 !== null && password2 !== password) {
    write.errors.password2 = "Passwords do not match";
  } else {
    write.values.passwordHash = await hashPassword(password);
  }
  // A new role or a withdrawn approval ends every session of the user (the token version no longer matches).
  if (
    write.existing &&
    ((write.values.role !== undefined && write.values.role !== write.existing.role) ||
      (write.values.approved === false && write.existing.approved))
  ) {
    write.values.tokenVersion = (write.existing.tokenVersion ?? 0) + 1;
  }
  const role = write.values.role;
  const changesRole = typeof role === "string" && role !== write.existing?.role;
  if (changesRole) {
    // Only an administrator hands out roles (the gateway itself too: registration, the first admin).
    if (
      write.actor &&
      !(may({ action: "update", resource: "User" }, write.actor) && may({ action: "update", resource: "Role" }, write.actor))
    )
      write.errors.role = `Your role (${write.actor.role}) may not give roles: only admins do`;
    else if (!(await write.manager.getRepository("Role").existsBy({ name: role }))) write.errors.role = `No role is named ${role}`;
  }
  const admins = changesRole && write.existing ? await managingRoles(write.manager) : undefined;
  const demoted = Boolean(admins?.has(write.existing!.role) && !admins.has(role as string));
  // An admin cannot lock themselves out (the same answer whether or not they are the last admin).
  if (write.existing && write.actor?.id === write.existing.id) {
    if (demoted) write.errors.role = "You cannot remove your own admin role";
    if (write.values.approved === false) write.errors.approved = "You cannot suspend your own account";
  }
  // The back-office always keeps an admin: whoever else asks (a script, the gateway's own work), the last one keeps the role.
  if (demoted && !write.errors.role && (await administrators(write.manager, admins!)) <= 1) {
    write.errors.role = LAST_ADMIN_ROLE;
  }
}

export const User = defineResource({
  name: "User",
  doc: "An administrator of the back-office. Passwords are write-only.",
  fields,
  area: "security",
  policy: { personal: true, givesRights: true },
  defaultSort: NEWEST_FIRST,
  extraArgs: {
    password: { type: "string", doc: `At least ${MIN_PASSWORD} characters; required on create` },
    password2: { type: "string", doc: "Confirmation; must equal password when given" },
  },
  hooks: {
    beforeWrite: passwordRules,
    async afterWrite(row, write) {
      if (write.op !== "update") return;
      // A new password ends the user's other sessions; the one that changed it (if theirs) goes on.
      if (write.values.passwordHash !== undefined)
        await endSessionsOf(write.manager, row.id, write.actor?.id === row.id ? write.actor.sessionId : undefined);
      if (write.values.tokenVersion !== undefined) await forgetSessionsOf(row.id);
    },
    async beforeDelete(row, actor, manager) {
      if (actor?.id === row.id) throw new ForbiddenError("You cannot delete your own account");
      const admins = await managingRoles(manager);
      if (admins.has(row.role)) {
        if ((await administrators(manager, admins)) <= 1)
          throw new ValidationError({ role: "The last admin cannot be deleted: make another user admin first" });
      }
    },
  },
});
