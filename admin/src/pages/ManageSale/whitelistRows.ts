/**
 * The 'Add Whitelist' rows: each a user address and a BNB value typed in BNB
 * (sent in 18-decimal base units). Rows come from the form or from CSV text
 * (address,amount per line); every row is checked on its own, duplicates are
 * merged (values summed) and the result is cut into transactions of at most
 * WHITELIST_CHUNK addresses.
 */
import { BNB_DECIMALS, checkAddress, parseAmount } from "../../chain/units";

/** Addresses per addMultipleWhitelistedAddresses transaction (about 25k gas each: 200 fit a block easily). */
export const WHITELIST_CHUNK = 200;

export interface WhitelistRow {
  /** Stable React key. */
  key: number;
  user: string;
  value: string;
}

export interface RowCheck {
  address: string | null;
  amount: bigint | null;
  /** i18n keys of the problems, per field. */
  userError?: string;
  valueError?: string;
  /** Neither field filled in (ignored on submit). */
  blank: boolean;
}

const LABELS = "app.manage_sale.whitelist";

export function checkRow(row: Pick<WhitelistRow, "user" | "value">): RowCheck {
  const user = row.user.trim();
  const value = row.value.trim();
  if (!user && !value) return { address: null, amount: null, blank: true };
  const address = checkAddress(user);
  let amount: bigint | null = null;
  let valueError: string | undefined;
  if (!value) valueError = `${LABELS}.missing_amount`;
  else {
    try {
      amount = parseAmount(value, BNB_DECIMALS);
    } catch {
      valueError = `${LABELS}.invalid_amount`;
    }
  }
  return { address, amount, blank: false, userError: address ? undefined : `${LABELS}.invalid_address`, valueError };
}

export const hasError = (c: RowCheck) => !c.blank && (!!c.userError || !!c.valueError);

/** Lines of 'address,amount' (comma, semicolon or tab); blank lines and a header line are skipped. */
export function parseCsv(text: string): { user: string; value: string }[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const rows: { user: string; value: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const [user = "", value = "", ...rest] = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, "$1"));
    if (i === 0 && !/^0x/i.test(user) && /addr|user|wallet/i.test(user)) return; // header
    rows.push({ user, value: rest.length ? [value, ...rest].join(",") : value });
  });
  return rows;
}

export interface WhitelistEntry {
  address: string;
  amount: bigint;
}

/** One entry per address (checksummed), amounts summed, in first-seen order; and how many rows were folded in. */
export function mergeRows(checks: RowCheck[]): { entries: WhitelistEntry[]; duplicates: number } {
  const byAddress = new Map<string, WhitelistEntry>();
  let duplicates = 0;
  for (const check of checks) {
    if (check.blank || !check.address || check.amount === null) continue;
    const seen = byAddress.get(check.address);
    if (seen) {
      seen.amount += check.amount;
      duplicates++;
    } else byAddress.set(check.address, { address: check.address, amount: check.amount });
  }
  return { entries: [...byAddress.values()], duplicates };
}

export function chunk<T>(items: readonly T[], size = WHITELIST_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
