import { getAddress } from "ethers";
import { Redis } from "ioredis";
import type { DataSource } from "typeorm";
import { AuthService } from "./auth/authService";
import { setHashRounds } from "./auth/passwords";
import { grantable } from "./auth/roles";
import { grantables } from "./grantables";
import { SessionMarks } from "./auth/sessionMarks";
import { ApiTokenAuthenticator } from "./auth/apiTokenAuth";
import { ApiTokenService } from "./auth/apiTokens";
import { SessionStore } from "./auth/sessionStore";
import { SignInLimiter } from "./auth/signInLimits";
import { AnswerCache } from "./cache/answerCache";
import { RedisVersions } from "./cache/redisVersions";
import { LocalVersions, type ResourceVersions } from "./cache/versions";
import { ChainService } from "./chain/chainService";
import { SafeService } from "./chain/safe/safeService";
import { ChainIndexer } from "./chain/indexer/chainIndexer";
import { readIndexStatus } from "./chain/indexer/indexStatus";
import { TokenService } from "./auth/tokens";
import type { Config } from "./config";
import { answersWithin } from "./http/probe";
import { createImageStore } from "./images/createStore";
import type { ImageStore } from "./images/store";
import type { Logger } from "./logger";
import { resources } from "./resources";
import { LaunchPad } from "./resources/launchPad";
import { User } from "./resources/user";
import { ChainTransaction } from "./resources/chainTransaction";
import { SafeConfirmation } from "./resources/safeConfirmation";
import { SafeTransaction } from "./resources/safeTransaction";
import { AuditEvent } from "./resources/auditEvent";
import { AuditTrail } from "./audit/trail";
import { ChangeFeed } from "./changes/feed";
import { Revisions } from "./audit/revisions";
import { AuditRetention } from "./audit/retention";
import type { AnyResource } from "./resources/kit/define";
import { ResourceService } from "./resources/kit/service";
import { WebhookEndpoints } from "./webhooks/endpoints";
import { WebhookOutbox } from "./webhooks/outbox";
import { WebhookWorker } from "./webhooks/worker";

/** Everything a request handler may use, built once per process. */
export class Services {
  readonly images: ImageStore;
  /** Each resource's version, bumped by its writes; cached answers are keyed by it (shared through Redis when configured). */
  readonly versions: ResourceVersions;
  /** Public answers, compressed once (REST lists). */
  readonly answers: AnswerCache;
  readonly auth: AuthService;
  readonly apiTokens: ApiTokenService;
  readonly chain: ChainService;
  /** Safe multisig proposals and confirmations, their signatures checked against the chain. */
  readonly safe: SafeService;
  /** Where every writer appends its audit events. */
  readonly trail: AuditTrail;
  /** Every committed write, on this replica and (through Redis) the others: subscriptions and webhooks follow it. */
  readonly changes: ChangeFeed;
  /** Records' histories, read from the audit trail, and restoring a revision. */
  readonly revisions: Revisions;
  /** Deletes audit events past AUDIT_RETENTION_DAYS (started by main.ts once migrations ran). */
  readonly retention: AuditRetention;
  /** Webhook endpoints, their delivery logs, redeliveries and test events. */
  readonly webhooks: WebhookEndpoints;
  /** Sends the webhook outbox (started by main.ts once migrations ran). */
  readonly webhookWorker: WebhookWorker;
  /** Shared state across replicas when REDIS_URL is set. */
  readonly redis?: Redis;
  /** This process's chain indexer, once started (startIndexer); it indexes while it holds the indexer lock. */
  indexer: ChainIndexer | null = null;
  private readonly byResource = new Map<AnyResource, ResourceService>();
  private readonly sessions: SessionStore;
  private readonly apiTokenAuth: ApiTokenAuthenticator;

  constructor(
    readonly config: Config,
    readonly ds: DataSource,
    readonly log: Logger,
  ) {
    grantable(grantables);
    this.images = createImageStore(config, log);
    this.answers = new AnswerCache(config.publicCacheBytes);
    const prefix = config.redis?.prefix ?? "";
    this.redis = config.redis ? createRedis(config.redis.url, log) : undefined;
    this.versions = this.redis ? new RedisVersions(this.redis, prefix, log) : new LocalVersions();
    const changed = (resource: AnyResource) => this.versions.bump(resource.name);
    const versionOf = (resource: AnyResource) => this.versions.of(resource.name);
    // Appending an event is a write of the AuditEvent resource: cached lists of events are dropped after each.
    const events = new ResourceService<AnyResource>(AuditEvent, ds, this.images, changed, versionOf);
    this.changes = new ChangeFeed(ds, log, this.redis, prefix);
    this.trail = new AuditTrail(
      { during: (write) => events.during(write), appended: (event) => events.written(event) },
      this.changes,
      new WebhookOutbox(() => config.webhooks.retryForMs),
    );
    this.webhookWorker = new WebhookWorker(ds, config.webhooks, this.trail, log);
    // Every committed change (here or, through Redis, on another replica) may have left deliveries due.
    this.changes.listen(() => this.webhookWorker.wake());
    this.webhooks = new WebhookEndpoints(ds, this.trail, config.webhooks, () => this.webhookWorker.wake());
    this.byResource.set(AuditEvent, events);
    for (const resource of resources) {
      if (resource !== AuditEvent)
        this.byResource.set(resource, new ResourceService(resource, ds, this.images, changed, versionOf, this.trail));
    }
    this.revisions = new Revisions(ds, (resource) => this.resource(resource));
    this.retention = new AuditRetention(ds, this.trail, config.auditRetentionDays, log);
    setHashRounds(config.signIn.passwordHashRounds);
    const limiter = new SignInLimiter(config.signIn, { redis: this.redis, prefix });
    const marks = this.redis && new SessionMarks(this.redis, prefix);
    this.sessions = new SessionStore(ds, config.signIn.sessionCacheMs, marks);
    this.apiTokenAuth = new ApiTokenAuthenticator({
      ds,
      secret: config.apiTokenSecret,
      ratePerMinute: config.apiTokenRatePerMinute,
      cacheMs: config.signIn.sessionCacheMs,
      log,
      redis: this.redis,
      prefix,
      marks,
    });
    this.apiTokens = new ApiTokenService({ ds, secret: config.apiTokenSecret, trail: this.trail });
    this.auth = new AuthService({
      ds,
      users: this.resource(User),
      config,
      log,
      tokens: new TokenService(config.jwtSecret, config.jwtTtl),
      limiter,
      sessions: this.sessions,
      trail: this.trail,
      apiTokens: this.apiTokenAuth,
    });
    this.chain = new ChainService(config.chain, this.resource(LaunchPad), this.resource(ChainTransaction), log);
    this.safe = new SafeService(this.chain, this.resource(SafeTransaction), this.resource(SafeConfirmation));
  }

  /** What the indexer follows on the active chain (its chain id and presale factory); null for CHAIN=none. */
  get indexScope(): { chainId: number; factory: string } | null {
    const chain = this.chain.active;
    return chain && { chainId: chain.chainId, factory: getAddress(chain.contracts.presaleFactory) };
  }

  /**
   * Starts following the chain's presale events (after chain.start(): the local
   * chain's address is known then). Nothing with CHAIN=none or CHAIN_INDEXER=false.
   */
  startIndexer(overrides: { rpcUrl?: string } = {}): ChainIndexer | null {
    const chain = this.chain.active;
    const scope = this.indexScope;
    if (!chain || !scope || !this.config.chainIndex.enabled || this.indexer) return this.indexer;
    this.indexer = new ChainIndexer({
      ds: this.ds,
      database: this.config.database,
      chainId: scope.chainId,
      factory: scope.factory,
      rpcUrl: overrides.rpcUrl ?? chain.rpcUrl,
      config: this.config.chainIndex,
      log: this.log,
      changed: (names) => names.forEach((name) => void Promise.resolve(this.versions.bump(name)).catch(() => undefined)),
      trail: this.trail,
    });
    this.indexer.start();
    return this.indexer;
  }

  /** How far the indexer is (read from the database: any replica answers, without calling the chain). */
  indexStatus() {
    const scope = this.indexScope;
    return readIndexStatus(
      this.ds,
      scope && { ...scope, confirmations: this.config.chainIndex.confirmations, enabled: this.config.chainIndex.enabled },
    );
  }

  /** Closes what the services opened (the indexer, the Redis connections, the image store's); the DataSource belongs to the caller. */
  async close() {
    await this.indexer?.stop();
    this.indexer = null;
    await this.retention.stop();
    await this.webhookWorker.stop();
    this.sessions.close();
    // A session's last use being recorded finishes before the caller closes the database.
    await this.sessions.idle();
    this.apiTokenAuth.close();
    if (this.versions instanceof RedisVersions) await this.versions.close();
    await this.changes.close();
    await this.images.close();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /**
   * Waits for the Redis connection and the change feed's subscription (at most `timeoutMs` in all), so that a replica
   * does not answer its first sign-ins or change streams 503 while they are still being made. False when Redis refused
   * or did not come: the replica starts anyway, failing closed, and ioredis keeps reconnecting.
   */
  async redisConnected(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    if (!(await this.mainRedisConnected(timeoutMs))) return false;
    return this.changes.whenLive(Math.max(0, deadline - Date.now()));
  }

  private async mainRedisConnected(timeoutMs: number): Promise<boolean> {
    const redis = this.redis;
    if (!redis || redis.status === "ready") return true;
    let settle = (_connected: boolean) => undefined as void;
    const outcome = new Promise<boolean>((resolve) => (settle = resolve));
    const onReady = () => settle(true);
    const onError = () => settle(false);
    const timer = setTimeout(onError, timeoutMs);
    redis.once("ready", onReady).once("error", onError);
    return outcome.finally(() => {
      clearTimeout(timer);
      redis.off("ready", onReady).off("error", onError);
    });
  }

  /** Whether Redis answers a PING within `timeoutMs`; undefined when no REDIS_URL is set (for /healthz and readiness). */
  async redisReachable(timeoutMs = 1000): Promise<boolean | undefined> {
    if (!this.redis) return undefined;
    const redis = this.redis;
    return answersWithin(() => redis.ping(), timeoutMs);
  }

  /** The service of a declared resource, typed by its declaration. */
  resource<R extends AnyResource>(declaration: R): ResourceService<R> {
    const service = this.byResource.get(declaration);
    if (!service) throw new Error(`${declaration.name} is not in the resources list`);
    return service as unknown as ResourceService<R>;
  }
}

/**
 * Commands fail at once while Redis is away (no offline queue) and after a
 * second when it hangs, so callers can fail closed instead of waiting; ioredis
 * reconnects by itself, and each loss and return is logged once.
 */
function createRedis(url: string, log: Logger) {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: false });
  let state: "unknown" | "up" | "down" = "unknown";
  redis.on("ready", () => {
    if (state !== "up") log.info("Redis connected");
    state = "up";
  });
  redis.on("error", (err) => {
    if (state !== "down")
      log.warn({ err }, "Redis does not answer: sign-in refuses (503), reads go uncached to the database until it returns");
    state = "down";
  });
  return redis;
}
