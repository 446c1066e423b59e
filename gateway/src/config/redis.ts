import { matching } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

export const redisSettings = settingGroup({
  title: "Redis",
  intro: "Optional; needed as soon as two replicas serve one site. What it holds: [operations](operations.md#redis).",
  settings: {
    REDIS_URL: setting({
      parse: matching(/^rediss?:\/\//i, "must start with redis:// or rediss://"),
      unset: "none (state in this process)",
      production: "limits, sessions and cache invalidation shared by the replicas",
      description:
        "`redis://host:6379` (or `rediss://`): the sign-in and registration limits, session endings and the versions of public answers are shared by every replica",
    }),
    REDIS_PREFIX: setting({
      // Visible ASCII only: the prefix names keys and channels that operators type and scan for.
      parse: matching(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 visible ASCII characters without spaces (e.g. "presale:")'),
      default: "presale:",
      description:
        "prefix of every Redis key and channel (1 to 100 visible ASCII characters), so deployments and test runs can share one Redis",
    }),
  },
});

/** Shared state (limits, session cache) in Redis; null keeps it in this process. */
export const redisConfig = (values: Values<typeof redisSettings>) =>
  values.REDIS_URL ? { url: values.REDIS_URL, prefix: values.REDIS_PREFIX } : null;
