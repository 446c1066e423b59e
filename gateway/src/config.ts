import { createHmac, randomBytes } from "crypto";
import { existsSync, readFileSync, writeFileSync } from "fs";
import { isIP } from "net";
import path from "path";
import { ensurePrivateDir } from "./files";
import { defaultReplicaId } from "./logger";
import { ChainConfig, ChainConfigError, LOCAL_CHAIN_ID, resolveChainConfig } from "@presale/abis";
import type { S3StoreConfig } from "./images/s3Store";

export type Registration = "open" | "approval" | "closed";

export interface Config {
  port: number;
  dataDir: string;
  imagesDir: string;
  /** mysql://user:pass@host:port/db, or a SQLite file path. */
  database: { type: "mysql"; url: string } | { type: "sqlite"; file: string };
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
  trustProxy: boolean | number | string[];
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

/** Signed webhooks: which addresses may be called, and how deliveries are retried (WEBHOOK_*). */
export interface WebhookConfig {
  /** Private, loopback, link-local and metadata addresses may be called (tests reach a receiver on 127.0.0.1). */
  allowPrivate: boolean;
  /** Plain http:// URLs are accepted. */
  allowHttp: boolean;
  /** How long one attempt may take, connection to the end of the answer. */
  timeoutMs: number;
  /** The first wait after a failed attempt; each next one doubles (with jitter), up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a delivery is retried before it is marked failed. */
  retryForMs: number;
  /** Failed deliveries in a row after which an endpoint is disabled. */
  maxFailures: number;
  /** Days a finished delivery stays in its endpoint's log. */
  logDays: number;
  /** How often a worker looks for due deliveries (a change on this replica or, through Redis, another wakes it at once). */
  pollMs: number;
}

/** How many change streams may be open, and how often each checks that its session still lives. */
export interface SubscriptionLimits {
  /** SUBSCRIPTIONS_PER_USER: streams one user (their sessions and tokens together) may hold open. */
  perUser: number;
  /** SUBSCRIPTIONS_MAX: streams this process holds open in all. */
  total: number;
  /** SUBSCRIPTION_RECHECK_MS: how often a stream checks its session (it ends within this of a sign-out). */
  recheckMs: number;
}

/** How the chain indexer follows the presale factory and its presales. */
export interface ChainIndexConfig {
  /** CHAIN_INDEXER: false leaves the indexer off on this replica (the API still serves what is indexed). */
  enabled: boolean;
  /** Blocks per eth_getLogs request (CHAIN_LOG_RANGE); halved while the endpoint refuses a range. */
  logRange: number;
  /** Blocks kept behind the head (CHAIN_CONFIRMATIONS): 0 on the local chain, 15 on BNB Smart Chain and its testnet. */
  confirmations: number;
  /** Time between polls (CHAIN_INDEX_INTERVAL_MS). */
  intervalMs: number;
  /** First block read when nothing is indexed yet (CHAIN_INDEX_FROM_BLOCK): the factory's deployment block. */
  fromBlock: number;
}

/** The S3 image store: the bucket, how to reach it, and an optional public base URL (a CDN) to redirect /Images to. */
export interface S3Config extends S3StoreConfig {
  publicUrl: string | null;
}

/** Brute-force protection of sign-in and registration. */
export interface SignInLimits {
  /** Failures in a row for one email from one IP before that pair is blocked (the block doubles each time); also wrong codes in a row for one user. */
  maxFailuresPerPair: number;
  /** Failures per IP in 24 hours before that IP is blocked for a day. */
  maxFailuresPerIpPerDay: number;
  /** Failures per email in an hour, from anywhere, past which each attempt for it is slowed down. */
  slowDownAfterPerEmail: number;
  /** Self-registrations per IP per hour. */
  registrationsPerIpPerHour: number;
  /** How long a checked session is trusted by this process before it is looked up again. */
  sessionCacheMs: number;
  /** bcrypt cost of new password hashes (each step doubles the work of a guess, and of a sign-in). */
  passwordHashRounds: number;
}

/** Per-request limits on GraphQL documents, checked before execution. */
export interface GraphqlLimits {
  introspection: boolean;
  explorer: boolean;
  /** Rows a request may ask for in total: each list field counts its perPage. */
  maxCost: number;
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  /** How often one field may be selected in one selection set. */
  maxFieldRepeats: number;
  maxDirectives: number;
}

export class ConfigError extends Error {}

const TTL = /^\d+\s*(ms|s|m|h|d|w|y)?$/;

/**
 * Reads the environment once, at start. Every bad value is reported together,
 * each with what was expected, before anything starts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (key: string, fallback: string) => (env[key] ?? "").trim() || fallback;

  const port = Number(str("PORT", "4000"));
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (0-65535), got "${env.PORT}"`);

  const dataDir = path.resolve(str("DATA_DIR", "./data"));

  const url = str("DATABASE_URL", "");
  let database: Config["database"] = { type: "sqlite", file: path.join(dataDir, "presale.sqlite") };
  if (url) {
    if (/^mysql:\/\//i.test(url)) {
      try {
        const parsed = new URL(url);
        if (!parsed.pathname.replace("/", "")) problems.push("DATABASE_URL must name a database: mysql://user:pass@host:port/db");
        database = { type: "mysql", url };
      } catch {
        problems.push(`DATABASE_URL is not a valid URL: "${url}"`);
      }
    } else if (/^sqlite:/i.test(url)) {
      database = { type: "sqlite", file: path.resolve(url.replace(/^sqlite:(\/\/)?/i, "")) };
    } else {
      problems.push(`DATABASE_URL must start with mysql:// or sqlite:, got "${url.replace(/\/\/[^@]*@/, "//***@")}"`);
    }
  }

  const jwtTtl = str("JWT_TTL", "12h");
  if (!TTL.test(jwtTtl)) problems.push(`JWT_TTL must be a duration such as 12h, 30m or 7d, got "${jwtTtl}"`);

  const registration = str("REGISTRATION", "approval") as Registration;
  if (!["open", "approval", "closed"].includes(registration)) {
    problems.push(`REGISTRATION must be open, approval or closed, got "${registration}"`);
  }

  const maxUploadMb = Number(str("MAX_UPLOAD_MB", "5"));
  if (!(maxUploadMb > 0 && maxUploadMb <= 100))
    problems.push(`MAX_UPLOAD_MB must be a number of megabytes between 0 and 100, got "${env.MAX_UPLOAD_MB}"`);

  const adminEmail = str("ADMIN_EMAIL", "admin@example.com");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) problems.push(`ADMIN_EMAIL must be an email address, got "${adminEmail}"`);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push("ADMIN_PASSWORD must be at least 8 characters");

  const jwtSecretEnv = env.JWT_SECRET || undefined;
  if (jwtSecretEnv !== undefined && jwtSecretEnv.length < 32) problems.push("JWT_SECRET must be at least 32 characters");
  const apiTokenSecretEnv = env.API_TOKEN_SECRET || undefined;
  if (apiTokenSecretEnv !== undefined && apiTokenSecretEnv.length < 32) problems.push("API_TOKEN_SECRET must be at least 32 characters");

  const logLevel = str("LOG_LEVEL", "info");
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`);
  }

  const int = (key: string, fallback: number, min: number, max: number) => {
    const raw = str(key, String(fallback));
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      problems.push(`${key} must be a whole number between ${min} and ${max}, got "${raw}"`);
    return value;
  };
  const apiTokenRatePerMinute = int("API_TOKEN_RATE_PER_MINUTE", 600, 1, 1_000_000);
  const subscriptions: SubscriptionLimits = {
    perUser: int("SUBSCRIPTIONS_PER_USER", 5, 1, 1000),
    total: int("SUBSCRIPTIONS_MAX", 1000, 1, 100_000),
    recheckMs: int("SUBSCRIPTION_RECHECK_MS", 2000, 100, 60_000),
  };
  const bool = (key: string, fallback: boolean) => {
    const raw = str(key, String(fallback)).toLowerCase();
    if (!["true", "false", "1", "0"].includes(raw)) problems.push(`${key} must be true or false, got "${env[key]}"`);
    return raw === "true" || raw === "1";
  };
  const webhooks: WebhookConfig = {
    allowPrivate: bool("WEBHOOK_ALLOW_PRIVATE", false),
    allowHttp: bool("WEBHOOK_ALLOW_HTTP", false),
    timeoutMs: int("WEBHOOK_TIMEOUT_MS", 10_000, 100, 60_000),
    retryBaseMs: int("WEBHOOK_RETRY_BASE_MS", 5_000, 10, 3_600_000),
    retryMaxMs: int("WEBHOOK_RETRY_MAX_MS", 3_600_000, 10, 86_400_000),
    retryForMs: int("WEBHOOK_RETRY_FOR_MS", 86_400_000, 1_000, 30 * 86_400_000),
    maxFailures: int("WEBHOOK_MAX_FAILURES", 5, 1, 10_000),
    pollMs: int("WEBHOOK_POLL_MS", 1_000, 10, 60_000),
    logDays: int("WEBHOOK_LOG_DAYS", 30, 1, 3650),
  };
  const production = str("NODE_ENV", "development") === "production";
  const introspection = bool("GRAPHQL_INTROSPECTION", !production);
  const graphql: GraphqlLimits = {
    introspection,
    explorer: bool("GRAPHQL_EXPLORER", !production),
    maxCost: int("GRAPHQL_MAX_COST", 5000, 1, 1_000_000),
    // The standard introspection query (graphql-js getIntrospectionQuery) is 21 deep.
    maxDepth: int("GRAPHQL_MAX_DEPTH", 25, 2, 100),
    maxAliases: int("GRAPHQL_MAX_ALIASES", 30, 2, 1000),
    maxTokens: int("GRAPHQL_MAX_TOKENS", 5000, 100, 1_000_000),
    maxFieldRepeats: int("GRAPHQL_MAX_FIELD_REPEATS", 10, 1, 1000),
    maxDirectives: int("GRAPHQL_MAX_DIRECTIVES", 20, 0, 1000),
  };
  const maxJsonKb = int("MAX_JSON_KB", 2048, 1, 100 * 1024);
  const maxImageMegapixels = Number(str("MAX_IMAGE_MEGAPIXELS", "50"));
  if (!(maxImageMegapixels > 0 && maxImageMegapixels <= 1000)) {
    problems.push(`MAX_IMAGE_MEGAPIXELS must be a number of megapixels between 0 and 1000, got "${env.MAX_IMAGE_MEGAPIXELS}"`);
  }
  const shutdownGraceMs = int("SHUTDOWN_GRACE_MS", 10_000, 0, 600_000);
  const publicCacheMb = int("PUBLIC_CACHE_MB", 64, 0, 65_536);
  const trustProxy = parseTrustProxy(str("TRUST_PROXY", "false"), problems);
  const signIn: SignInLimits = {
    maxFailuresPerPair: int("LOGIN_MAX_FAILURES", 10, 1, 1000),
    maxFailuresPerIpPerDay: int("LOGIN_MAX_FAILURES_PER_IP", 100, 1, 100_000),
    slowDownAfterPerEmail: int("LOGIN_SLOWDOWN_AFTER", 10, 1, 100_000),
    registrationsPerIpPerHour: int("REGISTRATIONS_PER_IP", 5, 1, 100_000),
    sessionCacheMs: int("SESSION_CACHE_MS", 2000, 0, 60_000),
    passwordHashRounds: int("PASSWORD_HASH_ROUNDS", 10, 4, 15),
  };
  const requireTwoFactor = bool("REQUIRE_TWO_FACTOR", false);
  const metricsToken = (env.METRICS_TOKEN ?? "").trim() || null;
  if (metricsToken !== null && metricsToken.length < 16) problems.push("METRICS_TOKEN must be at least 16 characters");
  const replicaId = str("REPLICA_ID", defaultReplicaId());
  if (!/^[\w.:-]{1,64}$/.test(replicaId))
    problems.push(`REPLICA_ID must be 1 to 64 letters, digits, dots, colons, dashes or underscores, got "${replicaId}"`);
  const startupLockTimeoutS = int("STARTUP_LOCK_TIMEOUT_S", 300, 1, 86_400);
  const redisUrl = str("REDIS_URL", "");
  if (redisUrl && !/^rediss?:\/\//i.test(redisUrl))
    problems.push(`REDIS_URL must start with redis:// or rediss://, got "${redisUrl.replace(/\/\/[^@]*@/, "//***@")}"`);
  const redisPrefix = str("REDIS_PREFIX", "presale:");
  // Visible ASCII only: the prefix names keys and channels that operators type and scan for.
  if (!/^[\x21-\x7e]{1,100}$/.test(redisPrefix))
    problems.push(`REDIS_PREFIX must be 1 to 100 visible ASCII characters without spaces (e.g. "presale:"), got "${redisPrefix}"`);

  const s3 = parseS3(env, { str, int, bool }, problems);
  const auditRetentionDays = str("AUDIT_RETENTION_DAYS", "") ? int("AUDIT_RETENTION_DAYS", 0, 1, 36_500) : null;

  let chain: ChainConfig | null = null;
  try {
    chain = resolveChainConfig(env);
  } catch (e) {
    if (!(e instanceof ChainConfigError)) throw e;
    problems.push(...e.problems);
  }

  // Local blocks are final (one node, no forks); BSC finalises in about 2 blocks under fast finality, 15 blocks (~11 s) covers reorgs of non-finalised blocks with room.
  const chainId = chain?.chainId;
  const local = chainId === LOCAL_CHAIN_ID || Boolean(chain?.local);
  const chainIndex: ChainIndexConfig = {
    enabled: bool("CHAIN_INDEXER", true),
    logRange: int("CHAIN_LOG_RANGE", 5000, 1, 1_000_000),
    confirmations: int("CHAIN_CONFIRMATIONS", local ? 0 : 15, 0, 10_000),
    intervalMs: int("CHAIN_INDEX_INTERVAL_MS", local ? 1000 : 5000, 100, 3_600_000),
    fromBlock: int("CHAIN_INDEX_FROM_BLOCK", 0, 0, 2 ** 31 - 1),
  };

  if (problems.length) throw new ConfigError("Invalid configuration:\n  - " + problems.join("\n  - "));

  const jwtSecret = jwtSecretEnv ?? persistentSecret(dataDir);
  return {
    port,
    dataDir,
    imagesDir: path.join(dataDir, "images"),
    database,
    jwtSecret,
    jwtTtl,
    // Unset: derived from the session key (kept as it is), so replicas sharing JWT_SECRET, as they must, accept each other's tokens.
    apiTokenSecret: apiTokenSecretEnv ?? createHmac("sha256", jwtSecret).update("presale API token key").digest("base64url"),
    apiTokenRatePerMinute,
    admin: { name: str("ADMIN_NAME", "admin"), email: adminEmail.toLowerCase(), password: adminPassword },
    registration,
    corsOrigins: str("CORS_ORIGINS", "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024),
    logLevel,
    adminDist: path.resolve(str("ADMIN_DIST", path.join(__dirname, "../../admin/dist"))),
    chain,
    walletConnectProjectId: str("WALLETCONNECT_PROJECT_ID", "") || null,
    production,
    trustProxy,
    graphql,
    maxJsonBytes: maxJsonKb * 1024,
    maxImagePixels: Math.round(maxImageMegapixels * 1_000_000),
    shutdownGraceMs,
    signIn,
    requireTwoFactor,
    publicCacheBytes: publicCacheMb * 1024 * 1024,
    redis: redisUrl ? { url: redisUrl, prefix: redisPrefix } : null,
    startupLockTimeoutMs: startupLockTimeoutS * 1000,
    metricsToken,
    replicaId,
    s3,
    auditRetentionDays,
    chainIndex,
    subscriptions,
    webhooks,
  };
}

const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
  "S3_TIMEOUT_MS",
];
/** S3's rule for new bucket names (what MinIO enforces too). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

interface Readers {
  str(key: string, fallback: string): string;
  int(key: string, fallback: number, min: number, max: number): number;
  bool(key: string, fallback: boolean): boolean;
}

/** The S3_* variables; the keys are never repeated in a message. */
function parseS3(env: NodeJS.ProcessEnv, { str, int, bool }: Readers, problems: string[]): S3Config | null {
  const bucket = str("S3_BUCKET", "");
  if (!bucket) {
    const stray = S3_VARIABLES.filter((key) => str(key, ""));
    if (stray.length)
      problems.push(`${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but S3_BUCKET is not (images stay on disk without it)`);
    return null;
  }
  if (!BUCKET.test(bucket) || bucket.includes(".."))
    problems.push(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  const endpoint = httpUrl("S3_ENDPOINT", str("S3_ENDPOINT", ""), problems);
  const publicUrl = httpUrl("S3_PUBLIC_URL", str("S3_PUBLIC_URL", ""), problems);
  const region = str("S3_REGION", "us-east-1");
  if (!/^[a-z0-9-]{1,40}$/i.test(region)) problems.push(`S3_REGION must be a region name such as us-east-1 or auto, got "${region}"`);
  const accessKeyId = (env.S3_ACCESS_KEY_ID ?? "").trim();
  const secretAccessKey = (env.S3_SECRET_ACCESS_KEY ?? "").trim();
  if (!accessKeyId !== !secretAccessKey)
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials");
  return {
    bucket,
    endpoint: endpoint ?? undefined,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A custom endpoint (MinIO, s3rver, a bucket behind a proxy) rarely resolves bucket.host names.
    forcePathStyle: bool("S3_FORCE_PATH_STYLE", endpoint !== null),
    timeoutMs: int("S3_TIMEOUT_MS", 5000, 100, 60_000),
    publicUrl: publicUrl?.replace(/\/+$/, "") ?? null,
  };
}

/** An http(s) base URL without credentials, query or fragment; null when empty. */
function httpUrl(key: string, raw: string, problems: string[]): string | null {
  if (!raw) return null;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    problems.push(
      `${key} must be an http:// or https:// URL without credentials, query or fragment, got "${raw.replace(/\/\/[^@/]*@/, "//***@")}"`,
    );
    return null;
  }
  return raw;
}

/**
 * TRUST_PROXY in express's own syntax: `false` (trust no proxy: X-Forwarded-* is
 * ignored), `true`, a hop count, or a comma-separated list of addresses, subnets
 * and the names loopback, linklocal, uniquelocal.
 */
function parseTrustProxy(raw: string, problems: string[]): Config["trustProxy"] {
  const lower = raw.toLowerCase();
  if (lower === "false" || lower === "0" || lower === "none") return false;
  if (lower === "true") return true;
  if (/^\d+$/.test(lower)) return Number(lower);
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const named = ["loopback", "linklocal", "uniquelocal"];
  const bad = list.filter((s) => !named.includes(s) && !isIP(s.split("/")[0]));
  if (bad.length || !list.length)
    problems.push(`TRUST_PROXY must be false, true, a hop count, or addresses/subnets (e.g. loopback, 10.0.0.0/8), got "${raw}"`);
  return list;
}

/** A JWT secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
