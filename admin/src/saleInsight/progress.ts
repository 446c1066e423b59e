/**
 * Progress of many presales in ONE Multicall3 eth_call (the LaunchPad list's
 * page, the Dashboard's open sales), and the bigint arithmetic the bars use.
 */
import { getAddress } from "ethers";
import { readMany, type ReadCall } from "../chain/reads";

export interface PresaleProgress {
  address: string;
  ethEarned: bigint;
  busdEarned: bigint;
  hardCap: bigint;
  busdHardCap: bigint;
  isPresaleOpen: boolean;
  /** Unix seconds; 0 before the sale starts. */
  endTime: bigint;
}

const FIELDS = ["ethEarned", "busdEarned", "hardCap", "BUSDhardCap", "isPresaleOpen", "endTime"] as const;

/** Every presale's figures in one call, by the address as given; a presale that does not answer (no contract there) maps to null. */
export async function readPresaleProgress(addresses: readonly string[]): Promise<Map<string, PresaleProgress | null>> {
  const calls: ReadCall[] = addresses.flatMap((address) =>
    FIELDS.map((fn) => ({ address, contract: "Presale" as const, fn, allowFailure: true })),
  );
  const values = await readMany(calls);
  return new Map(
    addresses.map((given, i) => {
      const address = getAddress(given);
      const row = values.slice(i * FIELDS.length, (i + 1) * FIELDS.length);
      if (row.some((v) => v === undefined)) return [given, null];
      const [ethEarned, busdEarned, hardCap, busdHardCap, isPresaleOpen, endTime] = row;
      return [
        given,
        {
          address,
          ethEarned: ethEarned as bigint,
          busdEarned: busdEarned as bigint,
          hardCap: hardCap as bigint,
          busdHardCap: busdHardCap as bigint,
          isPresaleOpen: isPresaleOpen as boolean,
          endTime: endTime as bigint,
        },
      ];
    }),
  );
}
