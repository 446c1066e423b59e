/**
 * The field vocabulary of a resource declaration. One spec per field drives the
 * database column, the GraphQL types, the validation and the legacy REST name.
 */
export type ImageKind = "png" | "jpg" | "webp" | "gif" | "svg";

export const PNG_SVG: ImageKind[] = ["png", "svg"];
export const LANDING_IMAGES: ImageKind[] = ["jpg", "webp", "png", "gif"];
export const ANY_IMAGE: ImageKind[] = ["png", "jpg", "webp", "gif", "svg"];

interface Common {
  /** The legacy REST name (SPEC section 7), when it differs from the field name. */
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
    | { kind: "image"; kinds: ImageKind[]; updateKinds?: ImageKind[]; upload: string }
    | { kind: "constant"; value: string }
    | { kind: "blocks" }
  );

export type Fields = Record<string, FieldSpec>;

type Opts<K extends FieldSpec["kind"]> = Omit<Extract<FieldSpec, { kind: K }>, "kind">;

export const f = {
  string: (max = 255, o: Partial<Opts<"string">> = {}): FieldSpec => ({ kind: "string", max, ...o }),
  email: (o: Common = {}): FieldSpec => ({ kind: "string", max: 190, format: "email", ...o }),
  url: (o: Common = {}): FieldSpec => ({ kind: "string", max: 500, format: "url", ...o }),
  text: (o: Partial<Opts<"text">> = {}): FieldSpec => ({ kind: "text", ...o }),
  html: (o: Common = {}): FieldSpec => ({ kind: "html", ...o }),
  int: (o: Partial<Opts<"int">> = {}): FieldSpec => ({ kind: "int", ...o }),
  bool: (defaultValue: boolean, o: Omit<Common, "default"> = {}): FieldSpec => ({ kind: "bool", default: defaultValue, ...o }),
  address: (o: Common = {}): FieldSpec => ({ kind: "address", ...o }),
  amount: (o: Common = {}): FieldSpec => ({ kind: "amount", ...o }),
  image: (kinds: ImageKind[], o: Partial<Opts<"image">> = {}): FieldSpec => ({
    kind: "image",
    kinds,
    upload: "file",
    legacy: "logoURI",
    ...o,
  }),
  /** A server-set value, such as a content section's fixed landing identifier. */
  constant: (value: string, o: Common = {}): FieldSpec => ({ kind: "constant", value, readOnly: true, ...o }),
  /** Landing content blocks: a list of { title, description, imageUri }. */
  blocks: (o: Common = {}): FieldSpec => ({ kind: "blocks", ...o }),
};

/** Columns that hold long text cannot carry a plain index on MySQL. */
export const isLongText = (spec: FieldSpec) => spec.kind === "text" || spec.kind === "html" || spec.kind === "blocks";

export const isIndexed = (spec: FieldSpec) =>
  !isLongText(spec) && Boolean(spec.sortable || spec.filterable || spec.unique);

export const labelOf = (name: string, spec: FieldSpec) =>
  spec.label ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
