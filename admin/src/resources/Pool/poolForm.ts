/**
 * The 'Add Pool' form as data: the checks made before any transaction, the
 * Farm.add arguments (basis points) and the Pool record saved afterwards with
 * the pool defaults (POOL_DEFAULTS). Pure functions over the form's values.
 */
import { checkAddress, formatAmount, parseAmount } from "../../chain";

/** The quote token every pool is paired with: the stable coin, shown as BUSD. */
export const QUOTE_SYMBOL = "BUSD";
/** Every pool is saved with risk 5, token-only. */
export const POOL_DEFAULTS = { risk: 5, isTokenOnly: true } as const;
/** Multiplier and deposit fee are sent × 100 (basis points): two decimal places. */
const BASIS_POINT_DECIMALS = 2;
const MAX_FEE_BP = 10_000n;

export interface PoolValues {
  alloc?: string | null;
  tokenSymbol?: string | null;
  tokenAddresses?: string | null;
  depositFee?: string | null;
  file?: unknown;
}

export interface CheckedPool {
  token: string;
  /** Upper-cased. */
  symbol: string;
  /** Multiplier × 100. */
  allocPoint: bigint;
  /** Deposit fee (percent) × 100. */
  depositFeeBP: bigint;
}

export type FieldErrors = Record<string, string>;

const REQUIRED = "app.chain_form.required";
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

/** Checks the form before the wallet is asked anything. Errors are i18n keys or plain messages, by field. */
export function checkPool(values: PoolValues): { ok: CheckedPool } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const token = checkAddress(text(values.tokenAddresses));
  if (!text(values.tokenAddresses)) errors.tokenAddresses = REQUIRED;
  else if (!token) errors.tokenAddresses = "app.chain_form.invalid_address";

  const symbol = text(values.tokenSymbol).toUpperCase();
  if (!symbol) errors.tokenSymbol = REQUIRED;

  const points = (field: "alloc" | "depositFee") => {
    const value = text(values[field]);
    if (!value) {
      errors[field] = REQUIRED;
      return 0n;
    }
    try {
      return parseAmount(value, BASIS_POINT_DECIMALS, "The value");
    } catch (e) {
      errors[field] = (e as Error).message;
      return 0n;
    }
  };
  const allocPoint = points("alloc");
  const depositFeeBP = points("depositFee");
  if (!errors.depositFee && depositFeeBP > MAX_FEE_BP) errors.depositFee = "resources.Feature.fee_too_high";

  if (Object.keys(errors).length) return { errors };
  return { ok: { token: token!, symbol, allocPoint, depositFeeBP } };
}

/** Farm.add(allocPoint, lpToken, depositFeeBP, withUpdate). */
export const farmAddArgs = (c: CheckedPool, pair: string): unknown[] => [c.allocPoint, pair, c.depositFeeBP, true];

/**
 * The Pool record (GraphQL createPool) with the pool defaults: risk 5,
 * token-only, BUSD quote token, lpSymbol = SYMBOL + '-BUSD LP'; the multiplier
 * and deposit fee as typed (the chain got them × 100).
 */
export function poolRecord(values: PoolValues, checked: CheckedPool, chain: { pid: number; pair: string; stable: string }) {
  return {
    ...POOL_DEFAULTS,
    pid: chain.pid,
    lpSymbol: `${checked.symbol}-${QUOTE_SYMBOL} LP`,
    alloc: formatAmount(checked.allocPoint, BASIS_POINT_DECIMALS),
    lpAddresses: chain.pair,
    tokenSymbol: checked.symbol,
    tokenAddresses: checked.token,
    quoteTokenSymbol: QUOTE_SYMBOL,
    quoteTokenAddresses: chain.stable,
    depositFee: formatAmount(checked.depositFeeBP, BASIS_POINT_DECIMALS),
    ...(values.file ? { file: values.file } : {}),
  };
}
