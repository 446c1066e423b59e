import { createChainProvider } from "@presale/abis";
import { FetchRequest, JsonRpcProvider, toQuantity } from "ethers";
import { countRpcCalls } from "../../metrics";
import type { RawLog } from "./events";

/** A hung endpoint must not stall the indexer: each request gives up after this long (and the poll backs off). */
const REQUEST_TIMEOUT_MS = 15_000;

export interface BlockHeader {
  number: number;
  hash: string;
  /** Seconds since 1970. */
  timestamp: number;
}

/**
 * The few JSON-RPC calls the indexer makes, one request each (no batching, so
 * an endpoint's refusal of one call is not mixed with the others), counted in
 * /metrics like the gateway's other chain calls.
 */
export class IndexerRpc {
  private readonly provider: JsonRpcProvider | ReturnType<typeof createChainProvider>;

  constructor(rpcUrl: string, chainId: number) {
    if (/^wss?:/i.test(rpcUrl)) this.provider = countRpcCalls(createChainProvider({ rpcUrl, chainId }));
    else {
      const request = new FetchRequest(rpcUrl);
      request.timeout = REQUEST_TIMEOUT_MS;
      this.provider = countRpcCalls(new JsonRpcProvider(request, chainId, { staticNetwork: true, cacheTimeout: -1, batchMaxCount: 1 }));
    }
  }

  async blockNumber(): Promise<number> {
    return Number(BigInt(await this.provider.send("eth_blockNumber", [])));
  }

  /** The block at `number`, or null when the chain is shorter (a reorg or a revert took it). */
  async block(number: number): Promise<BlockHeader | null> {
    const block = (await this.provider.send("eth_getBlockByNumber", [toQuantity(number), false])) as {
      number: string;
      hash: string;
      timestamp: string;
    } | null;
    return block && { number: Number(BigInt(block.number)), hash: block.hash.toLowerCase(), timestamp: Number(BigInt(block.timestamp)) };
  }

  getLogs(addresses: string[], topics: string[], fromBlock: number, toBlock: number): Promise<RawLog[]> {
    return this.provider.send("eth_getLogs", [
      { address: addresses, topics: [topics], fromBlock: toQuantity(fromBlock), toBlock: toQuantity(toBlock) },
    ]) as Promise<RawLog[]>;
  }

  /**
   * eth_call of a uint getter (a presale's hardCap, BUSDhardCap) as of a block; the current value when the node no
   * longer has that block's state (public BSC nodes keep about 128 blocks). Null when the answer is not a number.
   */
  async callUint(to: string, data: string, blockNumber: number): Promise<bigint | null> {
    let answer: unknown;
    try {
      answer = await this.provider.send("eth_call", [{ to, data }, toQuantity(blockNumber)]);
    } catch {
      answer = await this.provider.send("eth_call", [{ to, data }, "latest"]);
    }
    return typeof answer === "string" && /^0x[0-9a-f]{1,64}$/i.test(answer) ? BigInt(answer) : null;
  }

  destroy() {
    this.provider.destroy();
  }
}

/** What an endpoint answers when a getLogs span or its result is too large (BSC: "exceed maximum block range: 5000", "limit exceeded"). */
const RANGE_REFUSED =
  /block range|range (is )?too (large|wide|big)|limit exceeded|exceed|too many (results|logs|blocks)|query returned more than|response size|log response size/i;

/** Whether an RPC error is a refusal of the requested range (to be split), not an outage. */
export function isRangeRefusal(error: unknown): boolean {
  return RANGE_REFUSED.test(errorText(error));
}

/** An RPC error's own message, however deep ethers wrapped it. */
export function errorText(error: unknown): string {
  const wrapped = error as {
    message?: string;
    shortMessage?: string;
    error?: { message?: string };
    info?: { error?: { message?: string } };
  };
  return (
    [wrapped?.error?.message, wrapped?.info?.error?.message, wrapped?.shortMessage, wrapped?.message].filter(Boolean).join(": ") ||
    String(error)
  );
}
