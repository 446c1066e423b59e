import { Wallet } from "ethers";
import type { Resource } from "../../src/resources/kit/define";
import type { FieldSpec } from "../../src/resources/kit/fields";
import { sortFieldsOf } from "../../src/resources/kit/query";
import { files } from "./files";

/** A valid value of a field for the n-th sample record (n orders the samples). */
export function sampleValue(name: string, spec: FieldSpec, seq: number): unknown {
  switch (spec.kind) {
    case "string":
      // A user's role names a role row: the two every product had before custom roles.
      if (name === "role") return ["admin", "editor"][seq % 2];
      if (spec.oneOf) return spec.oneOf[seq % spec.oneOf.length];
      if (spec.format === "email") return `user${seq}@example.com`;
      if (spec.format === "url") return `https://example.com/video/${seq}`;
      if (spec.format === "ip") return `10.0.0.${seq}`;
      return `${name} sample ${seq}`.slice(0, spec.max);
    case "text":
      return `Text ${seq} for ${name}`;
    case "html":
      return `<p>Rich <strong>${seq}</strong></p>`;
    case "int":
      return Math.min(spec.max ?? 1000, (spec.min ?? 0) + seq);
    case "bool":
      return seq % 2 === 0;
    case "address":
      return Wallet.createRandom().address;
    case "amount":
      return `${seq}.5`;
    case "blocks":
      return [{ title: `Block ${seq}`, description: `About ${seq}` }];
    case "permissions":
      return [{ resource: "News", actions: ["read"] }];
    case "strings":
      return [`10.${seq % 256}.0.0/16`];
    default:
      return undefined;
  }
}

export interface Sample {
  vars: Record<string, unknown>;
  files: Record<string, Buffer>;
}

/** The variables of a create mutation for sample n, with an image for each image field. */
export function sampleInput(resource: Resource, seq: number): Sample {
  const vars: Record<string, unknown> = {};
  const uploads: Record<string, Buffer> = {};
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.hidden || spec.readOnly || spec.kind === "constant") continue;
    if (spec.kind === "image") {
      uploads[spec.upload] = files.png;
      vars[spec.upload] = null;
    } else vars[name] = sampleValue(name, spec, seq);
  }
  if (resource.extraArgs?.password) Object.assign(vars, { password: "a-good-password", password2: "a-good-password" });
  return { vars, files: uploads };
}

/** The GraphQL argument type of a field kind; the other kinds travel as String. */
const GQL_TYPE: Partial<Record<FieldSpec["kind"], string>> = {
  int: "Int",
  bool: "Boolean",
  blocks: "[ContentBlockInput!]",
  permissions: "[PermissionInput!]",
  strings: "[String!]",
  image: "Upload",
};
const gqlType = (spec: FieldSpec) => GQL_TYPE[spec.kind] ?? "String";

/** The argument list and variable declarations of a create/update mutation. */
export function mutationSignature(resource: Resource, withId = false) {
  const args: [string, string][] = withId ? [["id", "ID!"]] : [];
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.hidden || spec.readOnly || spec.kind === "constant") continue;
    args.push(spec.kind === "image" ? [spec.upload, "Upload"] : [name, gqlType(spec)]);
  }
  for (const [name, extra] of Object.entries(resource.extraArgs ?? {})) args.push([name, extra.type === "uploads" ? "[Upload]" : "String"]);
  return {
    decl: args.map(([n, t]) => `$${n}: ${t}`).join(", "),
    pass: args.map(([n]) => `${n}: $${n}`).join(", "),
  };
}

/** Every exposed field, for selection sets. */
export function selection(resource: Resource) {
  const fields = Object.entries(resource.fields)
    .filter(([, s]) => !s.hidden)
    .map(([n, s]) =>
      s.kind === "blocks" ? `${n} { title description imageUri }` : s.kind === "permissions" ? `${n} { resource actions }` : n,
    );
  return `id ${fields.join(" ")} createdAt updatedAt`;
}

export const sortableField = (r: Resource) => sortFieldsOf(r).find((f) => !["id", "createdAt", "updatedAt"].includes(f));
