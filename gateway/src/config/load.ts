import type { ChainConfig } from "@presale/abis";
import { accountConfig, accountSettings, type Registration, type SignInLimits, type SubscriptionLimits } from "./accounts";
import { chainConfig, chainSettings } from "./chain";
import { chainIndexConfig, chainIndexSettings, type ChainIndexConfig } from "./chainIndex";
import { dataConfig, dataSettings, type DatabaseConfig } from "./data";
import { redisConfig, redisSettings } from "./redis";
import { requestConfig, requestSettings, type GraphqlLimits } from "./requests";
import { s3Config, s3Settings, type S3Config } from "./s3";
import { serverConfig, serverSettings, type TrustProxy } from "./server";
import { readSettings, type Env } from "./setting";
import { webhookConfig, webhookSettings, type WebhookConfig } from "./webhooks";

export interface Config {
  port: number;
  dataDir: string;
  imagesDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  jwtTtl: string;
  /** The key API tokens are hashed with (HMAC-SHA-256); the same on every replica. */
  apiTokenSecret: string;
  /** Requests per minute one API token may make (API_TOKEN_RATE_PER_MINUTE). */
  apiTokenRatePerMinute: number;
  admin: { name: string; email: string; password?: string };
  registration: Registration;
  corsOrigins: string[];
  maxUploadBytes: number;
  logLevel: string;
  adminDist: string;
  /** The active chain (CHAIN and its overrides); null for CHAIN=none. */
  chain: ChainConfig | null;
  /** WalletConnect Cloud project id, served to the admin with the chain config. */
  walletConnectProjectId: string | null;
  /** NODE_ENV=production: schema exposure defaults off. */
  production: boolean;
  /** express's `trust proxy` setting (TRUST_PROXY): false, a hop count, or addresses and subnets. */
  trustProxy: TrustProxy;
  graphql: GraphqlLimits;
  /** Largest JSON (or urlencoded) body, in bytes. */
  maxJsonBytes: number;
  /** Largest raster image accepted, in pixels (width × height). */
  maxImagePixels: number;
  /** How long SIGTERM/SIGINT wait for in-flight requests before closing. */
  shutdownGraceMs: number;
  signIn: SignInLimits;
  /** Every user must turn two-factor sign-in on before doing anything else. */
  requireTwoFactor: boolean;
  /** Memory for compressed public answers (PUBLIC_CACHE_MB); 0 turns the cache off. */
  publicCacheBytes: number;
  /** Shared state (limits, session cache) in Redis; null keeps it in this process. */
  redis: { url: string; prefix: string } | null;
  /** How long a starting process waits for another one's migrations and seeds (STARTUP_LOCK_TIMEOUT_S). */
  startupLockTimeoutMs: number;
  /** Bearer token /metrics requires (METRICS_TOKEN); null serves it to anyone who reaches it. */
  metricsToken: string | null;
  /** This process's name in every log line and in /readyz (REPLICA_ID). */
  replicaId: string;
  /** Images in an S3-compatible bucket (S3_BUCKET set); null keeps them under imagesDir. */
  s3: S3Config | null;
  /** Days audit events are kept (AUDIT_RETENTION_DAYS); null keeps them forever. */
  auditRetentionDays: number | null;
  /** The chain event indexer (chain/indexer); unused with CHAIN=none. */
  chainIndex: ChainIndexConfig;
  /** GraphQL subscriptions over Server-Sent Events (GET/POST /graphql/stream). */
  subscriptions: SubscriptionLimits;
  /** Signed webhooks (webhooks/): who may be called, and how deliveries are retried. */
  webhooks: WebhookConfig;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once, at start, as the setting groups declare it. Every bad value is reported together,
 * each with what was expected, before anything starts (or is written, as the generated JWT secret is).
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const server = readSettings(serverSettings, env, problems);
  const data = readSettings(dataSettings, env, problems);
  const accounts = readSettings(accountSettings, env, problems);
  const requests = readSettings(requestSettings, env, problems);
  const redis = readSettings(redisSettings, env, problems);
  const s3 = s3Config(readSettings(s3Settings, env, problems), env, problems);
  const chain = chainConfig(readSettings(chainSettings, env, problems), problems);
  const chainIndex = readSettings(chainIndexSettings, env, problems);
  const webhooks = readSettings(webhookSettings, env, problems);
  if (problems.length) throw new ConfigError("Invalid configuration:\n  - " + problems.join("\n  - "));

  const { production, ...serverRest } = serverConfig(server);
  const { dataDir, ...dataRest } = dataConfig(data);
  return {
    production,
    ...serverRest,
    dataDir,
    ...dataRest,
    ...accountConfig(accounts, dataDir),
    ...requestConfig(requests, production),
    redis: redisConfig(redis),
    s3,
    ...chain,
    chainIndex: chainIndexConfig(chainIndex, chain.chain),
    webhooks: webhookConfig(webhooks),
  };
}
