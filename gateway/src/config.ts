import { randomBytes } from "crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import { ChainConfig, ChainConfigError, resolveChainConfig } from "@presale/abis";

export type Registration = "open" | "approval" | "closed";

export interface Config {
  port: number;
  dataDir: string;
  imagesDir: string;
  /** mysql://user:pass@host:port/db, or a SQLite file path. */
  database: { type: "mysql"; url: string } | { type: "sqlite"; file: string };
  jwtSecret: string;
  jwtTtl: string;
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
        const u = new URL(url);
        if (!u.pathname.replace("/", "")) problems.push("DATABASE_URL must name a database: mysql://user:pass@host:port/db");
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
  if (!(maxUploadMb > 0 && maxUploadMb <= 100)) problems.push(`MAX_UPLOAD_MB must be a number of megabytes between 0 and 100, got "${env.MAX_UPLOAD_MB}"`);

  const adminEmail = str("ADMIN_EMAIL", "admin@example.com");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) problems.push(`ADMIN_EMAIL must be an email address, got "${adminEmail}"`);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push("ADMIN_PASSWORD must be at least 8 characters");

  const jwtSecretEnv = env.JWT_SECRET || undefined;
  if (jwtSecretEnv !== undefined && jwtSecretEnv.length < 32) problems.push("JWT_SECRET must be at least 32 characters");

  const logLevel = str("LOG_LEVEL", "info");
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`);
  }

  let chain: ChainConfig | null = null;
  try {
    chain = resolveChainConfig(env);
  } catch (e) {
    if (!(e instanceof ChainConfigError)) throw e;
    problems.push(...e.problems);
  }

  if (problems.length) throw new ConfigError("Invalid configuration:\n  - " + problems.join("\n  - "));

  return {
    port,
    dataDir,
    imagesDir: path.join(dataDir, "images"),
    database,
    jwtSecret: jwtSecretEnv ?? persistentSecret(dataDir),
    jwtTtl,
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
  };
}

/** A JWT secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
