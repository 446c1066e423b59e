import { ChainConfig, createChainProvider, listPresalesCreated, publicChainConfig, readPresale, withLocalDeployment } from "@presale/abis";
import { startLocalChain, type LocalChain } from "@presale/abis/node";
import { formatUnits } from "ethers";
import { countRpcCalls } from "../metrics";
import { type Actor, authorizeTo, authorizeToAny, SYSTEM } from "../auth/access";
import { chainResources } from "../auth/roles";
import type { AuthUser } from "../auth/tokens";
import type { Via } from "../audit/via";
import { ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { ChainTransaction } from "../resources/chainTransaction";
import type { ResourceService } from "../resources/kit/service";
import type { LaunchPad } from "../resources/launchPad";
import { recordTransaction } from "./transactionRecorder";

/** Decimal text without a trailing ".0" (formatUnits writes "100.0"). */
const units = (value: bigint, decimals: number) => formatUnits(value, decimals).replace(/\.0$/, "");

/**
 * The active chain (CHAIN): its public config for the admin, a read provider,
 * and the import of presales that exist on chain but not in the database.
 */
export class ChainService {
  private local?: LocalChain;
  private providerCache?: ReturnType<typeof createChainProvider>;

  constructor(
    private config: ChainConfig | null,
    private readonly launchPads: ResourceService<typeof LaunchPad>,
    private readonly history: ResourceService<typeof ChainTransaction>,
    private readonly log: Logger,
  ) {}

  get active(): ChainConfig | null {
    return this.config;
  }

  /** What any client needs to talk to the chain: chain id, RPC, explorer and contract addresses. */
  get publicConfig() {
    return this.config ? publicChainConfig(this.config) : null;
  }

  /** The read provider of the active chain (throws with CHAIN=none). */
  provider() {
    if (!this.config) throw new Error("No chain is configured (CHAIN=none)");
    this.providerCache ??= countRpcCalls(createChainProvider(this.config));
    return this.providerCache;
  }

  /** For CHAIN=local: starts anvil, deploys the contracts and seeds the demo presale. */
  async start(opts: { portRange?: [number, number] } = {}, env: NodeJS.ProcessEnv = process.env) {
    if (!this.config?.local) return;
    const { port, chainId } = this.config.local;
    this.local = await startLocalChain({
      ...(opts.portRange ? { portRange: opts.portRange } : { port }),
      chainId,
      log: (line: string) => this.log.debug({ anvil: line }),
    });
    this.config = withLocalDeployment(this.config, this.local, env);
    this.log.info({ rpcUrl: this.local.rpcUrl, contracts: this.local.contracts }, "local chain started");
  }

  async stop() {
    this.providerCache?.destroy();
    this.providerCache = undefined;
    await this.local?.stop();
    this.local = undefined;
  }

  /** The local chain, when this process started one (tests use its signers). */
  get localChain() {
    return this.local;
  }

  /**
   * Reads a mined transaction from the chain and adds it to the history. Needs chain on any chain record: what the call
   * touched is known only once it is read, and the history is written by the gateway on the caller's behalf.
   */
  recordTransaction(hash: unknown, user: AuthUser | undefined, via?: Via) {
    authorizeToAny(
      chainResources().map((resource) => ({ action: "chain", resource })),
      user,
    );
    if (!this.config) throw new ValidationError({ hash: "No chain is configured (CHAIN=none)" });
    return recordTransaction(hash, user, { config: this.config, provider: this.provider() }, this.history, this.launchPads, via);
  }

  /**
   * Records every presale of the factory's PresaleCreated events that has no
   * launchpad record yet; idempotent. Returns how many were imported. Needs chain on LaunchPad (the gateway itself
   * reconciles at start).
   */
  async reconcileLaunchPads(actor: Actor): Promise<number> {
    authorizeTo({ action: "chain", resource: "LaunchPad" }, actor);
    if (!this.config) return 0;
    const provider = this.provider();
    const created = await listPresalesCreated(provider, this.config.contracts.presaleFactory);
    let imported = 0;
    for (const event of created) {
      if ((await this.launchPads.count({ presaleAddress: event.presaleAddress }, SYSTEM)) > 0) continue;
      const presale = await readPresale(provider, event.presaleAddress);
      try {
        await this.launchPads.create(
          {
            pid: presale.pid,
            priceToken: units(presale.priceBNB, presale.tokenDecimals),
            priceTokenCrypto: units(presale.priceBUSD, presale.tokenDecimals),
            tokenAddress: presale.tokenAddress,
            tokenName: presale.tokenName,
            tokenSymbol: presale.tokenSymbol,
            tokenDecimal: presale.tokenDecimals,
            bnbMinimumContribution: units(presale.minBNB, 18),
            bnbMaximumContribution: units(presale.maxBNB, 18),
            busdMinimumContribution: units(presale.minBUSD, 18),
            busdMaximumContribution: units(presale.maxBUSD, 18),
            hardCap: units(presale.hardCap, 18),
            busdHardCap: units(presale.busdHardCap, 18),
            presaleAddress: presale.presaleAddress,
          },
          SYSTEM,
          { transport: "chain", txHash: event.transactionHash.toLowerCase(), chainId: this.config.chainId },
        );
        imported++;
      } catch (e) {
        // Saved meanwhile by the admin (the unique address refused the second copy).
        if ((await this.launchPads.count({ presaleAddress: event.presaleAddress }, SYSTEM)) === 0) throw e;
      }
    }
    if (imported) this.log.info({ imported }, "launchpad records imported from the chain");
    return imported;
  }
}
