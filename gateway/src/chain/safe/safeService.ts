import { MalformedSignatureError, packSignatures, recoverSafeSigner, safeTx, safeTxHash } from "@presale/abis";
import { type Actor, authorizeTo, SYSTEM } from "../../auth/access";
import type { AuthUser } from "../../auth/tokens";
import type { Via } from "../../audit/via";
import { ValidationError } from "../../errors";
import type { ResourceService } from "../../resources/kit/service";
import type { RowOfResource } from "../../resources/kit/define";
import { SafeConfirmation } from "../../resources/safeConfirmation";
import { SafeTransaction, type SafeTxStatus } from "../../resources/safeTransaction";
import { lockFor } from "../../resources/kit/transaction";
import type { ChainService } from "../chainService";
import { checkProposal, type ProposalArgs } from "./proposalInput";
import { addressArg, readSafe, type SafeState } from "./safeReader";

type SafeTransactionRow = RowOfResource<typeof SafeTransaction>;

/** Statuses after which a transaction takes no more signatures: its nonce is spent. */
const CLOSED: readonly SafeTxStatus[] = ["executed", "failed", "replaced"];
/** Statuses still waiting for their nonce. */
const OPEN: readonly SafeTxStatus[] = ["pending", "executable"];

/** Executable once enough owners signed and it is the Safe's next transaction (only that nonce can run). */
export const statusOf = (confirmations: number, safe: Pick<SafeState, "threshold" | "nonce">, nonce: number): SafeTxStatus =>
  confirmations >= safe.threshold && nonce === safe.nonce ? "executable" : "pending";

/**
 * Safe multisig proposals and confirmations. The gateway computes each SafeTx EIP-712 hash itself (chain id and Safe
 * of the active chain) and recovers who signed it, so a stored signature is always a current owner's, once, for this
 * Safe on this chain. Everything is checked before anything is written, the caller's permission first: reading a Safe
 * needs read on SafeTransaction, proposing and confirming need chain on it, whoever calls (a resolver, a route, a job).
 */
export class SafeService {
  constructor(
    private readonly chain: ChainService,
    private readonly transactions: ResourceService<typeof SafeTransaction>,
    private readonly confirmations: ResourceService<typeof SafeConfirmation>,
  ) {}

  private active(field: string) {
    const config = this.chain.active;
    if (!config) throw new ValidationError({ [field]: "No chain is configured (CHAIN=none): Safe transactions need one" });
    return { chainId: config.chainId, provider: this.chain.provider() };
  }

  /**
   * A Safe's owners, threshold and nonce, read from the chain now, and the nonce a new proposal gets by default (which
   * the proposer must sign: the signature covers the nonce).
   */
  async info(address: unknown, actor: Actor): Promise<SafeState & { nextNonce: number }> {
    authorizeTo({ action: "read", resource: SafeTransaction.name }, actor);
    const { chainId, provider } = this.active("address");
    const safe = await readSafe(provider, addressArg("address", address), chainId, "address");
    return { ...safe, nextNonce: await this.nextNonce(safe) };
  }

  /** Stores a new proposal with its proposer's signature (the proposer's confirmation). */
  async propose(args: ProposalArgs, user: AuthUser | undefined, via: Via): Promise<SafeTransactionRow> {
    authorizeTo({ action: "chain", resource: SafeTransaction.name }, user);
    const { chainId, provider } = this.active("safe");
    const proposal = checkProposal(args);
    const safe = await readSafe(provider, proposal.safe, chainId);
    const nonce = proposal.nonce ?? (await this.nextNonce(safe));
    if (nonce < safe.nonce)
      throw new ValidationError({ nonce: `Nonce ${nonce} was already used by this Safe: its next nonce is ${safe.nonce}` });
    const hash = safeTxHash(chainId, safe.address, safeTx({ to: proposal.to, data: proposal.data, value: proposal.value, nonce }));
    const owner = signerOf(hash, proposal.signature, safe);
    if (await this.find(hash)) throw new ValidationError({ safeTxHash: "This transaction is already proposed: confirm it instead" });
    // The proposal and its proposer's signature commit together, or neither does.
    return this.transactions.together(async (joined) => {
      const row = await this.transactions.create(
        {
          safe: safe.address,
          chainId,
          to: proposal.to,
          value: proposal.value.toString(),
          data: proposal.data,
          operation: 0,
          nonce,
          safeTxHash: hash,
          proposer: owner,
          confirmationsRequired: safe.threshold,
          confirmationCount: 1,
          status: statusOf(1, safe, nonce),
        },
        SYSTEM,
        via,
        { recordedAs: user, joined },
      );
      await this.confirmations.create({ safeTxHash: hash, owner, signature: proposal.signature }, SYSTEM, via, {
        recordedAs: user,
        joined,
      });
      return row;
    });
  }

  /** Adds an owner's signature to a proposal still waiting for its nonce. */
  async confirm(rawHash: unknown, signature: unknown, user: AuthUser | undefined, via: Via): Promise<SafeTransactionRow> {
    authorizeTo({ action: "chain", resource: SafeTransaction.name }, user);
    const { chainId, provider } = this.active("safeTxHash");
    if (typeof rawHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(rawHash.trim()))
      throw new ValidationError({ safeTxHash: "safeTxHash must be 0x followed by 64 hex digits" });
    const hash = rawHash.trim().toLowerCase();
    const row = await this.find(hash);
    if (!row) throw new ValidationError({ safeTxHash: "No Safe transaction with this hash was proposed" });
    if (row.chainId !== chainId)
      throw new ValidationError({
        safeTxHash: `This transaction was proposed on chain ${row.chainId}; the gateway works on chain ${chainId}`,
      });
    const safe = await readSafe(provider, row.safe, chainId);
    const owner = signerOf(hash, signature, safe);
    // The signature and the proposal's new count and status commit together. Confirmations of one proposal take
    // turns (its row is locked first), so each counts every signature committed before it.
    return this.transactions.together(async (joined) => {
      const { manager } = joined;
      const locked = (await manager.getRepository(SafeTransaction.name).findOne({
        where: { id: row.id },
        lock: lockFor(manager.connection),
      })) as SafeTransactionRow;
      if (CLOSED.includes(locked.status as SafeTxStatus))
        throw new ValidationError({ safeTxHash: `This transaction is ${locked.status}: it takes no more signatures` });
      if (locked.nonce < safe.nonce)
        throw new ValidationError({
          safeTxHash: `Its nonce ${locked.nonce} was already used by the Safe (next: ${safe.nonce}): it was executed or replaced`,
        });
      const signed = (await manager.getRepository(SafeConfirmation.name).find({ where: { safeTxHash: hash } })) as { owner: string }[];
      if (signed.some((confirmation) => confirmation.owner === owner))
        throw new ValidationError({ signature: `${owner} has already signed this transaction` });
      await this.confirmations.create({ safeTxHash: hash, owner, signature: String(signature).trim() }, SYSTEM, via, {
        recordedAs: user,
        joined,
      });
      const count = signed.filter((confirmation) => safe.owners.includes(confirmation.owner)).length + 1;
      return this.transactions.update(
        row.id,
        { confirmationCount: count, confirmationsRequired: safe.threshold, status: statusOf(count, safe, row.nonce) },
        SYSTEM,
        via,
        { joined },
      );
    });
  }

  /** The signatures of a transaction, oldest first. */
  confirmationsOf(hash: string) {
    return this.confirmations.list({ filter: { safeTxHash: hash }, sortField: "id", sortOrder: "ASC", perPage: 100 }, SYSTEM);
  }

  /** The signatures argument of execTransaction: every stored signature, in owner order. */
  async signaturesOf(hash: string): Promise<string> {
    return packSignatures(await this.confirmationsOf(hash));
  }

  private async find(hash: string): Promise<SafeTransactionRow | undefined> {
    const [row] = await this.transactions.list({ filter: { safeTxHash: hash }, perPage: 1 }, SYSTEM);
    return row;
  }

  /** The next free nonce: the chain's, or one past the highest proposal still waiting, whichever is higher. */
  private async nextNonce(safe: SafeState): Promise<number> {
    let next = safe.nonce;
    for (const status of OPEN) {
      const [highest] = await this.transactions.list(
        { filter: { safe: safe.address, status }, sortField: "nonce", sortOrder: "DESC", perPage: 1 },
        SYSTEM,
      );
      if (highest) next = Math.max(next, highest.nonce + 1);
    }
    return next;
  }
}

/** The owner who signed `hash`, or a field error: a malformed signature, or one that recovers to someone not an owner. */
function signerOf(hash: string, signature: unknown, safe: SafeState): string {
  let signer: string;
  try {
    signer = recoverSafeSigner(hash, typeof signature === "string" ? signature.trim() : "");
  } catch (e) {
    if (e instanceof MalformedSignatureError) throw new ValidationError({ signature: e.message });
    throw e;
  }
  // A signature for another Safe or chain id signs another hash: it recovers to an unrelated address.
  if (!safe.owners.includes(signer))
    throw new ValidationError({
      signature: `The signature is not from an owner of this Safe (signed for another Safe or chain?): it recovers to ${signer}`,
    });
  return signer;
}
