/**
 * Deploys the Safe 1.4.1 contracts from their npm artifacts (@safe-global/safe-contracts, nothing downloaded) and
 * creates Safes through the proxy factory, as Safe{Wallet} does: Node only (reads the artifacts from disk).
 */
import fs from "node:fs";
import path from "node:path";
import { ContractFactory, getAddress, Interface, ZeroAddress, type InterfaceAbi, type Signer } from "ethers";
import { deployed, mined } from "./receipts";

type Log = (line: string) => void;

/** The Safe contracts a chain needs: the L2 singleton (its events carry each transaction), factory, handler, MultiSend. */
export interface SafeDeployment {
  singleton: string;
  proxyFactory: string;
  fallbackHandler: string;
  multiSendCallOnly: string;
}

const ARTIFACTS = {
  singleton: "SafeL2.sol/SafeL2.json",
  proxyFactory: "proxies/SafeProxyFactory.sol/SafeProxyFactory.json",
  fallbackHandler: "handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json",
  multiSendCallOnly: "libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json",
} as const satisfies Record<keyof SafeDeployment, string>;

interface HardhatArtifact {
  abi: InterfaceAbi;
  bytecode: string;
}

/** Where @safe-global/safe-contracts keeps its compiled contracts (a static specifier, so dependency checks see it). */
const safeArtifactsDir = () =>
  path.join(path.dirname(require.resolve("@safe-global/safe-contracts/package.json")), "build/artifacts/contracts");

/** A Safe contract's compiled artifact, as the package ships it (read when first needed: only the local chain deploys them). */
export function safeArtifact(key: keyof SafeDeployment): HardhatArtifact {
  return JSON.parse(fs.readFileSync(path.join(safeArtifactsDir(), ARTIFACTS[key]), "utf8")) as HardhatArtifact;
}

/** Deploys the singleton, proxy factory, fallback handler and MultiSendCallOnly from `signer`. */
export async function deploySafeContracts(signer: Signer, log: Log = () => {}): Promise<SafeDeployment> {
  const out = {} as SafeDeployment;
  for (const key of Object.keys(ARTIFACTS) as (keyof SafeDeployment)[]) {
    const { abi, bytecode } = safeArtifact(key);
    const contract = await deployed(await new ContractFactory(abi, bytecode, signer).deploy());
    out[key] = getAddress(await contract.getAddress());
    log(`deployed Safe ${key} at ${out[key]}`);
  }
  return out;
}

/**
 * Creates a Safe with `owners` and `threshold` through the proxy factory (createProxyWithNonce with setup as the
 * initializer, the compatibility fallback handler set) and returns its address, read from the ProxyCreation event.
 */
export async function createSafe(
  signer: Signer,
  deployment: SafeDeployment,
  owners: readonly string[],
  threshold: number,
  saltNonce: bigint = BigInt(Date.now()),
): Promise<string> {
  const singleton = new Interface(safeArtifact("singleton").abi);
  const initializer = singleton.encodeFunctionData("setup", [
    owners.map((o) => getAddress(o)),
    threshold,
    ZeroAddress,
    "0x",
    deployment.fallbackHandler,
    ZeroAddress,
    0n,
    ZeroAddress,
  ]);
  const factory = new ContractFactory(safeArtifact("proxyFactory").abi, "0x", signer).attach(deployment.proxyFactory);
  const receipt = await mined(
    signer.sendTransaction({
      to: deployment.proxyFactory,
      data: factory.interface.encodeFunctionData("createProxyWithNonce", [deployment.singleton, initializer, saltNonce]),
    }),
  );
  for (const entry of receipt.logs) {
    if (getAddress(entry.address) !== getAddress(deployment.proxyFactory)) continue;
    const parsed = factory.interface.parseLog(entry);
    if (parsed?.name === "ProxyCreation") return getAddress(parsed.args.proxy as string);
  }
  throw new Error("createProxyWithNonce: no ProxyCreation event in the receipt");
}
