/**
 * The 'Add LaunchPadv' form as data: the checks made before any transaction,
 * the factory's createPresale arguments (bigint base units) and the record
 * saved afterwards. Pure functions over the form's values.
 */
import { createPresaleArgs as presaleArgs } from "@presale/abis";
import { BNB_DECIMALS, BUSD_DECIMALS, checkAddress, formatAmount, parseAmount } from "../../chain";

/** The form's amount inputs and the decimals each is scaled by ("token": the token's own decimals). */
export const AMOUNT_FIELDS = [
  ["priceToken", "token"],
  ["priceTokenCrypto", "token"],
  ["bnbMinimumContribution", BNB_DECIMALS],
  ["bnbMaximumContribution", BNB_DECIMALS],
  ["busdMinimumContribution", BUSD_DECIMALS],
  ["busdMaximumContribution", BUSD_DECIMALS],
  ["hardCap", BNB_DECIMALS],
  ["busdHardCap", BUSD_DECIMALS],
] as const;

export type AmountField = (typeof AMOUNT_FIELDS)[number][0];

/** The staking pools a presale can lock its buyers' tokens in (pid 0..10, as the local chain seeds them). */
export const PIDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export type LaunchPadValues = Partial<
  Record<AmountField | "tokenAddress" | "tokenName" | "tokenSymbol" | "tokenDecimal", string | null>
> & {
  pid?: number | string | null;
};

/** Everything createPresale needs, checked and in base units. */
export interface CheckedLaunchPad {
  token: string;
  decimals: number;
  pid: number;
  amounts: Record<AmountField, bigint>;
}

export type FieldErrors = Record<string, string>;

const REQUIRED = "app.chain_form.required";
const MIN_ABOVE_MAX = "resources.LaunchPad.min_above_max";

/**
 * Checks the form before the wallet is asked anything: a valid token address
 * whose decimals were read, a pool, and every amount a plain decimal number
 * that fits its decimals, minimums not above maximums. Errors are i18n keys
 * or plain messages, by field.
 */
export function checkLaunchPad(values: LaunchPadValues): { ok: CheckedLaunchPad } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

  const token = checkAddress(text(values.tokenAddress));
  if (!text(values.tokenAddress)) errors.tokenAddress = REQUIRED;
  else if (!token) errors.tokenAddress = "app.chain_form.invalid_address";

  const decimalsText = text(values.tokenDecimal);
  const decimals = /^\d+$/.test(decimalsText) ? Number(decimalsText) : NaN;
  if (token && !(decimals >= 0 && decimals <= 36)) errors.tokenAddress = "app.chain_form.token_unknown";

  const pidText = text(values.pid);
  const pid = /^\d+$/.test(pidText) ? Number(pidText) : NaN;
  if (Number.isNaN(pid)) errors.pid = REQUIRED;

  const amounts = {} as Record<AmountField, bigint>;
  for (const [field, scale] of AMOUNT_FIELDS) {
    const value = text(values[field]);
    if (!value) {
      errors[field] = REQUIRED;
      continue;
    }
    const places = scale === "token" ? decimals : scale;
    if (Number.isNaN(places)) continue; // the token's decimals are not known yet: said under the address
    try {
      amounts[field] = parseAmount(value, places, "The amount");
    } catch (e) {
      errors[field] = (e as Error).message;
    }
  }
  for (const [min, max] of [
    ["bnbMinimumContribution", "bnbMaximumContribution"],
    ["busdMinimumContribution", "busdMaximumContribution"],
  ] as const) {
    if (amounts[min] !== undefined && amounts[max] !== undefined && amounts[min] > amounts[max]) errors[min] = MIN_ABOVE_MAX;
  }
  if (Object.keys(errors).length) return { errors };
  return { ok: { token: token!, decimals, pid, amounts } };
}

/** PresaleFactory.createPresale's arguments, in the order @presale/abis keeps once for every caller. */
export function createPresaleArgs(checked: CheckedLaunchPad, staker: string): unknown[] {
  const amounts = checked.amounts;
  return [
    ...presaleArgs({
      token: checked.token,
      priceBNB: amounts.priceToken,
      priceBUSD: amounts.priceTokenCrypto,
      maxBNB: amounts.bnbMaximumContribution,
      minBNB: amounts.bnbMinimumContribution,
      maxBUSD: amounts.busdMaximumContribution,
      minBUSD: amounts.busdMinimumContribution,
      hardCap: amounts.hardCap,
      busdHardCap: amounts.busdHardCap,
      pid: checked.pid,
      staker,
    }),
  ];
}

/** The LaunchPad record (GraphQL createLaunchPad): human decimal amounts, as the chain got them. */
export function launchPadRecord(values: LaunchPadValues, checked: CheckedLaunchPad, presaleAddress: string) {
  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map(([field, scale]) => [field, formatAmount(checked.amounts[field], scale === "token" ? checked.decimals : scale)]),
  ) as Record<AmountField, string>;
  return {
    pid: checked.pid,
    ...amounts,
    tokenAddress: checked.token,
    tokenName: values.tokenName?.trim() || undefined,
    tokenSymbol: values.tokenSymbol?.trim() || undefined,
    tokenDecimal: checked.decimals,
    presaleAddress,
  };
}
