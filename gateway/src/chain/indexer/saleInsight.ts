import { getAddress, isAddress, parseUnits } from "ethers";
import type { DataSource } from "typeorm";
import { type Actor, authorizeTo } from "../../auth/access";
import type { Grantable } from "../../auth/permissions";
import { ValidationError } from "../../errors";
import { Contribution } from "../../resources/contribution";

/** The presale figures are not a table's rows: a permission of their own, read only, with the sale's funds. */
export const SALE_INSIGHT: Grantable = { name: "SaleInsight", area: "funds", actions: ["read"], policy: {} };

/** Refuses a caller whose role does not grant reading the sale insight. */
export const authorizeInsight = (actor: Actor) => authorizeTo({ action: "read", resource: SALE_INSIGHT.name }, actor);

export interface PresaleStats {
  raisedBnb: string;
  raisedBusd: string;
  averageBnb: string;
  averageBusd: string;
  largestBnb: string;
  largestBusd: string;
  tokensSold: string;
  contributors: number;
  contributions: number;
  whitelistSize: number;
  hardCapBnb: string | null;
  hardCapBusd: string | null;
  percentBnb: number | null;
  percentBusd: number | null;
  open: boolean;
  startTime: Date | null;
  endTime: Date | null;
  secondsLeft: number | null;
  indexedBlock: number;
}

export interface TimelinePoint {
  at: Date;
  bnb: string;
  busd: string;
  cumulativeBnb: string;
  cumulativeBusd: string;
  contributions: number;
}

export const BUCKETS = { hour: 3600_000, day: 86_400_000 } as const;

/** The presale address argument, checksummed, or a clear error. */
export function presaleAddressOf(raw: string): string {
  if (!isAddress(raw)) throw new ValidationError({ address: "Must be a presale contract address (0x followed by 40 hex digits)" });
  return getAddress(raw);
}

interface Scope {
  chainId: number;
  factory: string;
}

/** The chain the indexer follows; a clear error with CHAIN=none (asked after the permission, which comes first). */
function scopeOf(scope: Scope | null): Scope {
  if (!scope) throw new ValidationError({ address: "No chain is configured (CHAIN=none)" });
  return scope;
}

/** Exact sums: amounts are read as text and added as bigint (on SQLite they are zero-padded text, which no SQL SUM adds exactly). */
async function contributionsOf(ds: DataSource, scope: Scope, presale: string) {
  return (await ds.getRepository(Contribution.name).find({
    select: { buyer: true, currency: true, amountPaid: true, tokens: true, boughtAt: true, id: true },
    where: { chainId: scope.chainId, presaleAddress: presale },
    order: { boughtAt: "ASC", id: "ASC" },
  })) as { buyer: string; currency: "BNB" | "BUSD"; amountPaid: string; tokens: string; boughtAt: Date }[];
}

const percentOf = (raised: bigint, cap: bigint | null) => (cap ? Number((raised * 1_000_000n) / cap) / 10_000 : null);

/**
 * A presale's figures from the indexed events, exact at `indexedBlock`:
 * raised, average and largest contribution per currency, tokens sold, distinct
 * contributors, whitelist size; hard caps and open/closed from its events (the
 * caps it was created with, else the launchpad record's, when none changed them).
 */
export async function presaleStats(
  actor: Actor,
  ds: DataSource,
  chain: Scope | null,
  rawAddress: string,
  launchPadCaps: (address: string) => Promise<{ hardCap: string | null; busdHardCap: string | null } | null>,
): Promise<PresaleStats> {
  authorizeInsight(actor);
  const scope = scopeOf(chain);
  const presale = presaleAddressOf(rawAddress);
  const rows = await contributionsOf(ds, scope, presale);
  const per = { BNB: { sum: 0n, count: 0n, largest: 0n }, BUSD: { sum: 0n, count: 0n, largest: 0n } };
  let tokensSold = 0n;
  for (const row of rows) {
    const amount = BigInt(row.amountPaid);
    const currency = per[row.currency];
    currency.sum += amount;
    currency.count++;
    if (amount > currency.largest) currency.largest = amount;
    tokensSold += BigInt(row.tokens);
  }
  const average = (c: (typeof per)["BNB"]) => (c.count ? c.sum / c.count : 0n).toString();

  const allocations: { allocation: string }[] = await ds.query(
    `SELECT allocation FROM whitelist_entries WHERE chainId = ? AND presaleAddress = ?`,
    [scope.chainId, presale],
  );
  const state = await saleState(ds, scope, presale, launchPadCaps);
  const [cursor] = await ds.query(`SELECT blockNumber FROM chain_index_cursors WHERE chainId = ? AND factory = ?`, [
    scope.chainId,
    scope.factory,
  ]);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const open = state.open && state.endTime !== null && state.endTime > nowSeconds;
  return {
    raisedBnb: per.BNB.sum.toString(),
    raisedBusd: per.BUSD.sum.toString(),
    averageBnb: average(per.BNB),
    averageBusd: average(per.BUSD),
    largestBnb: per.BNB.largest.toString(),
    largestBusd: per.BUSD.largest.toString(),
    tokensSold: tokensSold.toString(),
    contributors: new Set(rows.map((row) => row.buyer)).size,
    contributions: rows.length,
    whitelistSize: allocations.filter((row) => BigInt(row.allocation) > 0n).length,
    hardCapBnb: state.hardCap?.toString() ?? null,
    hardCapBusd: state.busdHardCap?.toString() ?? null,
    percentBnb: percentOf(per.BNB.sum, state.hardCap),
    percentBusd: percentOf(per.BUSD.sum, state.busdHardCap),
    open,
    startTime: state.startTime === null ? null : new Date(state.startTime * 1000),
    endTime: state.endTime === null ? null : new Date(state.endTime * 1000),
    secondsLeft: open ? state.endTime! - nowSeconds : null,
    indexedBlock: cursor ? Math.max(0, Number(cursor.blockNumber)) : 0,
  };
}

/** Open/closed, start and end, and hard caps, replayed from the presale's lifecycle and setting events. */
async function saleState(
  ds: DataSource,
  scope: Scope,
  presale: string,
  launchPadCaps: (address: string) => Promise<{ hardCap: string | null; busdHardCap: string | null } | null>,
) {
  const [followed] = await ds.query(`SELECT hardCap, busdHardCap FROM chain_presales WHERE chainId = ? AND presaleAddress = ?`, [
    scope.chainId,
    presale,
  ]);
  const state = {
    open: false,
    startTime: null as number | null,
    endTime: null as number | null,
    hardCap: followed?.hardCap ? BigInt(followed.hardCap) : null,
    busdHardCap: followed?.busdHardCap ? BigInt(followed.busdHardCap) : null,
  };
  if (state.hardCap === null || state.busdHardCap === null) {
    const record = await launchPadCaps(presale);
    const wei = (human: string | null | undefined) => {
      try {
        return human ? parseUnits(human, 18) : null;
      } catch {
        return null; // More than 18 decimals in the record: not a cap the chain could hold.
      }
    };
    state.hardCap ??= wei(record?.hardCap);
    state.busdHardCap ??= wei(record?.busdHardCap);
  }
  const events: { name: string; args: string }[] = await ds.query(
    `SELECT name, args FROM chain_events WHERE chainId = ? AND address = ? AND name IN ('PresaleStarted', 'PresaleClosed', 'SettingChanged')
     ORDER BY blockNumber, logIndex`,
    [scope.chainId, presale],
  );
  for (const event of events) {
    const args = JSON.parse(event.args);
    if (event.name === "PresaleStarted")
      Object.assign(state, { open: true, startTime: Number(args.startTime), endTime: Number(args.endTime) });
    else if (event.name === "PresaleClosed") state.open = false;
    else if (args.setting === "hardCap") state.hardCap = BigInt(args.value);
    else if (args.setting === "BUSDhardCap") state.busdHardCap = BigInt(args.value);
  }
  return state;
}

/** Raised per currency per UTC hour or day (buckets with contributions only, oldest first), with running totals. */
export async function presaleTimeline(
  actor: Actor,
  ds: DataSource,
  chain: Scope | null,
  rawAddress: string,
  bucket: string,
): Promise<TimelinePoint[]> {
  authorizeInsight(actor);
  const scope = scopeOf(chain);
  if (!(bucket in BUCKETS)) throw new ValidationError({ bucket: "Bucket must be hour or day" });
  const size = BUCKETS[bucket as keyof typeof BUCKETS];
  const presale = presaleAddressOf(rawAddress);
  const points: TimelinePoint[] = [];
  let bnb = 0n;
  let busd = 0n;
  type Bucket = { at: number; bnb: bigint; busd: bigint; count: number };
  let current: Bucket | undefined;
  const flush = (current: Bucket | undefined) => {
    if (!current) return;
    bnb += current.bnb;
    busd += current.busd;
    points.push({
      at: new Date(current.at),
      bnb: current.bnb.toString(),
      busd: current.busd.toString(),
      cumulativeBnb: bnb.toString(),
      cumulativeBusd: busd.toString(),
      contributions: current.count,
    });
  };
  for (const row of await contributionsOf(ds, scope, presale)) {
    const at = Math.floor(new Date(row.boughtAt).getTime() / size) * size;
    if (current?.at !== at) {
      flush(current);
      current = { at, bnb: 0n, busd: 0n, count: 0 };
    }
    current[row.currency === "BNB" ? "bnb" : "busd"] += BigInt(row.amountPaid);
    current.count++;
  }
  flush(current);
  return points;
}
