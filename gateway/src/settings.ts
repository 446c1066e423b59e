/**
 * Every environment variable the product reads, with its default and meaning, by group. docs/configuration.md is
 * generated from this list (`npm run docs:config`), and gateway/test/scripts/configDoc.test.ts fails when loadConfig reads a
 * variable missing here, when an entry here is read by nothing, or when the generated page is out of date.
 * Adding a variable to config.ts: add its entry to its group here, then run `npm run docs:config`.
 * Text is markdown (inline only: it goes into a table cell).
 */
export interface Setting {
  name: string;
  /** The default as a reader sees it ("none", "`4000`", "generated ..."). */
  default: string;
  meaning: string;
  /** Set when loadConfig does not read it: the file that does (the test checks that file names it). */
  readBy?: string;
  /**
   * Set when a production deployment (several replicas behind a proxy, as docker-compose.yml runs it) must set it:
   * why. gateway/test/deploy/compose.test.ts checks that every gateway service of the compose file does.
   */
  production?: string;
}

export interface SettingGroup {
  title: string;
  /** A sentence or two above the group's table. */
  intro?: string;
  settings: Setting[];
}

export const SETTING_GROUPS: SettingGroup[] = [
  {
    title: "Server",
    settings: [
      { name: "PORT", default: "`4000`", meaning: "HTTP port" },
      {
        name: "NODE_ENV",
        production: "`production`: schema exposure off, JSON logs",
        default: "`development`",
        meaning: "`production` turns GraphQL introspection and the explorer off by default, and always writes JSON log lines",
      },
      {
        name: "LOG_LEVEL",
        default: "`info`",
        meaning:
          "pino level: `fatal` `error` `warn` `info` `debug` `trace` `silent`; at `warn` and above no request logger runs, at `info` a line per request (id, method, path, status); JSON lines, or pino-pretty lines when stdout is a terminal outside production",
      },
      {
        name: "TRUST_PROXY",
        production: "behind the proxy: client addresses for the sign-in limits, https for HSTS",
        default: "`false` (trust no proxy)",
        meaning:
          "express's `trust proxy`: `true`, a hop count, or addresses/subnets (`loopback`, `10.0.0.0/8`, ...); only then are `X-Forwarded-For` and `X-Forwarded-Proto` read (client IP for the sign-in limits, https for HSTS)",
      },
      {
        name: "CORS_ORIGINS",
        default: "none (same origin only)",
        meaning: "comma-separated origins allowed to call the API from a browser, or `*`",
      },
      {
        name: "SHUTDOWN_GRACE_MS",
        default: "`10000`",
        meaning: "on SIGTERM/SIGINT, how long in-flight requests may take to finish",
      },
      {
        name: "REPLICA_ID",
        production: "tells the replicas apart in logs and /readyz",
        default: "host name + `-` + process id",
        meaning: "this process's name, in every log line (`replica`) and in `/readyz`",
      },
      {
        name: "METRICS_TOKEN",
        production: "/metrics is otherwise open to whoever reaches a replica",
        default: "none (`/metrics` open)",
        meaning:
          "bearer token `/metrics` requires, at least 16 characters; set it in production, or keep `/metrics` off the proxy (the compose file does both)",
      },
      {
        name: "ADMIN_DIST",
        default: "`admin/dist` beside the gateway",
        meaning: "folder of the built admin app served at `/`",
      },
    ],
  },
  {
    title: "Data",
    intro: "Where records, images and the generated secret live. See [operations](operations.md) for MySQL/MariaDB and backups.",
    settings: [
      {
        name: "DATA_DIR",
        production: "the volume: the one writable place of a read-only container",
        default: "`./data`",
        meaning:
          "where the SQLite file, the images (`DATA_DIR/images`, unless `S3_BUCKET` is set) and the generated JWT secret live; created 0700",
      },
      {
        name: "DATABASE_URL",
        production: "replicas share one MySQL/MariaDB database (SQLite is one process's)",
        default: "SQLite file `DATA_DIR/presale.sqlite`",
        meaning: "`mysql://user:pass@host:3306/db` for MySQL or MariaDB, or `sqlite:/path/file.sqlite`",
      },
      {
        name: "STARTUP_LOCK_TIMEOUT_S",
        default: "`300`",
        meaning:
          "how long a starting process waits for another one's migrations and seeds (replicas starting together take turns) before exiting with an error",
      },
      {
        name: "AUDIT_RETENTION_DAYS",
        default: "keep forever",
        meaning:
          "days audit events are kept (1 to 36500); older ones are deleted at start and every hour, oldest first in batches of 1,000 (replicas may prune at once)",
      },
    ],
  },
  {
    title: "Accounts and sign-in",
    intro: "How the limits work is in [security](security.md#sign-in-registration-sessions-two-factor).",
    settings: [
      {
        name: "ADMIN_NAME",
        default: "`admin`",
        meaning:
          "name of the first admin, created when there is no user (the admin shows its Admin, Sign-ins and Activity entries to every role that may read users, sign-ins and audit events; the original back-office showed them to the name `admin`)",
      },
      { name: "ADMIN_EMAIL", default: "`admin@example.com`", meaning: "email of the first admin" },
      {
        name: "ADMIN_PASSWORD",
        default: "generated and printed once, on the console",
        meaning: "password of the first admin (at least 8 characters); read only when the first admin is created",
      },
      {
        name: "REGISTRATION",
        default: "`approval`",
        meaning:
          "`open`: self-registered accounts can sign in at once; `approval`: they wait for an admin to set `approved`; `closed`: no self-registration. While no user exists, registration is open and the first account is an admin.",
      },
      {
        name: "JWT_SECRET",
        production: "every replica signs and checks sessions with the same key (a generated one is per DATA_DIR)",
        default: "generated once, kept in `DATA_DIR/jwt-secret`",
        meaning: "HS256 signing key, at least 32 characters; the same on every replica",
      },
      { name: "JWT_TTL", default: "`12h`", meaning: "session length (`30m`, `12h`, `7d`, ...)" },
      {
        name: "API_TOKEN_SECRET",
        default: "derived from the JWT secret (so replicas sharing `JWT_SECRET` share it)",
        meaning:
          "HMAC-SHA-256 key API tokens are stored under (only their keyed hash is kept), at least 32 characters; changing it (or, while it is unset, `JWT_SECRET`) invalidates every token",
      },
      {
        name: "API_TOKEN_RATE_PER_MINUTE",
        default: "`600`",
        meaning:
          "requests per minute one API token may make (shared through Redis when `REDIS_URL` is set); more are answered 429 with Retry-After",
      },
      {
        name: "SUBSCRIPTIONS_PER_USER",
        default: "`5`",
        meaning:
          "change streams (`/graphql/stream`) one user may hold open, their sessions and API tokens together; one more is answered 429",
      },
      {
        name: "SUBSCRIPTIONS_MAX",
        default: "`1000`",
        meaning: "change streams one gateway process holds open in all; one more is answered 503",
      },
      {
        name: "SUBSCRIPTION_RECHECK_MS",
        default: "`2000`",
        meaning:
          "how often an open change stream checks its session or API token: it ends within this time of a sign-out or revocation, and follows a changed role",
      },
      {
        name: "SESSION_CACHE_MS",
        default: "`2000`",
        meaning: "how long a process trusts a checked session before looking it up again",
      },
      {
        name: "REQUIRE_TWO_FACTOR",
        default: "`false`",
        meaning: "every user must turn two-factor sign-in on before doing anything else",
      },
      {
        name: "LOGIN_MAX_FAILURES",
        default: "`10`",
        meaning:
          "failed sign-ins in a row for one email from one IP before that pair is blocked (15 min, doubling); also wrong two-factor codes in a row for one user, from anywhere, before their code checks are blocked",
      },
      {
        name: "LOGIN_MAX_FAILURES_PER_IP",
        default: "`100`",
        meaning: "failed sign-ins per IP per day before that IP is blocked for a day",
      },
      {
        name: "LOGIN_SLOWDOWN_AFTER",
        default: "`10`",
        meaning: "failed sign-ins per email per hour (from anywhere) after which each attempt for it is delayed",
      },
      { name: "REGISTRATIONS_PER_IP", default: "`5`", meaning: "self-registrations per IP per hour" },
      {
        name: "PASSWORD_HASH_ROUNDS",
        default: "`10`",
        meaning:
          "bcrypt cost of new password hashes, 4 to 15; each step doubles the work of a sign-in and of a guess. Existing hashes keep their cost until the password changes. The test suites use 4",
      },
    ],
  },
  {
    title: "Requests, uploads and GraphQL limits",
    intro: "Each limit is checked before the request runs; see [security](security.md).",
    settings: [
      {
        name: "MAX_UPLOAD_MB",
        default: "`5`",
        meaning: "largest accepted image (a file of exactly this size is accepted); larger uploads get `413` and nothing is stored",
      },
      {
        name: "MAX_IMAGE_MEGAPIXELS",
        default: "`50`",
        meaning: "largest raster image (width × height), read from the header without decoding",
      },
      { name: "MAX_JSON_KB", default: "`2048`", meaning: "largest JSON or form body" },
      {
        name: "GRAPHQL_INTROSPECTION",
        default: "`true`, `false` in production",
        meaning: 'answer `__schema` / `__type`; "Did you mean" suggestions are removed whenever this is off',
      },
      {
        name: "GRAPHQL_EXPLORER",
        default: "`true`, `false` in production",
        meaning: "serve Apollo's explorer at `GET /graphql`",
      },
      {
        name: "GRAPHQL_MAX_COST",
        default: "`5000`",
        meaning: "rows one request may ask for: each list counts its `perPage` (default 25)",
      },
      { name: "GRAPHQL_MAX_TOKENS", default: "`5000`", meaning: "tokens in one document (checked while parsing)" },
      { name: "GRAPHQL_MAX_ALIASES", default: "`30`", meaning: "aliases in one document" },
      {
        name: "GRAPHQL_MAX_FIELD_REPEATS",
        default: "`10`",
        meaning:
          "how often one field may be selected in one selection set, fragments included (graphql-js compares repeats pairwise: 1,000 copies of `id` cost seconds)",
      },
      {
        name: "GRAPHQL_MAX_DEPTH",
        default: "`25`",
        meaning: "selection depth (the schema is flat; the standard introspection query is 21 deep)",
      },
      { name: "GRAPHQL_MAX_DIRECTIVES", default: "`20`", meaning: "directives in one document" },
      {
        name: "PUBLIC_CACHE_MB",
        default: "`64`",
        meaning:
          "memory for kept answers (REST lists, and GraphQL queries reading only public resources or resources shared by every caller of one access level, the caller's access checked on every request), compressed once per version of the resources they read and served with an ETag (`0`: build every answer); see [performance](performance.md)",
      },
    ],
  },
  {
    title: "Redis",
    intro: "Optional; needed as soon as two replicas serve one site. What it holds: [operations](operations.md#redis).",
    settings: [
      {
        name: "REDIS_URL",
        production: "limits, sessions and cache invalidation shared by the replicas",
        default: "none (state in this process)",
        meaning:
          "`redis://host:6379` (or `rediss://`): the sign-in and registration limits, session endings and the versions of public answers are shared by every replica",
      },
      {
        name: "REDIS_PREFIX",
        default: "`presale:`",
        meaning:
          "prefix of every Redis key and channel (1 to 100 visible ASCII characters), so deployments and test runs can share one Redis",
      },
    ],
  },
  {
    title: "Images in S3",
    intro: "Images live in `DATA_DIR/images` unless `S3_BUCKET` is set; see [operations](operations.md#images-on-disk-or-in-s3).",
    settings: [
      {
        name: "S3_BUCKET",
        production: "images shared by the replicas (DATA_DIR/images is one replica's)",
        default: "none (images on disk)",
        meaning: "the bucket's name (3-63 lowercase letters, digits, dots, hyphens); every other `S3_*` variable needs it",
      },
      {
        name: "S3_ENDPOINT",
        production: "the compose file's own S3 server",
        default: "AWS S3 of `S3_REGION`",
        meaning: "`http(s)://host:port` of an S3-compatible store, no credentials in it",
      },
      { name: "S3_REGION", default: "`us-east-1`", meaning: "the bucket's region (`auto` for R2)" },
      {
        name: "S3_ACCESS_KEY_ID",
        production: "the S3 server's credentials",
        default: "the AWS SDK's default chain (`AWS_*` variables, instance role, ...)",
        meaning: "static key id, with `S3_SECRET_ACCESS_KEY` (both or neither); never written to the logs",
      },
      {
        name: "S3_SECRET_ACCESS_KEY",
        production: "the S3 server's credentials",
        default: "the AWS SDK's default chain",
        meaning: "static secret, with `S3_ACCESS_KEY_ID`; never written to the logs",
      },
      {
        name: "S3_FORCE_PATH_STYLE",
        default: "`true` when `S3_ENDPOINT` is set, `false` otherwise",
        meaning: "address the bucket in the path (`host/bucket/name`, MinIO and s3rver) rather than the host (`bucket.host`)",
      },
      {
        name: "S3_PUBLIC_URL",
        default: "none (the gateway streams the images)",
        meaning: "`https://cdn.example.com/images`: `/Images/{name}` redirects there instead",
      },
      {
        name: "S3_TIMEOUT_MS",
        default: "`5000`",
        meaning: "longest one call to the bucket may take (100-60000) before the request answers `503`",
      },
    ],
  },
  {
    title: "Chain",
    intro: "Which chain the admin's chain screens and the gateway talk to; see [operations](operations.md#bnb-smart-chain).",
    settings: [
      {
        name: "CHAIN",
        production: "the default, `local`, starts a development chain",
        default: "`local`",
        meaning:
          "`local`: start anvil (from the npm package `@foundry-rs/anvil`), deploy the contracts of `abis/contracts`, seed a demo token and presale, stop it with the product; `bsc`: BNB Smart Chain (56); `bsc-testnet`: chain 97; `none`: no chain features, nothing started",
      },
      {
        name: "CHAIN_RPC_URL",
        default:
          "per chain (`https://bsc-dataseed.binance.org`, `https://data-seed-prebsc-1-s1.binance.org:8545`, `http://127.0.0.1:8545`)",
        meaning: "JSON-RPC endpoint the admin and the gateway read from",
      },
      {
        name: "CHAIN_EXPLORER_URL",
        default: "`https://bscscan.com`, `https://testnet.bscscan.com`, none locally",
        meaning: "block explorer for transaction links",
      },
      { name: "FARM_ADDRESS", default: "the local deployment", meaning: "farm contract address (the farm pools)" },
      { name: "PAIR_FACTORY_ADDRESS", default: "the local deployment", meaning: "pair factory contract address" },
      {
        name: "PRESALE_FACTORY_ADDRESS",
        default: "the local deployment",
        meaning: "presale factory contract address (the indexer follows it)",
      },
      { name: "STAKING_ADDRESS", default: "the local deployment", meaning: "staking contract address" },
      { name: "TOKEN_ADDRESS", default: "the local deployment", meaning: "the project's token (its blocklist is the Blocklist screen's)" },
      { name: "STABLE_ADDRESS", default: "the local deployment", meaning: "the stable coin pools pair with (BUSD/USDT)" },
      { name: "MULTICALL3_ADDRESS", default: "`0xcA11bde05977b3631167028862bE2a173976CA11`", meaning: "Multicall3, for batched reads" },
      { name: "LOCAL_CHAIN_PORT", default: "`8545`", meaning: "where the local anvil listens (`CHAIN=local`)" },
      { name: "LOCAL_CHAIN_ID", default: "`31337`", meaning: "the local anvil's chain id (`CHAIN=local`)" },
      {
        name: "WALLETCONNECT_PROJECT_ID",
        default: "none (the browser wallet only)",
        meaning:
          "WalletConnect Cloud project id, served to the admin with the chain config (a build may instead set `VITE_WALLETCONNECT_PROJECT_ID`)",
      },
    ],
  },
  {
    title: "Chain indexer",
    intro: "How it follows the presales: [operations](operations.md#chain-indexer).",
    settings: [
      {
        name: "CHAIN_INDEXER",
        default: "`true`",
        meaning: "`false` keeps the chain indexer off on this replica (the API still serves what is indexed)",
      },
      {
        name: "CHAIN_LOG_RANGE",
        default: "`5000`",
        meaning: "blocks per `eth_getLogs` request of the indexer; halved while the endpoint refuses a span, grown back after 16 accepted",
      },
      {
        name: "CHAIN_CONFIRMATIONS",
        default: "`0` locally, `15` on 56 and 97",
        meaning: "blocks the indexer stays behind the head",
      },
      {
        name: "CHAIN_INDEX_INTERVAL_MS",
        default: "`1000` locally, `5000` otherwise",
        meaning: "time between indexer polls (doubling up to a minute while the RPC fails)",
      },
      {
        name: "CHAIN_INDEX_FROM_BLOCK",
        default: "`0`",
        meaning: "first block read when nothing is indexed yet: set it to the factory's deployment block on BSC",
      },
    ],
  },
  {
    title: "Webhooks",
    intro:
      "Signed deliveries of every change to the endpoints admins register on the Webhooks screen ([API: Webhooks](api.md#webhooks)). Each replica runs a delivery worker; a delivery is sent once whichever replica claims it.",
    settings: [
      {
        name: "WEBHOOK_ALLOW_HTTP",
        default: "`false`",
        meaning: "accept plain `http://` endpoint URLs; otherwise only `https://`",
      },
      {
        name: "WEBHOOK_ALLOW_PRIVATE",
        default: "`false`",
        meaning:
          "let deliveries reach private, loopback, link-local and cloud metadata addresses (checked on every send, after DNS); for tests and closed networks only",
      },
      {
        name: "WEBHOOK_TIMEOUT_MS",
        default: "`10000`",
        meaning: "how long one delivery attempt may take, connecting to the end of the answer",
      },
      {
        name: "WEBHOOK_RETRY_BASE_MS",
        default: "`5000`",
        meaning: "the wait after a delivery's first failed attempt; each next wait doubles, with jitter, up to `WEBHOOK_RETRY_MAX_MS`",
      },
      { name: "WEBHOOK_RETRY_MAX_MS", default: "`3600000` (an hour)", meaning: "the longest wait between two attempts of a delivery" },
      {
        name: "WEBHOOK_RETRY_FOR_MS",
        default: "`86400000` (24 hours)",
        meaning: "how long a delivery is retried before it is marked failed",
      },
      {
        name: "WEBHOOK_MAX_FAILURES",
        default: "`5`",
        meaning:
          "failed deliveries in a row after which an endpoint is disabled (admins see why on the Webhooks screen and enable it again)",
      },
      {
        name: "WEBHOOK_LOG_DAYS",
        default: "`30`",
        meaning: "days a delivered or failed delivery stays in its endpoint's delivery log (pruned hourly; pending ones are kept)",
      },
      {
        name: "WEBHOOK_POLL_MS",
        default: "`1000`",
        meaning: "how often each replica's worker looks for due deliveries; a change wakes it at once",
      },
    ],
  },
  {
    title: "Build time and tools",
    intro: "Read by the admin's build or by the local chain, not by the gateway's configuration.",
    settings: [
      {
        name: "VITE_WALLETCONNECT_PROJECT_ID",
        default: "none",
        meaning: "WalletConnect project id built into the admin (`npm run build -w admin`), used when the gateway serves none",
        readBy: "admin/src/chain/walletConnect.ts",
      },
      {
        name: "VITE_API_URL",
        default: "same origin",
        meaning: "the gateway a development build of the admin calls",
        readBy: "admin/vite.config.ts",
      },
      {
        name: "ANVIL_BIN",
        default: "the `@foundry-rs/anvil` package's binary",
        meaning: "an anvil executable to run for `CHAIN=local` instead",
        readBy: "abis/src/localChain.ts",
      },
    ],
  },
];

export const SETTINGS: Setting[] = SETTING_GROUPS.flatMap((group) => group.settings);
