import { ChainConfig, LOCAL_CHAIN_ID } from "@presale/abis";
import { flag, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

/** How the chain indexer follows the presale factory and its presales. */
export interface ChainIndexConfig {
  /** CHAIN_INDEXER: false leaves the indexer off on this replica (the API still serves what is indexed). */
  enabled: boolean;
  /** Blocks per eth_getLogs request (CHAIN_LOG_RANGE); halved while the endpoint refuses a range. */
  logRange: number;
  /** Blocks kept behind the head (CHAIN_CONFIRMATIONS): 0 on the local chain, 15 on BNB Smart Chain and its testnet. */
  confirmations: number;
  /** Time between polls (CHAIN_INDEX_INTERVAL_MS). */
  intervalMs: number;
  /** First block read when nothing is indexed yet (CHAIN_INDEX_FROM_BLOCK): the factory's deployment block. */
  fromBlock: number;
}

export const chainIndexSettings = settingGroup({
  title: "Chain indexer",
  intro: "How it follows the presales: [operations](operations.md#chain-indexer).",
  settings: {
    CHAIN_INDEXER: setting({
      parse: flag,
      default: "true",
      description: "`false` keeps the chain indexer off on this replica (the API still serves what is indexed)",
    }),
    CHAIN_LOG_RANGE: setting({
      parse: wholeNumber(1, 1_000_000),
      default: "5000",
      description:
        "blocks per `eth_getLogs` request of the indexer; halved while the endpoint refuses a span, grown back after 16 accepted",
    }),
    CHAIN_CONFIRMATIONS: setting({
      parse: wholeNumber(0, 10_000),
      unset: "`0` locally, `15` on 56 and 97",
      description: "blocks the indexer stays behind the head",
    }),
    CHAIN_INDEX_INTERVAL_MS: setting({
      parse: wholeNumber(100, 3_600_000),
      unset: "`1000` locally, `5000` otherwise",
      description: "time between indexer polls (doubling up to a minute while the RPC fails)",
    }),
    CHAIN_INDEX_FROM_BLOCK: setting({
      parse: wholeNumber(0, 2 ** 31 - 1),
      default: "0",
      description: "first block read when nothing is indexed yet: set it to the factory's deployment block on BSC",
    }),
  },
});

/**
 * The indexer's pace, by chain. Local blocks are final (one node, no forks); BSC finalises in about 2 blocks under
 * fast finality, 15 blocks (~11 s) covers reorgs of non-finalised blocks with room.
 */
export function chainIndexConfig(values: Values<typeof chainIndexSettings>, chain: ChainConfig | null): ChainIndexConfig {
  const local = chain?.chainId === LOCAL_CHAIN_ID || Boolean(chain?.local);
  return {
    enabled: values.CHAIN_INDEXER,
    logRange: values.CHAIN_LOG_RANGE,
    confirmations: values.CHAIN_CONFIRMATIONS ?? (local ? 0 : 15),
    intervalMs: values.CHAIN_INDEX_INTERVAL_MS ?? (local ? 1000 : 5000),
    fromBlock: values.CHAIN_INDEX_FROM_BLOCK,
  };
}
