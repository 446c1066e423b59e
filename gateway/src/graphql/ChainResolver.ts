import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { ChainTransaction } from "../resources/chainTransaction";
import { resourceTypes } from "./resourceTypes";
import { callerOf, type GqlContext } from "./context";

@ObjectType({ description: "Contract addresses on the active chain" })
class ChainContracts {
  @Field(() => String) farm: string;
  @Field(() => String) pairFactory: string;
  @Field(() => String) presaleFactory: string;
  @Field(() => String) staking: string;
  @Field(() => String) token: string;
  @Field(() => String) stable: string;
  @Field(() => String) multicall3: string;
}

@ObjectType({ description: "The chain this deployment works on (CHAIN), so one admin build works on any chain" })
class ChainConfigType {
  @Field(() => Int) chainId: number;
  @Field(() => String) rpcUrl: string;
  @Field(() => String, { nullable: true, description: "Block explorer base URL; null on the local chain" })
  explorerUrl: string | null;
  @Field(() => ChainContracts) contracts: ChainContracts;
  @Field(() => String, { nullable: true, description: "WalletConnect Cloud project id (WALLETCONNECT_PROJECT_ID); null when unset" })
  walletConnectProjectId: string | null;
}

@Resolver()
export class ChainResolver {
  @Query(() => ChainConfigType, { name: "chainConfig", nullable: true, description: "Null when CHAIN=none" })
  chainConfig(@Ctx() ctx: GqlContext) {
    const config = ctx.services.chain.publicConfig;
    return config && { ...config, walletConnectProjectId: ctx.services.config.walletConnectProjectId };
  }

  @Mutation(() => Int, {
    description: "Imports every presale of the factory's PresaleCreated events that has no launchpad record; returns how many",
  })
  reconcileLaunchPads(@Ctx() ctx: GqlContext) {
    return ctx.services.chain.reconcileLaunchPads(callerOf(ctx));
  }

  @Mutation(() => resourceTypes(ChainTransaction).object, {
    description: "Adds a mined transaction to the history; the gateway reads and decodes it from the chain. Idempotent.",
  })
  recordChainTransaction(@Arg("hash", () => String) hash: string, @Ctx() ctx: GqlContext) {
    return ctx.services.chain.recordTransaction(hash, callerOf(ctx), ctx.via);
  }
}
