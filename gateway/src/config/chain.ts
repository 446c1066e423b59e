import { ChainConfig, ChainConfigError, resolveChainConfig } from "@presale/abis";
import { text } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

const address = (description: string, unset = "the local deployment") => setting({ parse: text, unset, description });

/** The chain's variables are checked, and their defaults given per chain, by resolveChainConfig (@presale/abis). */
export const chainSettings = settingGroup({
  title: "Chain",
  intro: "Which chain the admin's chain screens and the gateway talk to; see [operations](operations.md#bnb-smart-chain).",
  settings: {
    CHAIN: setting({
      parse: text,
      unset: "`local`",
      production: "the default, `local`, starts a development chain",
      description:
        "`local`: start anvil (from the npm package `@foundry-rs/anvil`), deploy the contracts of `abis/contracts`, seed a demo token and presale, stop it with the product; `bsc`: BNB Smart Chain (56); `bsc-testnet`: chain 97; `none`: no chain features, nothing started",
    }),
    CHAIN_RPC_URL: setting({
      parse: text,
      unset: "per chain (`https://bsc-dataseed.binance.org`, `https://data-seed-prebsc-1-s1.binance.org:8545`, `http://127.0.0.1:8545`)",
      description: "JSON-RPC endpoint the admin and the gateway read from",
    }),
    CHAIN_EXPLORER_URL: setting({
      parse: text,
      unset: "`https://bscscan.com`, `https://testnet.bscscan.com`, none locally",
      description: "block explorer for transaction links",
    }),
    FARM_ADDRESS: address("farm contract address (the farm pools)"),
    PAIR_FACTORY_ADDRESS: address("pair factory contract address"),
    PRESALE_FACTORY_ADDRESS: address("presale factory contract address (the indexer follows it)"),
    STAKING_ADDRESS: address("staking contract address"),
    TOKEN_ADDRESS: address("the project's token (its blocklist is the Blocklist screen's)"),
    STABLE_ADDRESS: address("the stable coin pools pair with (BUSD/USDT)"),
    MULTICALL3_ADDRESS: address("Multicall3, for batched reads", "`0xcA11bde05977b3631167028862bE2a173976CA11`"),
    LOCAL_CHAIN_PORT: setting({ parse: text, unset: "`8545`", description: "where the local anvil listens (`CHAIN=local`)" }),
    LOCAL_CHAIN_ID: setting({ parse: text, unset: "`31337`", description: "the local anvil's chain id (`CHAIN=local`)" }),
    WALLETCONNECT_PROJECT_ID: setting({
      parse: text,
      unset: "none (the browser wallet only)",
      description:
        "WalletConnect Cloud project id, served to the admin with the chain config (a build may instead set `VITE_WALLETCONNECT_PROJECT_ID`)",
    }),
  },
});

/** The active chain (null for CHAIN=none), its problems added to the others. */
export function chainConfig(values: Values<typeof chainSettings>, problems: string[]) {
  const { WALLETCONNECT_PROJECT_ID: walletConnectProjectId, ...chainEnv } = values;
  let chain: ChainConfig | null = null;
  try {
    chain = resolveChainConfig(chainEnv);
  } catch (e) {
    if (!(e instanceof ChainConfigError)) throw e;
    problems.push(...e.problems);
  }
  return { chain, walletConnectProjectId: walletConnectProjectId ?? null };
}
