/**
 * The gateway's sale-insight queries (presaleStats, presaleTimeline,
 * chainIndexStatus): figures the indexer keeps from the chain's events. Amounts
 * are decimal strings of base units; they become bigints at the edge (format.ts).
 */
import { graphqlRequest } from "../providers/graphqlFetch";

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
  open: boolean;
  startTime: string | null;
  endTime: string | null;
  secondsLeft: number | null;
  /** The block these figures are exact at: a new value means something may have changed. */
  indexedBlock: number;
}

export interface ChainIndexStatus {
  enabled: boolean;
  headBlock: number | null;
  indexedBlock: number | null;
  behind: number | null;
  confirmations: number;
  lastError: string | null;
}

export interface TimelinePoint {
  at: string;
  bnb: string;
  busd: string;
  cumulativeBnb: string;
  cumulativeBusd: string;
  contributions: number;
}

export type Bucket = "hour" | "day";

// One request per poll: the sale's figures and the indexer's state together.
const INSIGHT = `query SaleInsight($address: String!) {
  presaleStats(address: $address) {
    raisedBnb raisedBusd averageBnb averageBusd largestBnb largestBusd tokensSold
    contributors contributions whitelistSize hardCapBnb hardCapBusd open startTime endTime secondsLeft indexedBlock
  }
  chainIndexStatus { enabled headBlock indexedBlock behind confirmations lastError }
}`;

const TIMELINE = `query PresaleTimeline($address: String!, $bucket: String!) {
  presaleTimeline(address: $address, bucket: $bucket) { at bnb busd cumulativeBnb cumulativeBusd contributions }
}`;

export const fetchInsight = (address: string) =>
  graphqlRequest<{ presaleStats: PresaleStats; chainIndexStatus: ChainIndexStatus }>(INSIGHT, { address });

export const fetchTimeline = async (address: string, bucket: Bucket) =>
  (await graphqlRequest<{ presaleTimeline: TimelinePoint[] }>(TIMELINE, { address, bucket })).presaleTimeline;

/** How often the screens ask the gateway whether a new block has been indexed (a gateway request, never an RPC one). */
export const POLL_MS = 4000;
