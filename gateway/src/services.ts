import type { DataSource } from "typeorm";
import { AuthService } from "./auth/authService";
import { LoginLimiter } from "./auth/loginLimiter";
import { ChainService } from "./chain/chainService";
import { TokenService } from "./auth/tokens";
import type { Config } from "./config";
import { ImageStore } from "./images/store";
import type { Logger } from "./logger";
import { resources } from "./resources";
import { launchPads } from "./resources/chainRecords";
import { chainTransactions } from "./resources/chainTransactions";
import { ResourceService } from "./resources/kit/service";

/** Everything a request handler may use, built once per process. */
export class Services {
  readonly images: ImageStore;
  readonly auth: AuthService;
  readonly chain: ChainService;
  private readonly byName = new Map<string, ResourceService>();

  constructor(
    readonly config: Config,
    readonly ds: DataSource,
    readonly log: Logger,
  ) {
    this.images = new ImageStore(config.imagesDir);
    for (const r of resources) this.byName.set(r.name, new ResourceService(r, ds, this.images));
    this.auth = new AuthService(this, new TokenService(config.jwtSecret, config.jwtTtl), new LoginLimiter());
    this.chain = new ChainService(config.chain, this.resource(launchPads.name), this.resource(chainTransactions.name), log);
  }

  resource(name: string): ResourceService {
    const service = this.byName.get(name);
    if (!service) throw new Error(`Unknown resource ${name}`);
    return service;
  }
}
