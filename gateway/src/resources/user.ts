import { ForbiddenError, ValidationError } from "../errors";
import { hashPassword } from "../auth/passwords";
import { endSessionsOf, forgetSessionsOf } from "../auth/sessionEvents";
import { defineResource, WriteContext } from "./kit/define";
import { f } from "./kit/fields";

export const ROLES = ["admin", "editor"];
const MIN_PASSWORD = 8;

const fields = {
  name: f.string(100, { required: true, sortable: true, searchable: true }),
  email: f.email({ required: true, unique: true, searchable: true }),
  passwordHash: f.string(100, { required: true, hidden: true }),
  role: f.string(20, { required: true, oneOf: ROLES, default: "editor", filterable: true }),
  approved: f.bool(true, { filterable: true, doc: "Pending self-registrations cannot sign in until approved" }),
  twoFactorEnabled: f.bool(false, { readOnly: true, doc: "Two-factor sign-in (TOTP) is on; only its owner turns it on or off" }),
  // Bumped when the role or the approval changes: every token of the user ends.
  tokenVersion: f.int({ hidden: true }),
  twoFactorSecret: f.string(64, { hidden: true }),
  /** SHA-256 hashes of the unused recovery codes, as JSON. */
  twoFactorRecovery: f.text({ hidden: true }),
  /** The last TOTP time step accepted: a code is good once. */
  twoFactorLastStep: f.int({ hidden: true }),
};

async function passwordRules(w: WriteContext<typeof fields>) {
  const { password, password2 } = w.input as { password?: string | null; password2?: string | null };
  if (typeof w.values.email === "string") w.values.email = w.values.email.toLowerCase();
  if (password === undefined || password === null || password === "") {
    if (w.op === "create") w.errors.password = "Password is required";
  } else if (typeof password !== "string" || password.length < MIN_PASSWORD || password.length > 200) {
    w.errors.password = `Password must be ${MIN_PASSWORD} to 200 characters`;
  } else if (password2 !== undefined && password2 !== null && password2 !== password) {
    w.errors.password2 = "Passwords do not match";
  } else {
    w.values.passwordHash = await hashPassword(password);
  }
  // A new role or a withdrawn approval ends every session of the user (the token version no longer matches).
  if (w.existing && ((w.values.role !== undefined && w.values.role !== w.existing.role) || (w.values.approved === false && w.existing.approved))) {
    w.values.tokenVersion = (w.existing.tokenVersion ?? 0) + 1;
  }
  // An admin cannot lock themselves out.
  if (w.existing && w.actor?.id === w.existing.id) {
    if (w.values.role !== undefined && w.values.role !== "admin") w.errors.role = "You cannot remove your own admin role";
    if (w.values.approved === false) w.errors.approved = "You cannot suspend your own account";
  }
}

export const User = defineResource({
  name: "User",
  table: "users",
  doc: "An administrator of the back-office. Passwords are write-only.",
  fields,
  access: { read: "admin", write: "admin" },
  defaultSort: { field: "createdAt", order: "DESC" },
  extraArgs: {
    password: { type: "string", doc: `At least ${MIN_PASSWORD} characters; required on create` },
    password2: { type: "string", doc: "Confirmation; must equal password when given" },
  },
  hooks: {
    beforeWrite: passwordRules,
    async afterWrite(row, w) {
      if (w.op !== "update") return;
      // A new password ends the user's other sessions; the one that changed it (if theirs) goes on.
      if (w.values.passwordHash !== undefined) await endSessionsOf(w.manager, row.id, w.actor?.id === row.id ? w.actor.sessionId : undefined);
      if (w.values.tokenVersion !== undefined) forgetSessionsOf(row.id);
    },
    async beforeDelete(row, actor, manager) {
      if (actor?.id === row.id) throw new ForbiddenError("You cannot delete your own account");
      if (row.role === "admin") {
        const admins = await manager.getRepository("User").countBy({ role: "admin" });
        if (admins <= 1) throw new ValidationError({ role: "The last admin cannot be deleted" });
      }
    },
  },
});
