/** Presale helpers shared by the seed, the gateway (reconcile) and tests: create through the factory, read back. */
import { getAddress, type ContractRunner, type Provider, type Signer, type TransactionReceipt } from "ethers";
import { getContract } from "./contracts";
import { lockDaysForPid } from "./chains";
import { mined } from "./receipts";

/** The arguments of PresaleFactory.createPresale, as base-unit bigints (BNB/BUSD 18 decimals, prices in token units). */
export interface PresaleParams {
  token: string;
  /** Token base units per 1 BNB (price × 10^tokenDecimals). */
  priceBNB: bigint;
  /** Token base units per 1 BUSD. */
  priceBUSD: bigint;
  maxBNB: bigint;
  minBNB: bigint;
  maxBUSD: bigint;
  minBUSD: bigint;
  hardCap: bigint;
  busdHardCap: bigint;
  pid: bigint | number;
  staker: string;
}

/** createPresale's positional arguments, in the contract's order. */
export function createPresaleArgs(presaleParams: PresaleParams) {
  return [
    presaleParams.token,
    presaleParams.priceBNB,
    presaleParams.priceBUSD,
    presaleParams.maxBNB,
    presaleParams.minBNB,
    presaleParams.maxBUSD,
    presaleParams.minBUSD,
    presaleParams.hardCap,
    presaleParams.busdHardCap,
    BigInt(presaleParams.pid),
    presaleParams.staker,
  ] as const;
}

/** Tokens a presale needs to cover both hard caps: priceBNB × hardCap + priceBUSD × busdHardCap (scaled by 1e18). */
export function requiredDeposit(presaleParams: Pick<PresaleParams, "priceBNB" | "priceBUSD" | "hardCap" | "busdHardCap">): bigint {
  const unit = 10n ** 18n;
  return (presaleParams.priceBNB * presaleParams.hardCap) / unit + (presaleParams.priceBUSD * presaleParams.busdHardCap) / unit;
}

export interface CreatedPresale {
  presaleAddress: string;
  token: string;
  owner: string;
  transactionHash: string;
  blockNumber: number;
  receipt: TransactionReceipt;
}

/** Sends createPresale through the factory from `signer`, waits for the receipt, reads the PresaleCreated event. */
export async function createPresaleThroughFactory(signer: Signer, factoryAddress: string, params: PresaleParams): Promise<CreatedPresale> {
  const factory = getContract("PresaleFactory", factoryAddress, signer);
  const tx = await factory.createPresale(...createPresaleArgs(params));
  const receipt = await mined(tx);
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== getAddress(factoryAddress)) continue;
    const parsed = factory.interface.parseLog(log);
    if (parsed?.name === "PresaleCreated") {
      return {
        presaleAddress: getAddress(parsed.args.presale),
        token: getAddress(parsed.args.token),
        owner: getAddress(parsed.args.owner),
        transactionHash: receipt.hash,
        blockNumber: receipt.blockNumber,
        receipt,
      };
    }
  }
  throw new Error("createPresale: no PresaleCreated event in the receipt");
}

export interface PresaleCreatedLog {
  token: string;
  presaleAddress: string;
  owner: string;
  blockNumber: number;
  transactionHash: string;
}

/** Every PresaleCreated event of the factory in [fromBlock, toBlock], oldest first. */
export async function listPresalesCreated(
  provider: Provider,
  factoryAddress: string,
  fromBlock: number = 0,
  toBlock: number | "latest" = "latest",
): Promise<PresaleCreatedLog[]> {
  const factory = getContract("PresaleFactory", factoryAddress, provider);
  const events = await factory.queryFilter(factory.filters.PresaleCreated(), fromBlock, toBlock);
  return events.map((e) => {
    const args = (e as unknown as { args: { token: string; presale: string; owner: string } }).args;
    return {
      token: getAddress(args.token),
      presaleAddress: getAddress(args.presale),
      owner: getAddress(args.owner),
      blockNumber: e.blockNumber,
      transactionHash: e.transactionHash,
    };
  });
}

/** What a launchpad record needs, plus the live state of the sale, read from a presale and its token. */
export interface PresaleDetails {
  presaleAddress: string;
  tokenAddress: string;
  tokenName: string;
  tokenSymbol: string;
  tokenDecimals: number;
  owner: string;
  staker: string;
  pid: number;
  lockDays: number;
  priceBNB: bigint;
  priceBUSD: bigint;
  minBNB: bigint;
  maxBNB: bigint;
  minBUSD: bigint;
  maxBUSD: bigint;
  hardCap: bigint;
  busdHardCap: bigint;
  ethEarned: bigint;
  busdEarned: bigint;
  intervalSeconds: bigint;
  endTime: bigint;
  isPresaleOpen: boolean;
  isClaimable: boolean;
  isWhitelist: boolean;
  iscrypto: boolean;
}

/** PresaleDetails field → the Presale getter that holds it. */
const PRESALE_GETTERS = {
  tokenAddress: "tokenAddress",
  owner: "owner",
  staker: "Staker",
  pid: "currentPoolId",
  priceBNB: "tokenRatePerEth",
  priceBUSD: "tokenRatePercrypto",
  minBNB: "minEthLimit",
  maxBNB: "maxEthLimit",
  minBUSD: "BUSDminEthLimit",
  maxBUSD: "BUSDmaxEthLimit",
  hardCap: "hardCap",
  busdHardCap: "BUSDhardCap",
  ethEarned: "ethEarned",
  busdEarned: "busdEarned",
  intervalSeconds: "intervalDays",
  endTime: "endTime",
  isPresaleOpen: "isPresaleOpen",
  isClaimable: "isClaimable",
  isWhitelist: "isWhitelist",
  iscrypto: "iscrypto",
} as const;

/** Reads a presale (the calls go out together: ethers batches JSON-RPC requests made in the same tick). */
export async function readPresale(runner: ContractRunner, presaleAddress: string): Promise<PresaleDetails> {
  const presale = getContract("Presale", presaleAddress, runner);
  const names = Object.keys(PRESALE_GETTERS) as (keyof typeof PRESALE_GETTERS)[];
  const values = await Promise.all(names.map((name) => presale[PRESALE_GETTERS[name]]()));
  const named = Object.fromEntries(names.map((name, i) => [name, values[i]])) as Record<(typeof names)[number], any>;
  const { tokenAddress, owner, staker, pid } = named;
  const token = getContract("IERC20", tokenAddress, runner);
  const [tokenName, tokenSymbol, tokenDecimals] = await Promise.all([token.name(), token.symbol(), token.decimals()]);
  return {
    ...named,
    presaleAddress: getAddress(presaleAddress),
    tokenAddress: getAddress(tokenAddress),
    tokenName,
    tokenSymbol,
    tokenDecimals: Number(tokenDecimals),
    owner: getAddress(owner),
    staker: getAddress(staker),
    pid: Number(pid),
    lockDays: lockDaysForPid(pid),
  };
}
