/** The value at a dotted path ('blocks.0.imageUri') of an object. */
export function getPath(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);
}
