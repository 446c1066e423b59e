import { Arg, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from "type-graphql";
import { SafeConfirmation } from "../resources/safeConfirmation";
import { SafeTransaction } from "../resources/safeTransaction";
import { callerOf, type GqlContext } from "./context";
import { resourceTypes } from "./resourceTypes";

@ObjectType({ description: "A Safe multisig as the chain has it now" })
class SafeInfo {
  @Field(() => String, { description: "The Safe (checksummed)" }) address: string;
  @Field(() => [String], { description: "Its owners (checksummed), in the Safe's order" }) owners: string[];
  @Field(() => Int, { description: "Signatures a transaction needs" }) threshold: number;
  @Field(() => Int, { description: "The nonce of its next transaction" }) nonce: number;
  @Field(() => Int, {
    description: "The nonce a new proposal gets by default: past the chain's and every proposal still waiting (sign with it)",
  })
  nextNonce: number;
}

const transactionType = resourceTypes(SafeTransaction).object;
const confirmationType = resourceTypes(SafeConfirmation).object;

/**
 * Safe multisig transactions (names published to integrators): read a Safe, propose a transaction with
 * the proposer's EIP-712 signature, confirm it with another owner's; allSafeTransactions (the generated list) adds
 * each one's confirmations and packed signatures. The service checks the caller's permission and every signature
 * itself (chain/safe/).
 */
@Resolver(() => transactionType)
export class SafeResolver {
  @Query(() => SafeInfo, { description: "A Safe's owners, threshold and nonce, read from the active chain" })
  safeInfo(@Arg("address", () => String) address: string, @Ctx() ctx: GqlContext) {
    return ctx.services.safe.info(address, callerOf(ctx));
  }

  @Mutation(() => transactionType, {
    description:
      "Proposes a Safe transaction (a call: operation 0, no gas refund) signed by one owner (eth_signTypedData_v4 of its SafeTx). " +
      "The nonce defaults to the next free one.",
  })
  proposeSafeTransaction(
    @Arg("safe", () => String) safe: string,
    @Arg("to", () => String) to: string,
    @Arg("data", () => String) data: string,
    @Arg("value", () => String, { nullable: true, description: "Wei, as decimal text (default 0)" }) value: string | null,
    @Arg("nonce", () => Int, { nullable: true }) nonce: number | null,
    @Arg("signature", () => String, { description: "The proposer's 65-byte signature of the SafeTx hash" }) signature: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.safe.propose({ safe, to, data, value, nonce, signature }, callerOf(ctx), ctx.via);
  }

  @Mutation(() => transactionType, { description: "Adds an owner's signature to a proposed Safe transaction" })
  confirmSafeTransaction(
    @Arg("safeTxHash", () => String) safeTxHash: string,
    @Arg("signature", () => String) signature: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.safe.confirm(safeTxHash, signature, callerOf(ctx), ctx.via);
  }

  @FieldResolver(() => [confirmationType], { description: "The owners' signatures so far, oldest first" })
  confirmations(@Root() row: { safeTxHash: string }, @Ctx() ctx: GqlContext) {
    return ctx.services.safe.confirmationsOf(row.safeTxHash);
  }

  @FieldResolver(() => String, { description: "The signatures packed in owner order: execTransaction's last argument once executable" })
  signatures(@Root() row: { safeTxHash: string }, @Ctx() ctx: GqlContext) {
    return ctx.services.safe.signaturesOf(row.safeTxHash);
  }
}
