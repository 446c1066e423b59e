import { ForbiddenError, UserInputError } from "../errors";
import { hashPassword } from "../auth/passwords";
import { defineResource, WriteContext } from "./kit/define";
import { f } from "./kit/fields";

export const ROLES = ["admin", "editor"];
const MIN_PASSWORD = 8;

async function passwordRules(w: WriteContext) {
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
  // An admin cannot lock themselves out.
  if (w.existing && w.actor?.id === w.existing.id) {
    if (w.values.role !== undefined && w.values.role !== "admin") w.errors.role = "You cannot remove your own admin role";
    if (w.values.approved === false) w.errors.approved = "You cannot suspend your own account";
  }
}

export const users = defineResource({
  name: "User",
  table: "users",
  doc: "An administrator of the back-office. Passwords are write-only.",
  fields: {
    name: f.string(100, { required: true, sortable: true, searchable: true }),
    email: f.email({ required: true, unique: true, searchable: true }),
    passwordHash: f.string(100, { required: true, hidden: true }),
    role: f.string(20, { required: true, oneOf: ROLES, default: "editor", filterable: true }),
    approved: f.bool(true, { filterable: true, doc: "Pending self-registrations cannot sign in until approved" }),
  },
  access: { read: "admin", write: "admin" },
  defaultSort: { field: "createdAt", order: "DESC" },
  extraArgs: {
    password: { type: "string", doc: `At least ${MIN_PASSWORD} characters; required on create` },
    password2: { type: "string", doc: "Confirmation; must equal password when given" },
  },
  hooks: {
    beforeWrite: passwordRules,
    async beforeDelete(row, actor, manager) {
      if (actor?.id === row.id) throw new ForbiddenError("You cannot delete your own account");
      if (row.role === "admin") {
        const admins = await manager.getRepository("User").countBy({ role: "admin" });
        if (admins <= 1) throw new UserInputError({ role: "The last admin cannot be deleted" });
      }
    },
  },
});
