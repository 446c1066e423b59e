/**
 * The gateway's sale-insight queries (presaleStats, presaleTimeline,
 * chainIndexStatus): figures the indexer keeps from the chain's events. Amounts
 * are decimal strings of base units; they become bigints at the edge (format.ts).
 */
import { graphql } from "../gql";
import type { PresaleTimelineQuery, SaleInsightQuery } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";

export type PresaleStats = SaleInsightQuery["presaleStats"];
export type ChainIndexStatus = SaleInsightQuery["chainIndexStatus"];
export type TimelinePoint = PresaleTimelineQuery["presaleTimeline"][number];

export type Bucket = "hour" | "day";

// One request per poll: the sale's figures and the indexer's state together; presaleStats' indexedBlock is the block
// the figures are exact at (a new value means something may have changed).
const INSIGHT = graphql(`
  query SaleInsight($address: String!) {
    presaleStats(address: $address) {
      raisedBnb
      raisedBusd
      averageBnb
      averageBusd
      largestBnb
      largestBusd
      tokensSold
      contributors
      contributions
      whitelistSize
      hardCapBnb
      hardCapBusd
      open
      startTime
      endTime
      secondsLeft
      indexedBlock
    }
    chainIndexStatus {
      enabled
      headBlock
      indexedBlock
      behind
      confirmations
      lastError
    }
  }
`);

const TIMELINE = graphql(`
  query PresaleTimeline($address: String!, $bucket: String!) {
    presaleTimeline(address: $address, bucket: $bucket) {
      at
      bnb
      busd
      cumulativeBnb
      cumulativeBusd
      contributions
    }
  }
`);

export const fetchInsight = (address: string) => graphqlRequest(INSIGHT, { address });

export const fetchTimeline = async (address: string, bucket: Bucket) =>
  (await graphqlRequest(TIMELINE, { address, bucket })).presaleTimeline;

/** How often the screens ask the gateway whether a new block has been indexed (a gateway request, never an RPC one). */
export const POLL_MS = 4000;
