import { ChainConfig, ContractKey, ContractName, interfaceOf } from "@presale/abis";
import { getAddress, Provider, TransactionDescription } from "ethers";
import { SYSTEM } from "../auth/access";
import type { AuthUser } from "../auth/tokens";
import { ValidationError } from "../errors";
import type { ChainTransaction } from "../resources/chainTransaction";
import type { RowOfResource } from "../resources/kit/define";
import type { ResourceService } from "../resources/kit/service";
import type { LaunchPad } from "../resources/launchPad";

const NAME_OF: Record<ContractKey, ContractName> = {
  farm: "Farm",
  pairFactory: "PairFactory",
  presaleFactory: "PresaleFactory",
  staking: "Staking",
  token: "SaleToken",
  stable: "StableCoin",
  multicall3: "Multicall3",
};
/** Tried in order for an address that is not one of the configured contracts (a presale, another sale token). */
const FALLBACK: ContractName[] = ["Presale", "SaleToken"];

/** Arguments as JSON: bigints as decimal strings, named by the ABI. */
function argsJson(call: TransactionDescription): string {
  const plain = (v: unknown): unknown => (typeof v === "bigint" ? v.toString() : Array.isArray(v) ? v.map(plain) : v);
  return JSON.stringify(Object.fromEntries(call.fragment.inputs.map((input, i) => [input.name || `arg${i}`, plain(call.args[i])])));
}

/**
 * Records a transaction from the chain itself: the gateway reads it, waits for
 * its receipt and decodes contract, function and arguments, so the history
 * holds what happened, not what a client claims.
 */
export async function recordTransaction(
  hash: unknown,
  user: AuthUser | undefined,
  chain: { config: ChainConfig; provider: Provider },
  history: ResourceService<typeof ChainTransaction>,
  launchPads: ResourceService<typeof LaunchPad>,
): Promise<RowOfResource<typeof ChainTransaction>> {
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new ValidationError({ hash: "Hash must be 0x followed by 64 hex digits" });
  const [known] = await history.list({ filter: { hash: hash.toLowerCase() }, perPage: 1 }, user);
  if (known) return known;

  const { provider, config } = chain;
  const tx = await provider.getTransaction(hash);
  if (!tx) throw new ValidationError({ hash: `No transaction ${hash} on chain ${config.chainId}` });
  if (!tx.to) throw new ValidationError({ hash: "Contract deployments are not recorded" });
  const receipt = (await provider.getTransactionReceipt(hash)) ?? (await provider.waitForTransaction(hash, 1, 30_000));
  if (!receipt) throw new ValidationError({ hash: "The transaction is not mined yet; try again shortly" });

  const to = getAddress(tx.to);
  const configured = (Object.keys(NAME_OF) as ContractKey[]).find((k) => config.contracts[k] === to);
  const candidates = configured ? [NAME_OF[configured]] : FALLBACK;
  let contract: ContractName | undefined;
  let decoded: TransactionDescription | null = null;
  for (const name of candidates) {
    decoded = interfaceOf(name).parseTransaction({ data: tx.data, value: tx.value });
    if (decoded) {
      contract = name;
      break;
    }
  }
  if (!contract || !decoded) throw new ValidationError({ hash: "Not a call to one of this product's contracts" });

  const isPresale = async (address: string) => (await launchPads.count({ presaleAddress: address }, SYSTEM)) > 0;
  let presaleAddress: string | null = null;
  if (contract === "Presale") presaleAddress = to;
  else if (decoded.name === "createPresale") {
    const factory = interfaceOf("PresaleFactory");
    const event = receipt.logs.map((l) => factory.parseLog(l)).find((e) => e?.name === "PresaleCreated");
    presaleAddress = event ? getAddress(event.args.presale) : null;
  } else if (decoded.name === "transfer" && (await isPresale(getAddress(decoded.args[0])))) {
    presaleAddress = getAddress(decoded.args[0]);
  }

  return history.create(
    {
      hash: hash.toLowerCase(),
      chainId: config.chainId,
      contract,
      contractAddress: to,
      presaleAddress,
      functionName: decoded.name,
      args: argsJson(decoded),
      wallet: tx.from,
      userId: user?.id ?? null,
      userName: user?.name ?? null,
      blockNumber: receipt.blockNumber,
      status: receipt.status === 1 ? "success" : "reverted",
    },
    user,
  );
}
