import { ChainConfig, ContractKey, ContractName, interfaceOf, readPresale, receiptWithin } from "@presale/abis";
import { getAddress, Provider, TransactionDescription, TransactionReceipt } from "ethers";
import { SYSTEM } from "../auth/access";
import type { AuthUser } from "../auth/tokens";
import { ValidationError } from "../errors";
import type { ChainTransaction } from "../resources/chainTransaction";
import type { RowOfResource } from "../resources/kit/define";
import { SYSTEM_VIA, type Via } from "../audit/via";
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

/** LaunchPad's limit on the token's name and symbol (a token may declare longer ones). */
const TEXT_LIMIT = 100;

/**
 * After a mined setTokenAddress (its TokenAddressChanged event emitted by the
 * presale itself is the proof), brings the presale's LaunchPad record in step
 * with the chain: the token address and the token's name, symbol and decimals.
 * The values are the presale's current ones, so a transaction recorded late
 * cannot roll the record back to an older token.
 */
async function followTokenChange(
  presaleAddress: string,
  receipt: TransactionReceipt,
  provider: Provider,
  launchPads: ResourceService<typeof LaunchPad>,
  via: Via,
) {
  const presale = interfaceOf("Presale");
  const changed = receipt.logs.some(
    (log) => getAddress(log.address) === presaleAddress && presale.parseLog(log)?.name === "TokenAddressChanged",
  );
  if (!changed) return;
  const [launchPad] = await launchPads.list({ filter: { presaleAddress }, perPage: 1 }, SYSTEM);
  if (!launchPad) return;
  const onChain = await readPresale(provider, presaleAddress);
  await launchPads.update(
    launchPad.id,
    {
      tokenAddress: onChain.tokenAddress,
      tokenName: onChain.tokenName.slice(0, TEXT_LIMIT),
      tokenSymbol: onChain.tokenSymbol.slice(0, TEXT_LIMIT),
      tokenDecimal: onChain.tokenDecimals,
    },
    SYSTEM,
    via,
  );
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
  request: Via = SYSTEM_VIA,
): Promise<RowOfResource<typeof ChainTransaction>> {
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new ValidationError({ hash: "Hash must be 0x followed by 64 hex digits" });
  // What this transaction changes is recorded as a chain action, naming it (and the request that asked).
  const via: Via = { ...request, transport: "chain", txHash: hash.toLowerCase(), chainId: chain.config.chainId };
  const [known] = await history.list({ filter: { hash: hash.toLowerCase() }, perPage: 1 }, user);
  if (known) return known;

  const { provider, config } = chain;
  const tx = await provider.getTransaction(hash);
  if (!tx) throw new ValidationError({ hash: `No transaction ${hash} on chain ${config.chainId}` });
  if (!tx.to) throw new ValidationError({ hash: "Contract deployments are not recorded" });
  const receipt = await receiptWithin(provider, hash, 30_000);
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

  // Before the history entry: once recorded, the transaction is never read again.
  if (contract === "Presale" && decoded.name === "setTokenAddress" && receipt.status === 1)
    await followTokenChange(to, receipt, provider, launchPads, via);

  // Records arrive from the chain (no role creates them): the caller's right to record was checked by the
  // resolver (chain on a chain record); the event still names the caller.
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
    SYSTEM,
    via,
    { recordedAs: user },
  );
}
