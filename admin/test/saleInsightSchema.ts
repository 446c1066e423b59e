/**
 * The sale-insight API as agreed with the indexer (prompts' contract), for the
 * admin's tests while gateway/schema.graphql (and the shipped schema.json)
 * does not hold it yet: once the indexer's schema is merged, `withSaleInsight`
 * returns the real schema untouched and these declarations are not used.
 */
import { extendSchema, introspectionFromSchema, parse, type GraphQLSchema } from "graphql";

const LIST_ARGS = (filter: string) => `filter: ${filter}, page: Int, perPage: Int, sortField: String, sortOrder: String`;

const CONTRACT = `
type Contribution { id: ID! presaleAddress: String! buyer: String! currency: String! amountPaid: String! tokens: String!
  blockNumber: Int! txHash: String! logIndex: Int! boughtAt: DateTimeISO! }
input ContributionFilter { q: String ids: [ID!] presaleAddress: String buyer: String currency: String
  boughtAt_gte: DateTimeISO boughtAt_lte: DateTimeISO }
type WhitelistEntry { id: ID! presaleAddress: String! address: String! allocation: String! addedAt: DateTimeISO! blockNumber: Int! }
input WhitelistEntryFilter { q: String ids: [ID!] presaleAddress: String address: String }
type PresaleStats { raisedBnb: String! raisedBusd: String! averageBnb: String! averageBusd: String! largestBnb: String!
  largestBusd: String! tokensSold: String! contributors: Int! contributions: Int! whitelistSize: Int! hardCapBnb: String
  hardCapBusd: String percentBnb: Float percentBusd: Float open: Boolean! startTime: DateTimeISO endTime: DateTimeISO
  secondsLeft: Int indexedBlock: Int! }
type TimelinePoint { at: DateTimeISO! bnb: String! busd: String! cumulativeBnb: String! cumulativeBusd: String! contributions: Int! }
type ChainIndexStatus { enabled: Boolean! headBlock: Int indexedBlock: Int behind: Int confirmations: Int! lastError: String
  updatedAt: DateTimeISO }
extend type Query {
  allContributions(${LIST_ARGS("ContributionFilter")}): [Contribution!]!
  _allContributionsMeta(${LIST_ARGS("ContributionFilter")}): ListMetadata!
  Contribution(id: ID!): Contribution!
  allWhitelistEntries(${LIST_ARGS("WhitelistEntryFilter")}): [WhitelistEntry!]!
  _allWhitelistEntriesMeta(${LIST_ARGS("WhitelistEntryFilter")}): ListMetadata!
  WhitelistEntry(id: ID!): WhitelistEntry!
  presaleStats(address: String!): PresaleStats!
  presaleTimeline(address: String!, bucket: String!): [TimelinePoint!]!
  chainIndexStatus: ChainIndexStatus!
}`;

/** The schema with the sale-insight API, added only when it is missing. */
export const withSaleInsight = (schema: GraphQLSchema): GraphQLSchema =>
  schema.getType("Contribution") ? schema : extendSchema(schema, parse(CONTRACT));

/** The introspection the admin ships (providers/schema.json), with the sale-insight API when it lacks it. */
export function saleInsightIntrospection(shipped: { types: { name: string }[] }, schema: GraphQLSchema) {
  return shipped.types.some((t) => t.name === "Contribution") ? shipped : introspectionFromSchema(withSaleInsight(schema)).__schema;
}
