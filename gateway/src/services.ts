import { Redis } from "ioredis";
import type { DataSource } from "typeorm";
import { AuthService } from "./auth/authService";
import { SessionStore } from "./auth/sessionStore";
import { SignInLimiter } from "./auth/signInLimits";
import { AnswerCache } from "./cache/answerCache";
import { LocalVersions, type ResourceVersions } from "./cache/versions";
import { ChainService } from "./chain/chainService";
import { TokenService } from "./auth/tokens";
import type { Config } from "./config";
import { createImageStore } from "./images/createStore";
import type { ImageStore } from "./images/store";
import type { Logger } from "./logger";
import { resources } from "./resources";
import { LaunchPad } from "./resources/launchPad";
import { User } from "./resources/user";
import { ChainTransaction } from "./resources/chainTransaction";
import type { AnyResource } from "./resources/kit/define";
import { ResourceService } from "./resources/kit/service";

/** Everything a request handler may use, built once per process. */
export class Services {
  readonly images: ImageStore;
  /** Each resource's version, bumped by its writes; cached answers are keyed by it. */
  readonly versions: ResourceVersions = new LocalVersions();
  /** Public answers, compressed once (REST lists). */
  readonly answers: AnswerCache;
  readonly auth: AuthService;
  readonly chain: ChainService;
  /** Shared state across replicas when REDIS_URL is set. */
  readonly redis?: Redis;
  private readonly byResource = new Map<AnyResource, ResourceService>();

  constructor(
    readonly config: Config,
    readonly ds: DataSource,
    readonly log: Logger,
  ) {
    this.images = createImageStore(config, log);
    this.answers = new AnswerCache(config.publicCacheBytes);
    const changed = (resource: AnyResource) => this.versions.bump(resource.name);
    for (const resource of resources) this.byResource.set(resource, new ResourceService(resource, ds, this.images, changed));
    this.redis = config.redis ? createRedis(config.redis.url) : undefined;
    const limiter = new SignInLimiter(config.signIn, { redis: this.redis, prefix: config.redis?.prefix ?? "" });
    this.auth = new AuthService({
      ds,
      users: this.resource(User),
      config,
      log,
      tokens: new TokenService(config.jwtSecret, config.jwtTtl),
      limiter,
      sessions: new SessionStore(ds, config.signIn.sessionCacheMs),
    });
    this.chain = new ChainService(config.chain, this.resource(LaunchPad), this.resource(ChainTransaction), log);
  }

  /** Closes what the services opened (the Redis connection, the image store's); the DataSource belongs to the caller. */
  async close() {
    await this.images.close();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /** The service of a declared resource, typed by its declaration. */
  resource<R extends AnyResource>(declaration: R): ResourceService<R> {
    const service = this.byResource.get(declaration);
    if (!service) throw new Error(`${declaration.name} is not in the resources list`);
    return service as unknown as ResourceService<R>;
  }
}

/** Commands fail at once while Redis is away (no offline queue), so callers can fail closed instead of hanging. */
const createRedis = (url: string) => new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
