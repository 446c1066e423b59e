import { Arg, Ctx, Field, Float, GraphQLISODateTime, Int, ObjectType, Query, Resolver } from "type-graphql";
import { authorizeInsight, presaleStats, presaleTimeline } from "../chain/indexer/saleInsight";
import { SYSTEM } from "../auth/access";
import { LaunchPad } from "../resources/launchPad";
import { callerOf, type GqlContext } from "./context";

@ObjectType({ description: "A presale's figures from the indexed chain events; amounts are decimal strings of base units (wei)" })
class PresaleStats {
  @Field(() => String) raisedBnb: string;
  @Field(() => String) raisedBusd: string;
  @Field(() => String) averageBnb: string;
  @Field(() => String) averageBusd: string;
  @Field(() => String) largestBnb: string;
  @Field(() => String) largestBusd: string;
  @Field(() => String, { description: "Tokens sold, in the token's base units" }) tokensSold: string;
  @Field(() => Int, { description: "Distinct buyers" }) contributors: number;
  @Field(() => Int) contributions: number;
  @Field(() => Int, { description: "Whitelisted addresses with an allocation above 0" }) whitelistSize: number;
  @Field(() => String, { nullable: true, description: "Null when unknown" }) hardCapBnb: string | null;
  @Field(() => String, { nullable: true, description: "Null when unknown" }) hardCapBusd: string | null;
  @Field(() => Float, { nullable: true, description: "Percent of the BNB hard cap raised; null when the cap is 0 or unknown" })
  percentBnb: number | null;
  @Field(() => Float, { nullable: true, description: "Percent of the BUSD hard cap raised; null when the cap is 0 or unknown" })
  percentBusd: number | null;
  @Field(() => Boolean) open: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "Null when not started" }) startTime: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "Null when not started" }) endTime: Date | null;
  @Field(() => Int, { nullable: true, description: "Null when closed or unknown" }) secondsLeft: number | null;
  @Field(() => Int, { description: "The block these figures are exact at" }) indexedBlock: number;
}

@ObjectType({ description: "Raised in one hour or day (UTC), and in total up to its end; amounts in wei" })
class TimelinePoint {
  @Field(() => GraphQLISODateTime, { description: "The bucket's start" }) at: Date;
  @Field(() => String) bnb: string;
  @Field(() => String) busd: string;
  @Field(() => String) cumulativeBnb: string;
  @Field(() => String) cumulativeBusd: string;
  @Field(() => Int) contributions: number;
}

@ObjectType({ description: "How far the chain indexer is (as the replica that indexes last recorded it)" })
class ChainIndexStatus {
  @Field(() => Boolean, { description: "False with CHAIN=none or CHAIN_INDEXER=false" }) enabled: boolean;
  @Field(() => Int, { nullable: true, description: "The chain's head at the last poll that reached the RPC" }) headBlock: number | null;
  @Field(() => Int, { nullable: true, description: "The last block indexed" }) indexedBlock: number | null;
  @Field(() => Int, { nullable: true, description: "Confirmed blocks not indexed yet: head − confirmations − indexed" })
  behind: number | null;
  @Field(() => Int) confirmations: number;
  @Field(() => String, { nullable: true, description: "The last poll's error; null when it succeeded" }) lastError: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the indexer last recorded its state" }) updatedAt: Date | null;
}

/** Presale progress from the chain indexer (chain/indexer): figures, a timeline and the indexer's own state. The service checks read on SaleInsight. */
@Resolver()
export class SaleInsightResolver {
  @Query(() => PresaleStats, { description: "A presale's raised amounts, contributors, whitelist size, caps and timing" })
  presaleStats(@Arg("address", () => String) address: string, @Ctx() ctx: GqlContext) {
    const launchPads = ctx.services.resource(LaunchPad);
    return presaleStats(callerOf(ctx), ctx.services.ds, ctx.services.indexScope, address, async (presaleAddress) => {
      const [record] = await launchPads.list({ filter: { presaleAddress }, perPage: 1 }, SYSTEM);
      return record ?? null;
    });
  }

  @Query(() => [TimelinePoint], {
    description: "Raised per hour or day (bucket: hour or day), buckets with contributions only, oldest first",
  })
  presaleTimeline(@Arg("address", () => String) address: string, @Arg("bucket", () => String) bucket: string, @Ctx() ctx: GqlContext) {
    return presaleTimeline(callerOf(ctx), ctx.services.ds, ctx.services.indexScope, address, bucket);
  }

  @Query(() => ChainIndexStatus)
  chainIndexStatus(@Ctx() ctx: GqlContext) {
    authorizeInsight(callerOf(ctx));
    return ctx.services.indexStatus();
  }
}
