/**
 * The product's contracts as data: their names and ABIs (abis/build/abis.json,
 * written by scripts/compile.js), with ethers helpers over them. Pure: the
 * browser, the gateway and the tests import it.
 */
import { Contract, Interface, type ContractRunner, type InterfaceAbi, type JsonFragment } from "ethers";
import abis from "../build/abis.json";

/** Every contract the build produces that has an ABI worth exporting. */
export const CONTRACT_NAMES = [
  "SaleToken",
  "StableCoin",
  "PresaleFactory",
  "Presale",
  "Staking",
  "Farm",
  "PairFactory",
  "Pair",
  "Multicall3",
  "IERC20",
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

const ABIS = abis as unknown as Record<ContractName, JsonFragment[]>;

export function abiOf(name: ContractName): JsonFragment[] {
  const abi = ABIS[name];
  if (!abi) throw new Error(`no ABI for a contract named ${name} in abis/build/abis.json`);
  return abi;
}

/** Every exported ABI by contract name (abis/build/abis.json). */
export function allAbis(): Record<ContractName, JsonFragment[]> {
  return Object.fromEntries(CONTRACT_NAMES.map((name) => [name, abiOf(name)])) as Record<ContractName, JsonFragment[]>;
}

const interfaces = new Map<ContractName, Interface>();
/** One cached ethers Interface per contract. */
export function interfaceOf(name: ContractName): Interface {
  let cached = interfaces.get(name);
  if (!cached) interfaces.set(name, (cached = new Interface(abiOf(name) as InterfaceAbi)));
  return cached;
}

/** An ethers Contract for a deployed `name` at `address`, reading through a provider or writing through a signer. */
export function getContract(name: ContractName, address: string, runner?: ContractRunner | null): Contract {
  return new Contract(address, interfaceOf(name), runner ?? null);
}
