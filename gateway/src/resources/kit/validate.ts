import { getAddress, isAddress } from "ethers";
import { isIP } from "net";
import { FieldSpec, labelOf } from "./fields";
import { sanitizeRichText } from "./richText";

/**
 * `malformed`: the value cannot be text at all (a lone UTF-16 surrogate), so
 * the request itself is broken rather than a form value to correct: 400 on
 * every transport (BadRequestError).
 */
export type Normalised = { value: unknown } | { error: string; malformed?: true } | { skip: true };

const MAX_TEXT = 1_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AMOUNT = /^\d{1,60}(\.\d{1,36})?$/;

/** A UTF-16 surrogate without its pair: JSON's "\ud800" decodes to one, and no UTF-8 column can hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why `value` cannot be stored as text, when it holds a lone surrogate: text stored anywhere must be valid Unicode
 * (SQLite would keep invalid UTF-8 that other drivers cannot read back). Also checks inputs outside resources.
 */
export const unpairedSurrogateIn = (label: string, value: unknown): string | undefined =>
  typeof value === "string" && LONE_SURROGATE.test(value)
    ? `${label} holds an unpaired UTF-16 surrogate (invalid Unicode text)`
    : undefined;

const invalidUnicode = (label: string, value: unknown): Normalised | undefined => {
  const error = unpairedSurrogateIn(label, value);
  return error ? { error, malformed: true } : undefined;
};

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/**
 * Turns one received value into the stored value, or says why it cannot be.
 * Values may come from GraphQL (typed) or from legacy forms (strings).
 */
export function normaliseField(name: string, spec: FieldSpec, raw: unknown): Normalised {
  const label = labelOf(name, spec);
  if (raw === undefined) return { skip: true };
  if (isEmpty(raw)) {
    if (spec.required) return { error: `${label} is required` };
    if (spec.kind === "bool") return { skip: true };
    return { value: null };
  }
  const invalid = invalidUnicode(label, raw);
  if (invalid) return invalid;
  switch (spec.kind) {
    case "string": {
      if (typeof raw !== "string" && typeof raw !== "number") return { error: `${label} must be text` };
      const value = String(raw).trim();
      if (value.length > spec.max) return { error: `${label} must be at most ${spec.max} characters` };
      if (spec.format === "email" && !EMAIL.test(value)) return { error: `${label} must be a valid email address` };
      if (spec.format === "url" && !isHttpUrl(value)) return { error: `${label} must be an http(s) link` };
      if (spec.format === "ip" && !isIP(value)) return { error: `${label} must be an IPv4 or IPv6 address` };
      if (spec.oneOf && !spec.oneOf.includes(value)) return { error: `${label} must be one of ${spec.oneOf.join(", ")}` };
      return { value };
    }
    case "text":
    case "html": {
      if (typeof raw !== "string") return { error: `${label} must be text` };
      const max = spec.kind === "text" && spec.max ? spec.max : MAX_TEXT;
      if (raw.length > max) return { error: `${label} must be at most ${max} characters` };
      const value = spec.kind === "html" ? sanitizeRichText(raw) : raw;
      if (spec.required && value.trim() === "") return { error: `${label} is required` };
      return { value };
    }
    case "int": {
      const number = typeof raw === "number" ? raw : typeof raw === "string" && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(number)) return { error: `${label} must be a whole number` };
      if (spec.min !== undefined && number < spec.min) return { error: `${label} must be at least ${spec.min}` };
      if (spec.max !== undefined && number > spec.max) return { error: `${label} must be at most ${spec.max}` };
      return { value: number };
    }
    case "bool": {
      if (raw === true || raw === "true" || raw === 1 || raw === "1") return { value: true };
      if (raw === false || raw === "false" || raw === 0 || raw === "0") return { value: false };
      return { error: `${label} must be true or false` };
    }
    case "address": {
      if (typeof raw !== "string" || !isAddress(raw.trim())) return { error: `${label} must be a valid address` };
      return { value: getAddress(raw.trim()) };
    }
    case "amount": {
      const value = typeof raw === "number" && Number.isFinite(raw) && raw >= 0 ? String(raw) : raw;
      if (typeof value !== "string" || !AMOUNT.test(value.trim())) return { error: `${label} must be a non-negative number` };
      return { value: value.trim() };
    }
    case "blocks":
      return normaliseBlocks(label, raw);
    case "permissions":
      return normalisePermissions(label, raw);
    case "strings": {
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.length > spec.maxItems) return { error: `${label} takes at most ${spec.maxItems} entries` };
      if (!list.every((item) => typeof item === "string" && item.trim() && item.trim().length <= spec.maxLength))
        return { error: `${label} must be texts of 1 to ${spec.maxLength} characters` };
      return { value: [...new Set(list.map((item: string) => item.trim()))] };
    }
    // uint and datetime hold chain-indexed values: written by the gateway's indexer, never through the API.
    case "constant":
    case "image":
    case "uint":
    case "datetime":
      return { skip: true };
  }
}

export interface ContentBlock {
  title?: string | null;
  description?: string | null;
  imageUri?: string | null;
}

const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function normaliseBlocks(label: string, raw: unknown): Normalised {
  let list = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      return { error: `${label} must be a JSON list of blocks` };
    }
  }
  if (!Array.isArray(list) || list.length > 50) return { error: `${label} must be a list of at most 50 blocks` };
  const blocks: ContentBlock[] = [];
  let invalid: Normalised | undefined;
  for (const [i, item] of list.entries()) {
    if (typeof item !== "object" || item === null) return { error: `${label} block ${i + 1} must be an object` };
    const block = item as Record<string, unknown>;
    const pick = (k: string, max: number) => {
      const value = block[k];
      if (value === undefined || value === null || value === "") return undefined;
      if (typeof value !== "string" || value.length > max)
        throw new Error(`${label} block ${i + 1}: ${k} must be text of at most ${max} characters`);
      invalid ??= invalidUnicode(`${label} block ${i + 1}: ${k}`, value);
      return value;
    };
    try {
      const block: ContentBlock = {};
      const title = pick("title", 255);
      const description = pick("description", 10_000);
      const imageUri = pick("imageUri", 255);
      if (imageUri !== undefined && !IMAGE_NAME.test(imageUri)) throw new Error(`${label} block ${i + 1}: invalid image name`);
      if (title !== undefined) block.title = title;
      if (description !== undefined) block.description = description;
      if (imageUri !== undefined) block.imageUri = imageUri;
      if (invalid) return invalid;
      blocks.push(block);
    } catch (e) {
      return { error: (e as Error).message };
    }
  }
  return { value: blocks };
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The shape of a grant (which resources and actions exist is the role's own check, resources/role.ts). */
function normalisePermissions(label: string, raw: unknown): Normalised {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > 200) return { error: `${label} takes at most 200 entries` };
  const permissions: { resource: string; actions: string[] }[] = [];
  for (const item of list) {
    const { resource, actions } = (item ?? {}) as { resource?: unknown; actions?: unknown };
    if (typeof resource !== "string" || !Array.isArray(actions) || !actions.every((action) => typeof action === "string"))
      return { error: `${label} must be a list of { resource, actions }` };
    permissions.push({ resource, actions: [...new Set(actions as string[])] });
  }
  return { value: permissions };
}
