import type { TranslateFunction } from "react-admin";
import { humanize } from "../../audit/humanize";
import { BNB_DECIMALS, BUSD_DECIMALS, formatAmount, sameAddress, shortAddress } from "../../chain/units";

/** The token a transaction's amounts are counted in (the presale's sale token), when known. */
export interface TxToken {
  symbol: string;
  decimals: number;
}

/** A recorded transaction as the history rows hold it (type ChainTransaction). */
interface Tx {
  contract?: string | null;
  functionName: string;
  args?: string | null;
  presaleAddress?: string | null;
}

const CALLS = "app.transactions.calls";

/** Amounts for reading: grouped by thousands, at most 6 fraction digits (as ManageSale shows them). */
const show = (value: unknown, decimals: number) => {
  try {
    return formatAmount(BigInt(String(value)), decimals, { group: true, maxFractionDigits: 6 });
  } catch {
    return String(value);
  }
};

/** The decoded arguments (JSON named by the ABI), by name and by position (a nameless input is `arg<i>`). */
function argsOf(text: string | null | undefined): { named: Record<string, unknown>; at: unknown[] } {
  try {
    const named = JSON.parse(text || "{}") as Record<string, unknown>;
    return { named, at: Object.values(named) };
  } catch {
    return { named: {}, at: [] };
  }
}

/**
 * What a transaction did, as a sentence of the catalogue ('Whitelisted 3
 * addresses', 'Set the BUSD hard cap to 500 BUSD'): one per function the admin
 * sends to a presale, a token, the farm or the factories; amounts in their
 * token's units and symbol, addresses shortened. A function without a sentence
 * reads as its name in words.
 */
export function txSentence(translate: TranslateFunction, tx: Tx, token?: TxToken | null): string {
  const { at } = argsOf(tx.args);
  const say = (key: string, options: Record<string, unknown> = {}) => translate(`${CALLS}.${key}`, options);
  const busd = (value: unknown) => show(value, BUSD_DECIMALS);
  const tokens = (value: unknown) =>
    token
      ? { amount: show(value, token.decimals), symbol: token.symbol }
      : { amount: String(value), symbol: translate(`${CALLS}.base_units`) };
  const address = (value: unknown) => shortAddress(String(value ?? ""));
  switch (tx.functionName) {
    case "createPresale":
      return say("createPresale", { token: address(at[0]) });
    case "startPresale":
      return say("startPresale", { smart_count: Number(at[0]) });
    case "closePresale":
    case "whitelistedSale":
    case "withdrawBNB":
    case "getUnsoldTokens":
      return say(tx.functionName);
    case "finalizeSale":
      return say("finalizeSale", { staker: address(at[0]) });
    case "addMultipleWhitelistedAddresses": {
      const addresses = Array.isArray(at[0]) ? at[0] : [];
      const allocations = Array.isArray(at[1]) ? at[1] : [];
      const total = allocations.reduce<bigint>((sum, value) => {
        try {
          return sum + BigInt(String(value));
        } catch {
          return sum;
        }
      }, 0n);
      return say("addMultipleWhitelistedAddresses", { smart_count: addresses.length, amount: show(total, BNB_DECIMALS) });
    }
    case "setBUSDHardCap":
    case "setBUSDMinEthLimit":
    case "setBUSDMaxEthLimit":
      return say(tx.functionName, { amount: busd(at[0]) });
    case "setTokenRatePercrypto":
      // The rate is token base units per 1 BUSD (1e18 of its base units): tokens per BUSD in the token's decimals.
      return say("setTokenRatePercrypto", tokens(at[0]));
    case "setTokenAddress":
      return say("setTokenAddress", { address: address(at[0]) });
    case "transfer":
      return sameAddress(String(at[0] ?? ""), tx.presaleAddress)
        ? say("deposit", tokens(at[1]))
        : say("transfer", { ...tokens(at[1]), address: address(at[0]) });
    case "addBlacklistedUser":
    case "removeBlacklist":
      return say(tx.functionName, { address: address(at[0]) });
    case "createPair":
      return say("createPair", { a: address(at[0]), b: address(at[1]) });
    case "add":
      if (tx.contract === "Farm")
        return say("addFarmPool", {
          address: address(at[1]),
          multiplier: Number(at[0]) / 100,
          fee: Number(at[2]) / 100,
        });
  }
  return humanize(tx.functionName);
}

/** Arguments as the history stores them: JSON by name (here by position, `arg<i>`), big numbers as decimal text. */
const argsJson = (args: readonly unknown[]) =>
  JSON.stringify(Object.fromEntries(args.map((value, i) => [`arg${i}`, value])), (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );

/** The same sentence for a call not mined yet (a Safe proposal): its contract, function and arguments. */
export function callSentence(
  translate: TranslateFunction,
  call: { contract?: string | null; fn: string; args?: readonly unknown[]; presaleAddress?: string | null },
  token?: TxToken | null,
): string {
  return txSentence(
    translate,
    { contract: call.contract, functionName: call.fn, args: argsJson(call.args ?? []), presaleAddress: call.presaleAddress },
    token,
  );
}
