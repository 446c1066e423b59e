/**
 * The admin's chain layer: wallet connection, batched reads, checked writes,
 * amounts. Import it ONLY lazily (React.lazy for a screen, `await import()` in
 * a handler): it brings ethers and web3-react, and WalletConnect on demand.
 */
export {
  getChainConfig,
  requireChainConfig,
  setChainConfig,
  resetChainConfig,
  addChainParameter,
  chainName,
  explorerTxUrl,
  explorerAddressUrl,
  RPC_URLS,
  type ChainConfig,
  type ChainContracts,
} from "./config";
export { CONTRACT_NAMES, OWNER_ONLY, interfaceOf, abiOf, isOwnerOnly, type ContractName, type ContractKey } from "./contracts";
export { ChainError, humanError, revertReason, errorKind, toChainError, REVERT_MESSAGES, type ChainErrorKind } from "./errors";
export {
  readMany,
  readOne,
  readPresale,
  readToken,
  readBlacklisted,
  getReadProvider,
  readProviderFor,
  closeReadProviders,
  type ReadCall,
  type ReadOptions,
  type PresaleState,
  type TokenInfo,
} from "./reads";
export {
  sendTransaction,
  prepareTransaction,
  recordChainTransaction,
  type TransactionRequest,
  type RecordedTransaction,
} from "./transactions";
export { isSafeOwner, safeCalls, safeFrom, type SafeOwner } from "./safeOwner";
export {
  proposeSafeTransaction,
  proposeCall,
  confirmSafeTransaction,
  rejectSafeTransaction,
  executeRequest,
  listSafeTransactions,
  readOwnerSafe,
  readSafes,
  type SafeSignResult,
  type SafeTransactionRow,
  type SigningWallet,
} from "./safeTransactions";
export {
  BNB_DECIMALS,
  BUSD_DECIMALS,
  parseAmount,
  parseBnb,
  parseBusd,
  parseDays,
  isAmount,
  formatAmount,
  formatBnb,
  formatBusd,
  secondsToDays,
  depositAmount,
  lockDaysForPid,
  shortAddress,
  checkAddress,
  sameAddress,
} from "./units";
export { ensureChain, type Eip1193Provider, type ConnectedWallet, type WalletKind } from "./wallet";
export { WalletContext, type WalletContextValue } from "./WalletContext";
export { WalletProvider, USER_WALLET_KEY, NO_WALLET_MESSAGE, type WalletProviderProps } from "./WalletProvider";
export { useWallet } from "./useWallet";
export { WalletChooser } from "./WalletChooser";
export { ConnectButton, DISCONNECTED_MESSAGE } from "./ConnectButton";
export { useChainAction, CHAIN_ERROR_ANCHOR, type ChainActionOptions } from "./useChainAction";
