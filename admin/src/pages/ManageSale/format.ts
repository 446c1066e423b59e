import { formatAmount } from "../../chain";

/** An amount for reading: grouped by thousands, at most 6 fraction digits. */
export const show = (value: bigint, decimals: number) => formatAmount(value, decimals, { group: true, maxFractionDigits: 6 });
/** An amount for an input: plain digits, every significant fraction digit. */
export const plain = (value: bigint, decimals: number) => formatAmount(value, decimals);
