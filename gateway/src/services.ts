import { Redis } from "ioredis";
import type { DataSource } from "typeorm";
import { AuthService } from "./auth/authService";
import { SessionStore } from "./auth/sessionStore";
import { SignInLimiter } from "./auth/signInLimits";
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
  /** Shared state across replicas when REDIS_URL is set. */
  readonly redis?: Redis;
  private readonly byName = new Map<string, ResourceService>();

  constructor(
    readonly config: Config,
    readonly ds: DataSource,
    readonly log: Logger,
  ) {
    this.images = new ImageStore(config.imagesDir, config.maxImagePixels);
    for (const r of resources) this.byName.set(r.name, new ResourceService(r, ds, this.images));
    this.redis = config.redis ? createRedis(config.redis.url) : undefined;
    const limiter = new SignInLimiter(config.signIn, { redis: this.redis, prefix: config.redis?.prefix ?? "" });
    this.auth = new AuthService(this, new TokenService(config.jwtSecret, config.jwtTtl), limiter, new SessionStore(ds, config.signIn.sessionCacheMs));
    this.chain = new ChainService(config.chain, this.resource(launchPads.name), this.resource(chainTransactions.name), log);
  }

  /** Closes what the services opened (the Redis connection); the DataSource belongs to the caller. */
  async close() {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  resource(name: string): ResourceService {
    const service = this.byName.get(name);
    if (!service) throw new Error(`Unknown resource ${name}`);
    return service;
  }
}

/** Commands fail at once while Redis is away (no offline queue), so callers can fail closed instead of hanging. */
const createRedis = (url: string) => new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
