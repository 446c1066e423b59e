import { interfaceOf, safeInterface, safeTxHash } from "@presale/abis";
import { AbiCoder, getAddress } from "ethers";

/** The presale events the indexer keeps (PresaleFactory's PresaleCreated tells it which presales to follow). */
export const PRESALE_EVENTS = [
  "TokensBought",
  "TokensClaimed",
  "WhitelistedAddressAdded",
  "WhitelistToggled",
  "SettingChanged",
  "TokenAddressChanged",
  "PresaleStarted",
  "PresaleClosed",
  "SaleFinalized",
  "Withdrawn",
] as const;

const presale = interfaceOf("Presale");
const factory = interfaceOf("PresaleFactory");

export const PRESALE_CREATED_TOPIC = factory.getEvent("PresaleCreated")!.topicHash;
export const PRESALE_TOPICS = PRESALE_EVENTS.map((name) => presale.getEvent(name)!.topicHash);

/**
 * The Safe events the indexer follows for every Safe with a stored proposal: SafeMultiSigTransaction (SafeL2; its
 * nonce spends every proposal at that nonce), then ExecutionSuccess or ExecutionFailure naming the safeTxHash run.
 */
export const SAFE_EVENTS = ["SafeMultiSigTransaction", "ExecutionSuccess", "ExecutionFailure"] as const;
export const SAFE_TOPICS = SAFE_EVENTS.map((name) => safeInterface.getEvent(name)!.topicHash);

/** A log as eth_getLogs returns it (hex quantities). */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

/** A decoded event: addresses checksummed, integers as decimal text, so it round-trips through JSON exactly. */
export interface ChainEvent {
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
  address: string;
  name: string;
  args: Record<string, string | boolean>;
}

/** Decodes a log of the factory, a presale or a Safe on chain `chainId`; null for a log of another event (or an undecodable one). */
export function decodeLog(log: RawLog, chainId: number): ChainEvent | null {
  if (SAFE_TOPICS.includes(log.topics[0])) return decodeSafeLog(log, chainId);
  const iface = log.topics[0] === PRESALE_CREATED_TOPIC ? factory : presale;
  let parsed;
  try {
    parsed = iface.parseLog({ topics: log.topics, data: log.data });
  } catch {
    return null;
  }
  if (!parsed) return null;
  const args: ChainEvent["args"] = {};
  parsed.fragment.inputs.forEach((input, at) => {
    const value: unknown = parsed.args[at];
    args[input.name] =
      input.type === "address" ? getAddress(String(value)) : typeof value === "boolean" ? value : String(value as bigint | string);
  });
  return eventOf(log, parsed.name, args);
}

/** Where a log sits, with its decoded name and arguments. */
const eventOf = (log: RawLog, name: string, args: ChainEvent["args"]): ChainEvent => ({
  blockNumber: Number(BigInt(log.blockNumber)),
  blockHash: log.blockHash.toLowerCase(),
  txHash: log.transactionHash.toLowerCase(),
  logIndex: Number(BigInt(log.logIndex)),
  address: getAddress(log.address),
  name,
  args,
});

/**
 * A Safe event, keeping only what the proposals' statuses need: the nonce a SafeMultiSigTransaction spent and the
 * safeTxHash it ran (computed from its fields: not its call data and signatures, which the stored proposal holds),
 * the safeTxHash of an execution.
 */
function decodeSafeLog(log: RawLog, chainId: number): ChainEvent | null {
  let parsed;
  try {
    parsed = safeInterface.parseLog({ topics: log.topics, data: log.data });
  } catch {
    return null;
  }
  if (!parsed) return null;
  if (parsed.name === "SafeMultiSigTransaction") {
    const [nonce] = AbiCoder.defaultAbiCoder().decode(["uint256", "address", "uint256"], parsed.args.additionalInfo as string);
    const { to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver } = parsed.args;
    const ran = safeTxHash(chainId, log.address, {
      ...{ to, value, data, operation: Number(operation), safeTxGas, baseGas, gasPrice, gasToken, refundReceiver },
      nonce: nonce as bigint,
    });
    return eventOf(log, parsed.name, { nonce: String(nonce as bigint), txHash: ran.toLowerCase() });
  }
  return eventOf(log, parsed.name, { txHash: String(parsed.args.txHash).toLowerCase() });
}
