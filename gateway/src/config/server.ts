import { isIP } from "net";
import path from "path";
import { z } from "zod";
import { defaultReplicaId } from "../logger";
import { atLeast, list, matching, oneOf, text, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

/** express's `trust proxy` setting: false, a hop count, or addresses and subnets. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY in express's own syntax: `false` (trust no proxy: X-Forwarded-* is ignored), `true`, a hop count, or
 * a comma-separated list of addresses, subnets and the names loopback, linklocal, uniquelocal.
 */
const trustProxy = z.string().transform((raw, context): TrustProxy => {
  const lower = raw.toLowerCase();
  if (lower === "false" || lower === "0" || lower === "none") return false;
  if (lower === "true") return true;
  if (/^\d+$/.test(lower)) return Number(lower);
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = ["loopback", "linklocal", "uniquelocal"];
  if (!entries.length || entries.some((entry) => !named.includes(entry) && !isIP(entry.split("/")[0])))
    context.addIssue({ code: "custom", message: "must be false, true, a hop count, or addresses/subnets (e.g. loopback, 10.0.0.0/8)" });
  return entries;
});

export const serverSettings = settingGroup({
  title: "Server",
  settings: {
    PORT: setting({ parse: wholeNumber(0, 65535, "a port number (0-65535)"), default: "4000", description: "HTTP port" }),
    NODE_ENV: setting({
      parse: text,
      default: "development",
      production: "`production`: schema exposure off, JSON logs",
      description: "`production` turns GraphQL introspection and the explorer off by default, and always writes JSON log lines",
    }),
    LOG_LEVEL: setting({
      parse: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
      default: "info",
      description:
        "pino level: `fatal` `error` `warn` `info` `debug` `trace` `silent`; at `warn` and above no request logger runs, at `info` a line per request (id, method, path, status); JSON lines, or pino-pretty lines when stdout is a terminal outside production",
    }),
    TRUST_PROXY: setting({
      parse: trustProxy,
      default: "false",
      note: "(trust no proxy)",
      production: "behind the proxy: client addresses for the sign-in limits, https for HSTS",
      description:
        "express's `trust proxy`: `true`, a hop count, or addresses/subnets (`loopback`, `10.0.0.0/8`, ...); only then are `X-Forwarded-For` and `X-Forwarded-Proto` read (client IP for the sign-in limits, https for HSTS)",
    }),
    CORS_ORIGINS: setting({
      parse: list,
      unset: "none (same origin only)",
      description: "comma-separated origins allowed to call the API from a browser, or `*`",
    }),
    SHUTDOWN_GRACE_MS: setting({
      parse: wholeNumber(0, 600_000),
      default: "10000",
      description: "on SIGTERM/SIGINT, how long in-flight requests may take to finish",
    }),
    REPLICA_ID: setting({
      parse: matching(/^[\w.:-]{1,64}$/, "must be 1 to 64 letters, digits, dots, colons, dashes or underscores"),
      unset: "host name + `-` + process id",
      production: "tells the replicas apart in logs and /readyz",
      description: "this process's name, in every log line (`replica`) and in `/readyz`",
    }),
    METRICS_TOKEN: setting({
      parse: atLeast(16),
      secret: true,
      unset: "none (`/metrics` open)",
      production: "/metrics is otherwise open to whoever reaches a replica",
      description:
        "bearer token `/metrics` requires, at least 16 characters; set it in production, or keep `/metrics` off the proxy (the compose file does both)",
    }),
    ADMIN_DIST: setting({
      parse: text,
      unset: "`admin/dist` beside the gateway",
      description: "folder of the built admin app served at `/`",
    }),
  },
});

/** The server's part of the configuration, defaults derived from the process and the gateway's own place. */
export const serverConfig = (values: Values<typeof serverSettings>) => ({
  port: values.PORT,
  production: values.NODE_ENV === "production",
  logLevel: values.LOG_LEVEL,
  trustProxy: values.TRUST_PROXY,
  corsOrigins: values.CORS_ORIGINS ?? [],
  shutdownGraceMs: values.SHUTDOWN_GRACE_MS,
  replicaId: values.REPLICA_ID ?? defaultReplicaId(),
  metricsToken: values.METRICS_TOKEN ?? null,
  adminDist: path.resolve(values.ADMIN_DIST ?? path.join(__dirname, "../../../admin/dist")),
});
