/**
 * The product's contracts as the admin sees them: names, ABIs and interfaces
 * come from @presale/abis (its pure entry); here is what only the admin needs:
 * which chain-config entry holds each contract's address, which functions only
 * the contract's owner may call, and how messages name each contract.
 */
import { CONTRACT_NAMES, interfaceOf, type ContractKey, type ContractName } from "@presale/abis";

export { CONTRACT_NAMES, abiOf, interfaceOf, type ContractKey, type ContractName } from "@presale/abis";

/** Where a contract's address is found in chainConfig.contracts when a call does not give one. */
export const CONFIG_KEY_OF: Partial<Record<ContractName, ContractKey>> = {
  SaleToken: "token",
  StableCoin: "stable",
  PresaleFactory: "presaleFactory",
  Staking: "staking",
  Farm: "farm",
  PairFactory: "pairFactory",
  Multicall3: "multicall3",
};

/**
 * Functions guarded by `onlyOwner` (from abis/contracts/*.sol; a test checks
 * this table against the sources). sendTransaction checks the connected wallet
 * is the contract's owner() before asking for a signature.
 */
const OWNABLE = ["transferOwnership", "renounceOwnership"];
export const OWNER_ONLY: Readonly<Partial<Record<ContractName, readonly string[]>>> = {
  Presale: [
    "setTokenRatePerEth",
    "setTokenRatePercrypto",
    "setMinEthLimit",
    "setMaxEthLimit",
    "setBUSDMinEthLimit",
    "setBUSDMaxEthLimit",
    "setHardCap",
    "setBUSDHardCap",
    "setCurrentPoolId",
    "setTokenAddress",
    "whitelistedSale",
    "addMultipleWhitelistedAddresses",
    "startPresale",
    "closePresale",
    "finalizeSale",
    "withdrawBNB",
    "withdrawBUSD",
    "getUnsoldTokens",
    ...OWNABLE,
  ],
  PresaleFactory: ["createPresale", ...OWNABLE],
  SaleToken: ["mint", "addBlacklistedUser", "removeBlacklist", ...OWNABLE],
  StableCoin: ["mint", ...OWNABLE],
  Staking: ["addPool", "setPool", "blacklistUser", "removeBlacklistUser", ...OWNABLE],
  Farm: ["add", "set", "updateEmissionRate", ...OWNABLE],
};

export const isOwnerOnly = (contract: ContractName, fn: string) => OWNER_ONLY[contract]?.includes(fn) ?? false;

/** How the owner-check message names each contract ('… is not the owner of this presale …'). */
export const CONTRACT_LABEL: Record<ContractName, string> = {
  Presale: "this presale",
  PresaleFactory: "the presale factory",
  SaleToken: "the token contract",
  StableCoin: "the stable coin contract",
  Staking: "the staking contract",
  Farm: "the farm contract",
  PairFactory: "the pair factory",
  Pair: "this pair",
  Multicall3: "Multicall3",
  IERC20: "this token",
};

/** Every contract interface, to decode revert data whose contract is unknown. */
export const allInterfaces = () => CONTRACT_NAMES.map(interfaceOf);
