/** Deploys the product's contracts to a (local) chain and seeds the demo token, staking pools and presale. */
import { getAddress, parseEther, parseUnits, ZeroAddress, type Signer } from "ethers";
import { artifact, getContractFactory } from "./artifacts";
import { getContract, type ContractName } from "./contracts";
import { LOCAL_DEPLOY_ORDER, MULTICALL3_ADDRESS, lockDaysForPid, type ContractAddresses, type ContractKey } from "./chains";
import { createPresaleThroughFactory, readPresale, requiredDeposit, type PresaleDetails, type PresaleParams } from "./presales";

import { deployed, mined } from "./receipts";
type Log = (line: string) => void;

export const DEMO_STABLE = { name: "Binance USD", symbol: "BUSD" } as const;
export const DEMO_TOKEN = { name: "Demo Sale Token", symbol: "DST", decimals: 18, supply: parseUnits("100000000", 18) };

/** Farm emission (reward tokens per block) and the reward reserves deposited to the farm and the staking contract. */
export const FARM_REWARD_PER_BLOCK = parseUnits("10", 18);
export const REWARD_RESERVE = parseUnits("10000000", 18);
/** BUSD minted to each funded account (the first five anvil accounts by default). */
export const STABLE_PER_ACCOUNT = parseEther("1000000");

/** The staking pools seeded by pid 0..10: lock days by pid (lockDaysForPid), APR by lock length, 1 token per block. */
export const STAKING_POOL_COUNT = 11;
export function stakingPoolSpec(pid: number) {
  const lockDays = lockDaysForPid(pid);
  const fixedAPR = lockDays <= 5 ? 500n : lockDays <= 90 ? 1000n : lockDays <= 180 ? 2000n : 4000n;
  return { lockDays, lockedPeriod: BigInt(lockDays) * 86_400n, rewardPerBlock: parseUnits("1", 18), fixedAPR };
}

/** The demo presale's parameters (token and staker are filled at deploy time). */
export const DEMO_PRESALE: Omit<PresaleParams, "token" | "staker"> = {
  priceBNB: parseUnits("1000", 18), // 1000 DST per BNB
  priceBUSD: parseUnits("2", 18), // 2 DST per BUSD
  maxBNB: parseEther("10"),
  minBNB: parseEther("0.1"),
  maxBUSD: parseEther("5000"),
  minBUSD: parseEther("50"),
  hardCap: parseEther("100"),
  busdHardCap: parseEther("50000"),
  pid: 0,
};

const CONTRACT_OF: Record<Exclude<ContractKey, "multicall3">, ContractName> = {
  stable: "StableCoin",
  token: "SaleToken",
  staking: "Staking",
  farm: "Farm",
  pairFactory: "PairFactory",
  presaleFactory: "PresaleFactory",
};

async function deploy(name: ContractName, signer: Signer, args: unknown[]): Promise<string> {
  const contract = await getContractFactory(name, signer).deploy(...args);
  await deployed(contract);
  return getAddress(await contract.getAddress());
}

/**
 * Deploys every contract from `signer` in LOCAL_DEPLOY_ORDER (so a fresh anvil's account 0 gives the addresses of
 * predictedLocalAddresses()), and places Multicall3 at its canonical address with anvil_setCode when nothing is there
 * (deploying it normally when the node refuses anvil_setCode).
 */
export async function deployContracts(signer: Signer, log: Log = () => {}): Promise<ContractAddresses> {
  const deployer = await signer.getAddress();
  const out = {} as ContractAddresses;
  for (const key of LOCAL_DEPLOY_ORDER) {
    const args: Record<typeof key, () => unknown[]> = {
      stable: () => [DEMO_STABLE.name, DEMO_STABLE.symbol, 0n],
      token: () => [DEMO_TOKEN.name, DEMO_TOKEN.symbol, DEMO_TOKEN.decimals, DEMO_TOKEN.supply],
      staking: () => [out.token],
      farm: () => [out.token, FARM_REWARD_PER_BLOCK, 0n, deployer],
      pairFactory: () => [],
      presaleFactory: () => [out.stable],
    };
    out[key] = await deploy(CONTRACT_OF[key], signer, args[key]());
    log(`deployed ${CONTRACT_OF[key]} (${key}) at ${out[key]}`);
  }
  out.multicall3 = await placeMulticall3(signer, log);
  return out;
}

async function placeMulticall3(signer: Signer, log: Log): Promise<string> {
  const provider = signer.provider;
  if (!provider) throw new Error("deployContracts: the signer has no provider");
  if ((await provider.getCode(MULTICALL3_ADDRESS)) !== "0x") return MULTICALL3_ADDRESS;
  const send = (provider as unknown as { send?: (m: string, p: unknown[]) => Promise<unknown> }).send;
  if (send) {
    try {
      await send.call(provider, "anvil_setCode", [MULTICALL3_ADDRESS, artifact("Multicall3").deployedBytecode]);
      log(`placed Multicall3 at ${MULTICALL3_ADDRESS}`);
      return MULTICALL3_ADDRESS;
    } catch {
      // not an anvil node: deploy it instead
    }
  }
  const address = await deploy("Multicall3", signer, []);
  log(`deployed Multicall3 at ${address}`);
  return address;
}

/** The seeded demo presale: what a launchpad record needs, and how it was made. */
export interface DemoPresale extends PresaleDetails {
  /** Tokens deposited to the presale (covering both hard caps). */
  deposited: bigint;
  transactionHash: string;
  blockNumber: number;
}

export interface SeedOptions {
  /** Accounts that get STABLE_PER_ACCOUNT BUSD each. */
  fundAccounts?: string[];
  /** Open the demo sale for this many days (default: left closed, deposited and ready to start). */
  startDemoPresaleDays?: number;
  log?: Log;
}

/**
 * Seeds a freshly deployed chain: BUSD to the funded accounts, the staking pools by pid, reward reserves for staking
 * and the farm, and one demo presale created through the factory for the demo token (staker: the staking contract),
 * with the tokens for both hard caps deposited.
 */
export async function seedDemo(signer: Signer, contracts: ContractAddresses, options: SeedOptions = {}): Promise<DemoPresale> {
  const log = options.log ?? (() => {});
  const send = mined;

  const stable = getContract("StableCoin", contracts.stable, signer);
  for (const account of options.fundAccounts ?? [await signer.getAddress()]) {
    await send(stable.mint(account, STABLE_PER_ACCOUNT));
  }

  const staking = getContract("Staking", contracts.staking, signer);
  for (let pid = 0; pid < STAKING_POOL_COUNT; pid++) {
    const spec = stakingPoolSpec(pid);
    await send(staking.addPool(spec.lockedPeriod, spec.rewardPerBlock, spec.fixedAPR));
  }
  const token = getContract("SaleToken", contracts.token, signer);
  await send(token.transfer(contracts.staking, REWARD_RESERVE));
  await send(token.transfer(contracts.farm, REWARD_RESERVE));

  const params: PresaleParams = { ...DEMO_PRESALE, token: contracts.token, staker: contracts.staking };
  const created = await createPresaleThroughFactory(signer, contracts.presaleFactory, params);
  const deposited = requiredDeposit(params);
  await send(token.transfer(created.presaleAddress, deposited));
  if (options.startDemoPresaleDays) {
    await send(getContract("Presale", created.presaleAddress, signer).startPresale(options.startDemoPresaleDays));
  }
  log(`seeded demo presale ${created.presaleAddress} for ${DEMO_TOKEN.symbol} ${contracts.token}`);
  const details = await readPresale(signer, created.presaleAddress);
  return { ...details, deposited, transactionHash: created.transactionHash, blockNumber: created.blockNumber };
}

/** The token of the Safe-owned demo presale (its own token, so the factory's presale of the demo token stays the first). */
export const SAFE_DEMO_TOKEN = { name: "Multisig Demo Token", symbol: "MDT", decimals: 18, supply: parseUnits("100000000", 18) };

/**
 * Seeds the second demo presale, owned by `safe`: a token of its own, a presale created through the factory with the
 * demo presale's prices and limits (no staker: the staking contract holds the demo token only), its tokens deposited,
 * then its ownership transferred to the Safe, so every owner action on it needs the Safe's owners.
 */
export async function seedSafePresale(
  signer: Signer,
  contracts: ContractAddresses,
  safe: string,
  log: Log = () => {},
): Promise<DemoPresale> {
  const tokenAddress = await deploy("SaleToken", signer, [
    SAFE_DEMO_TOKEN.name,
    SAFE_DEMO_TOKEN.symbol,
    SAFE_DEMO_TOKEN.decimals,
    SAFE_DEMO_TOKEN.supply,
  ]);
  const params: PresaleParams = { ...DEMO_PRESALE, token: tokenAddress, staker: ZeroAddress };
  const created = await createPresaleThroughFactory(signer, contracts.presaleFactory, params);
  const deposited = requiredDeposit(params);
  await mined(getContract("SaleToken", tokenAddress, signer).transfer(created.presaleAddress, deposited));
  await mined(getContract("Presale", created.presaleAddress, signer).transferOwnership(safe));
  log(`seeded Safe-owned presale ${created.presaleAddress} for ${SAFE_DEMO_TOKEN.symbol} ${tokenAddress}, owner ${safe}`);
  const details = await readPresale(signer, created.presaleAddress);
  return { ...details, deposited, transactionHash: created.transactionHash, blockNumber: created.blockNumber };
}
