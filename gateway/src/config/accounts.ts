import { createHmac, randomBytes } from "crypto";
import { existsSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import type { z } from "zod";
import { ensurePrivateDir } from "../files";
import { atLeast, flag, matching, oneOf, text, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

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

/** How many change streams may be open, and how often each checks that its session still lives. */
export interface SubscriptionLimits {
  /** SUBSCRIPTIONS_PER_USER: streams one user (their sessions and tokens together) may hold open. */
  perUser: number;
  /** SUBSCRIPTIONS_MAX: streams this process holds open in all. */
  total: number;
  /** SUBSCRIPTION_RECHECK_MS: how often a stream checks its session (it ends within this of a sign-out). */
  recheckMs: number;
  /** SUBSCRIPTION_MAX_BEHIND: changes a stream may hold that its client has not taken yet, before it is ended. */
  maxBehind: number;
  /** SUBSCRIPTION_MAX_BUFFERED_KB, in bytes: output a stream may hold unsent (its client reads too slowly); past it its changes wait. */
  maxBufferedBytes: number;
  /** PRESENCE_PER_MINUTE: announcePresence calls one user may make in a minute. */
  presencePerMinute: number;
}

const registration = oneOf(["open", "approval", "closed"], "open, approval or closed");
export type Registration = z.output<typeof registration>;

export const accountSettings = settingGroup({
  title: "Accounts and sign-in",
  intro: "How the limits work is in [security](security.md#sign-in-registration-sessions-two-factor).",
  settings: {
    ADMIN_NAME: setting({
      parse: text,
      default: "admin",
      description:
        "name of the first admin, created when there is no user (the admin shows its Admin, Sign-ins and Activity entries to every role that may read users, sign-ins and audit events; the original back-office showed them to the name `admin`)",
    }),
    ADMIN_EMAIL: setting({
      parse: matching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an email address").transform((email) => email.toLowerCase()),
      default: "admin@example.com",
      description: "email of the first admin",
    }),
    ADMIN_PASSWORD: setting({
      parse: atLeast(8),
      secret: true,
      untrimmed: true,
      unset: "generated and printed once, on the console",
      description: "password of the first admin (at least 8 characters); read only when the first admin is created",
    }),
    REGISTRATION: setting({
      parse: registration,
      default: "approval",
      description:
        "`open`: self-registered accounts can sign in at once; `approval`: they wait for an admin to set `approved`; `closed`: no self-registration. While no user exists, registration is open and the first account is an admin.",
    }),
    JWT_SECRET: setting({
      parse: atLeast(32),
      secret: true,
      untrimmed: true,
      unset: "generated once, kept in `DATA_DIR/jwt-secret`",
      production: "every replica signs and checks sessions with the same key (a generated one is per DATA_DIR)",
      description: "HS256 signing key, at least 32 characters; the same on every replica",
    }),
    JWT_TTL: setting({
      parse: matching(/^\d+\s*(ms|s|m|h|d|w|y)?$/, "must be a duration such as 12h, 30m or 7d"),
      default: "12h",
      description: "session length (`30m`, `12h`, `7d`, ...)",
    }),
    API_TOKEN_SECRET: setting({
      parse: atLeast(32),
      secret: true,
      untrimmed: true,
      unset: "derived from the JWT secret (so replicas sharing `JWT_SECRET` share it)",
      description:
        "HMAC-SHA-256 key API tokens are stored under (only their keyed hash is kept), at least 32 characters; changing it (or, while it is unset, `JWT_SECRET`) invalidates every token",
    }),
    API_TOKEN_RATE_PER_MINUTE: setting({
      parse: wholeNumber(1, 1_000_000),
      default: "600",
      description:
        "requests per minute one API token may make (shared through Redis when `REDIS_URL` is set); more are answered 429 with Retry-After",
    }),
    SUBSCRIPTIONS_PER_USER: setting({
      parse: wholeNumber(1, 1000),
      default: "5",
      description:
        "change streams (`/graphql/stream`) one user may hold open, their sessions and API tokens together, on every replica sharing `REDIS_URL` together; one more is answered 429",
    }),
    SUBSCRIPTIONS_MAX: setting({
      parse: wholeNumber(1, 100_000),
      default: "1000",
      description: "change streams one gateway process holds open in all; one more is answered 503",
    }),
    SUBSCRIPTION_RECHECK_MS: setting({
      parse: wholeNumber(100, 60_000),
      default: "2000",
      description:
        "how often an open change stream checks its session or API token: it ends within this time of a sign-out or revocation, and follows a changed role",
    }),
    SUBSCRIPTION_MAX_BEHIND: setting({
      parse: wholeNumber(10, 100_000),
      default: "1000",
      description:
        "changes an open change stream may hold that its client has not taken yet (they wait while its connection is full, see `SUBSCRIPTION_MAX_BUFFERED_KB`); one more ends the stream and closes its connection (the client reconnects and re-reads)",
    }),
    SUBSCRIPTION_MAX_BUFFERED_KB: setting({
      parse: wholeNumber(16, 65_536),
      default: "256",
      description:
        "kilobytes of output an open change stream may hold unsent because its client reads too slowly; past it no more is sent until the client catches up, its changes wait (at most `SUBSCRIPTION_MAX_BEHIND`, then the stream is ended), so a client that never reads holds no more memory than these two bounds",
    }),
    PRESENCE_PER_MINUTE: setting({
      parse: wholeNumber(1, 100_000),
      default: "60",
      description:
        "`announcePresence` calls one user may make in a minute, all their tabs together (shared through Redis when `REDIS_URL` is set); more are answered `TOO_MANY_REQUESTS` with a retry delay",
    }),
    SESSION_CACHE_MS: setting({
      parse: wholeNumber(0, 60_000),
      default: "2000",
      description: "how long a process trusts a checked session before looking it up again",
    }),
    REQUIRE_TWO_FACTOR: setting({
      parse: flag,
      default: "false",
      description: "every user must turn two-factor sign-in on before doing anything else",
    }),
    LOGIN_MAX_FAILURES: setting({
      parse: wholeNumber(1, 1000),
      default: "10",
      description:
        "failed sign-ins in a row for one email from one IP before that pair is blocked (15 min, doubling); also wrong two-factor codes in a row for one user, from anywhere, before their code checks are blocked",
    }),
    LOGIN_MAX_FAILURES_PER_IP: setting({
      parse: wholeNumber(1, 100_000),
      default: "100",
      description: "failed sign-ins per IP per day before that IP is blocked for a day",
    }),
    LOGIN_SLOWDOWN_AFTER: setting({
      parse: wholeNumber(1, 100_000),
      default: "10",
      description: "failed sign-ins per email per hour (from anywhere) after which each attempt for it is delayed",
    }),
    REGISTRATIONS_PER_IP: setting({
      parse: wholeNumber(1, 100_000),
      default: "5",
      description: "self-registrations per IP per hour",
    }),
    PASSWORD_HASH_ROUNDS: setting({
      parse: wholeNumber(4, 15),
      default: "10",
      description:
        "bcrypt cost of new password hashes, 4 to 15; each step doubles the work of a sign-in and of a guess. Existing hashes keep their cost until the password changes. The test suites use 4",
    }),
  },
});

/**
 * Accounts, sessions and their limits. The JWT secret, unless set, is generated once under DATA_DIR (so sessions
 * survive restarts); called only for a configuration without problems, so a refused one writes nothing.
 */
export function accountConfig(values: Values<typeof accountSettings>, dataDir: string) {
  const jwtSecret = values.JWT_SECRET ?? persistentSecret(dataDir);
  return {
    admin: { name: values.ADMIN_NAME, email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD },
    registration: values.REGISTRATION,
    jwtSecret,
    jwtTtl: values.JWT_TTL,
    // Unset: derived from the session key (kept as it is), so replicas sharing JWT_SECRET, as they must, accept each other's tokens.
    apiTokenSecret: values.API_TOKEN_SECRET ?? createHmac("sha256", jwtSecret).update("presale API token key").digest("base64url"),
    apiTokenRatePerMinute: values.API_TOKEN_RATE_PER_MINUTE,
    requireTwoFactor: values.REQUIRE_TWO_FACTOR,
    signIn: {
      maxFailuresPerPair: values.LOGIN_MAX_FAILURES,
      maxFailuresPerIpPerDay: values.LOGIN_MAX_FAILURES_PER_IP,
      slowDownAfterPerEmail: values.LOGIN_SLOWDOWN_AFTER,
      registrationsPerIpPerHour: values.REGISTRATIONS_PER_IP,
      sessionCacheMs: values.SESSION_CACHE_MS,
      passwordHashRounds: values.PASSWORD_HASH_ROUNDS,
    } satisfies SignInLimits,
    subscriptions: {
      perUser: values.SUBSCRIPTIONS_PER_USER,
      total: values.SUBSCRIPTIONS_MAX,
      recheckMs: values.SUBSCRIPTION_RECHECK_MS,
      maxBehind: values.SUBSCRIPTION_MAX_BEHIND,
      maxBufferedBytes: values.SUBSCRIPTION_MAX_BUFFERED_KB * 1024,
      presencePerMinute: values.PRESENCE_PER_MINUTE,
    } satisfies SubscriptionLimits,
  };
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
