import { interfaceOf } from "@presale/abis";
import { getAddress } from "ethers";

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

/** Decodes a log of the factory or of a presale; null for a log of another event (or an undecodable one). */
export function decodeLog(log: RawLog): ChainEvent | null {
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
  return {
    blockNumber: Number(BigInt(log.blockNumber)),
    blockHash: log.blockHash.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(BigInt(log.logIndex)),
    address: getAddress(log.address),
    name: parsed.name,
    args,
  };
}
