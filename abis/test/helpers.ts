/** Shared test helpers: one local chain per test file, revert assertions, time travel. */
import { type Contract, type ContractTransactionResponse, type JsonRpcSigner, type TransactionReceipt } from "ethers";
import { getContractFactory, startLocalChain, type ContractName, type LocalChain } from "../src/node";
import { deployed as deployedContract, mined as minedReceipt } from "../src/receipts";

/** Test chains use ports 8600-8699 only. */
export const TEST_PORT_RANGE: [number, number] = [8600, 8699];

export interface TestChain {
  chain: LocalChain;
  owner: JsonRpcSigner;
  alice: JsonRpcSigner;
  bob: JsonRpcSigner;
  carol: JsonRpcSigner;
}

/** Starts a seeded local chain for the file (beforeAll) and stops it afterwards (afterAll). */
export function useChain(): TestChain {
  const testChain = {} as TestChain;
  beforeAll(async () => {
    testChain.chain = await startLocalChain({ portRange: TEST_PORT_RANGE });
    [testChain.owner, testChain.alice, testChain.bob, testChain.carol] = await Promise.all(
      [0, 1, 2, 3].map((i) => testChain.chain.signer(i)),
    );
  }, 60_000);
  afterAll(async () => {
    await testChain.chain?.stop();
  });
  return testChain;
}

export async function deploy(name: ContractName, signer: JsonRpcSigner, ...args: unknown[]): Promise<Contract> {
  const deployed = await getContractFactory(name, signer).deploy(...args);
  await deployedContract(deployed);
  return deployed as Contract;
}

/** Sends a transaction and waits for its receipt. */
export async function mined(pending: Promise<ContractTransactionResponse>): Promise<TransactionReceipt> {
  return minedReceipt(pending);
}

/** Asserts that the call or transaction reverts with exactly `reason`. */
export async function expectRevert(pending: Promise<unknown>, reason: string): Promise<void> {
  let error: unknown;
  try {
    await pending;
  } catch (e) {
    error = e;
  }
  if (!error) throw new Error(`expected a revert with "${reason}", but it succeeded`);
  const failure = error as { reason?: string | null; shortMessage?: string; message?: string };
  if (failure.reason !== reason) {
    throw new Error(
      `expected revert reason "${reason}", got ${JSON.stringify(failure.reason)} (${failure.shortMessage ?? failure.message})`,
    );
  }
}

export async function increaseTime(chain: LocalChain, seconds: number | bigint): Promise<void> {
  await chain.provider.send("evm_increaseTime", [Number(seconds)]);
  await chain.provider.send("evm_mine", []);
}

export async function mine(chain: LocalChain, blocks = 1): Promise<void> {
  for (let i = 0; i < blocks; i++) await chain.provider.send("evm_mine", []);
}

export async function blockTimestamp(chain: LocalChain, blockNumber: number): Promise<bigint> {
  const block = await chain.provider.getBlock(blockNumber);
  return BigInt(block!.timestamp);
}

/** The ethers Contract connected to another signer (typed as Contract). */
export function as(contract: Contract, signer: JsonRpcSigner): Contract {
  return contract.connect(signer) as Contract;
}
