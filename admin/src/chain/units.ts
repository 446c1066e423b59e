/**
 * Amounts at the input and display edge. Everything inside is bigint base
 * units; text becomes bigint only here (parseUnits from strings, never from JS
 * numbers) and bigint becomes text only here.
 */
import { formatUnits, getAddress, isAddress } from "ethers";
import { ChainError } from "./errors";

/** BNB, BUSD and BSC USDT all use 18 decimals. */
export const BNB_DECIMALS = 18;
export const BUSD_DECIMALS = 18;
export const SECONDS_PER_DAY = 86_400n;

/**
 * Text → base units. Accepts '12', '12.5', '.5', ' 1000 '; refuses anything
 * else (signs, exponents, commas, more fraction digits than `decimals`) with a
 * plain message. Only strings: a JS number has already lost precision.
 */
export function parseAmount(text: string, decimals: number, label = "Amount"): bigint {
  if (typeof text !== "string") throw new TypeError("parseAmount takes the amount as a string");
  const value = text.trim();
  if (!/^\d*(\.\d*)?$/.test(value) || !/\d/.test(value)) throw new ChainError("invalid-input", `${label} must be a number like 12 or 0.5`);
  const [whole, fraction = ""] = value.split(".");
  if (fraction.length > decimals)
    throw new ChainError("invalid-input", `${label} has more than ${decimals} decimal${decimals === 1 ? "" : "s"}`);
  return BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

/** BNB / BUSD text → 18-decimal base units. */
export const parseBnb = (text: string, label?: string) => parseAmount(text, BNB_DECIMALS, label);
export const parseBusd = (text: string, label?: string) => parseAmount(text, BUSD_DECIMALS, label);

/** Is this text a valid amount for these decimals? */
export function isAmount(text: string, decimals: number) {
  try {
    parseAmount(text, decimals);
    return true;
  } catch {
    return false;
  }
}

export interface FormatOptions {
  /** Round down to at most this many fraction digits (default: all significant ones). */
  maxFractionDigits?: number;
  /** Group the whole part by thousands with commas (default false: input fields want plain numbers). */
  group?: boolean;
}

/** Base units → plain decimal text ('1000', '0.5'; no trailing '.0'). */
export function formatAmount(value: bigint, decimals: number, options: FormatOptions = {}): string {
  const negative = value < 0n;
  let [whole, fraction = ""] = formatUnits(negative ? -value : value, decimals).split(".");
  if (options.maxFractionDigits !== undefined) fraction = fraction.slice(0, options.maxFractionDigits);
  fraction = fraction.replace(/0+$/, "");
  if (options.group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export const formatBnb = (value: bigint, options?: FormatOptions) => formatAmount(value, BNB_DECIMALS, options);
export const formatBusd = (value: bigint, options?: FormatOptions) => formatAmount(value, BUSD_DECIMALS, options);

/** The presale's interval (seconds) in days, as shown (seconds / 86400, whole days). */
export const secondsToDays = (seconds: bigint) => seconds / SECONDS_PER_DAY;
/** A number of days typed by the user → the whole number startPresale(days) takes. */
export function parseDays(text: string): bigint {
  const value = String(text).trim();
  if (!/^\d+$/.test(value) || BigInt(value) === 0n) throw new ChainError("invalid-input", "Number of days must be a whole number above 0");
  return BigInt(value);
}

/**
 * Tokens to deposit for a sale: the BUSD price (token base units per 1e18
 * BUSD) times the BUSD hard cap (18 decimals), in the token's base units.
 */
export const depositAmount = (tokenRatePercrypto: bigint, busdHardCap: bigint) => (tokenRatePercrypto * busdHardCap) / 10n ** 18n;

/** Lock period in days of a launchpad pool, from its pid: one rule, in @presale/abis. */
export { lockDaysForPid } from "@presale/abis";

/** '0xf39F…2266' style: the first 6 and last 4 characters. */
export function shortAddress(address: string | null | undefined, head = 6, tail = 4): string {
  if (!address) return "";
  return address.length <= head + tail + 3 ? address : `${address.slice(0, head)}...${address.slice(-tail)}`;
}

/** A checksummed address, or null when the text is not a valid address. */
export function checkAddress(text: string | null | undefined): string | null {
  const value = (text ?? "").trim();
  return isAddress(value) ? getAddress(value) : null;
}

/** Address comparison, case-insensitive. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
