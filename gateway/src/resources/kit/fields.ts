/**
 * The field vocabulary of a resource declaration. One spec per field drives the
 * database column, the GraphQL types, the validation and the legacy REST name.
 */
import type { ImageField, ImageRule } from "@presale/abis";

export type { ImageField, ImageKind, ImageRule } from "@presale/abis";

export interface Common {
  /** The name on the legacy REST routes (docs/legacy-api.md), when it differs from the field name. */
  legacy?: string;
  /** Must be present (non-empty) on create, and may not be emptied on update. */
  required?: boolean;
  /** Lists may sort on it (the column is indexed). */
  sortable?: boolean;
  /** The filter input takes it (the column is indexed). */
  filterable?: boolean;
  /** `q` searches it. */
  searchable?: boolean;
  unique?: boolean;
  /** Set on create, refused on update when it differs. */
  immutable?: boolean;
  /** Stored but never exposed nor written through the API (a password hash). */
  hidden?: boolean;
  /** Exposed but never written through the API. */
  readOnly?: boolean;
  /** Human label for error messages. */
  label?: string;
  /** GraphQL description. */
  doc?: string;
  /** Used on create when no value is given. */
  default?: unknown;
}

export type FieldSpec = Common &
  (
    | { kind: "string"; max: number; format?: "email" | "url" | "ip"; oneOf?: string[] }
    | { kind: "text"; max?: number }
    | { kind: "html" }
    | { kind: "int"; min?: number; max?: number }
    | { kind: "bool"; default: boolean }
    | { kind: "address" }
    | { kind: "amount" }
    | { kind: "uint" }
    | { kind: "datetime" }
    | { kind: "image"; rule: ImageRule; updateRule?: ImageRule; upload: string }
    | { kind: "constant"; value: string }
    | { kind: "blocks" }
    | { kind: "permissions" }
    | { kind: "strings"; maxItems: number; maxLength: number }
  );

export type Fields = Record<string, FieldSpec>;

type Opts<K extends FieldSpec["kind"]> = Omit<Extract<FieldSpec, { kind: K }>, "kind">;

/*
 * Each helper keeps the literal options it was given (`const O`), so a
 * resource's row and input types can be read off its declaration: a
 * `required: true` field is never null, an int is a number, and so on.
 */
export const field = {
  string: <const O extends Partial<Opts<"string">> = Record<never, never>>(max = 255, o: O = {} as O) => ({
    kind: "string" as const,
    max,
    ...o,
  }),
  email: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({
    kind: "string" as const,
    max: 190,
    format: "email" as const,
    ...o,
  }),
  url: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({
    kind: "string" as const,
    max: 500,
    format: "url" as const,
    ...o,
  }),
  text: <const O extends Partial<Opts<"text">> = Record<never, never>>(o: O = {} as O) => ({ kind: "text" as const, ...o }),
  html: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "html" as const, ...o }),
  int: <const O extends Partial<Opts<"int">> = Record<never, never>>(o: O = {} as O) => ({ kind: "int" as const, ...o }),
  bool: <const O extends Omit<Common, "default"> = Record<never, never>>(defaultValue: boolean, o: O = {} as O) => ({
    kind: "bool" as const,
    default: defaultValue,
    ...o,
  }),
  address: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "address" as const, ...o }),
  amount: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "amount" as const, ...o }),
  /** An exact unsigned integer of base units (a uint256 read from the chain), as decimal text; sorts numerically on both engines. */
  uint: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "uint" as const, ...o }),
  /** A point in time (a block's time); filterable fields take _gte/_lte ranges. */
  datetime: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "datetime" as const, ...o }),
  /**
   * An image column taking the kinds of its field's rule, from @presale/abis's
   * IMAGE_FIELDS (the admin checks the same entry at selection), through the
   * `file` argument (legacy `logoURI`) unless told otherwise.
   */
  image: <const O extends Partial<Omit<Opts<"image">, "rule" | "updateRule">> = Record<never, never>>(
    image: ImageField,
    o: O = {} as O,
  ) => ({
    kind: "image" as const,
    rule: image.rule,
    ...(image.updateRule ? { updateRule: image.updateRule } : {}),
    upload: "file" as const,
    legacy: "logoURI",
    ...o,
  }),
  /** A server-set value, such as a content section's fixed landing identifier. */
  constant: <const O extends Common = Record<never, never>>(value: string, o: O = {} as O) => ({
    kind: "constant" as const,
    value,
    readOnly: true as const,
    ...o,
  }),
  /** Landing content blocks: a list of { title, description, imageUri }. */
  blocks: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "blocks" as const, ...o }),
  /** A role's grant: a list of { resource, actions } (auth/permissions.ts), stored as JSON text. */
  permissions: <const O extends Common = Record<never, never>>(o: O = {} as O) => ({ kind: "permissions" as const, ...o }),
  /** A short list of short texts (an IP allowlist), stored as JSON text. */
  strings: <const O extends Common = Record<never, never>>(maxItems: number, maxLength: number, o: O = {} as O) => ({
    kind: "strings" as const,
    maxItems,
    maxLength,
    ...o,
  }),
};

/** The Title and Heading every content block of the public site opens with (Title required). */
export const titleAndHeading = () => ({
  title: field.string(255, { required: true, sortable: true, legacy: "Title" }),
  heading: field.string(255, { sortable: true, legacy: "Heading" }),
});

/** Columns that hold long text cannot carry a plain index on MySQL. */
export const isLongText = (spec: FieldSpec) => spec.kind === "text" || spec.kind === "html" || spec.kind === "blocks";

export const isIndexed = (spec: FieldSpec) =>
  !isLongText(spec) && spec.kind !== "permissions" && spec.kind !== "strings" && Boolean(spec.sortable || spec.filterable || spec.unique);

export const labelOf = (name: string, spec: FieldSpec) =>
  spec.label ??
  name.charAt(0).toUpperCase() +
    name
      .slice(1)
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase();
