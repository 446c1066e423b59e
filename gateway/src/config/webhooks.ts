import { flag, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

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
  /** Deliveries to one endpoint in flight at once, across every replica: a slow endpoint holds that many, never more. */
  perEndpoint: number;
}

export const webhookSettings = settingGroup({
  title: "Webhooks",
  intro:
    "Signed deliveries of every change to the endpoints admins register on the Webhooks screen ([API: Webhooks](api.md#webhooks)). Each replica runs a delivery worker; a delivery is sent once whichever replica claims it.",
  settings: {
    WEBHOOK_ALLOW_HTTP: setting({
      parse: flag,
      default: "false",
      description: "accept plain `http://` endpoint URLs; otherwise only `https://`",
    }),
    WEBHOOK_ALLOW_PRIVATE: setting({
      parse: flag,
      default: "false",
      description:
        "let deliveries reach private, loopback, link-local and cloud metadata addresses (checked on every send, after DNS); for tests and closed networks only",
    }),
    WEBHOOK_TIMEOUT_MS: setting({
      parse: wholeNumber(100, 60_000),
      default: "10000",
      description: "how long one delivery attempt may take, connecting to the end of the answer",
    }),
    WEBHOOK_RETRY_BASE_MS: setting({
      parse: wholeNumber(10, 3_600_000),
      default: "5000",
      description: "the wait after a delivery's first failed attempt; each next wait doubles, with jitter, up to `WEBHOOK_RETRY_MAX_MS`",
    }),
    WEBHOOK_RETRY_MAX_MS: setting({
      parse: wholeNumber(10, 86_400_000),
      default: "3600000",
      note: "(an hour)",
      description: "the longest wait between two attempts of a delivery",
    }),
    WEBHOOK_RETRY_FOR_MS: setting({
      parse: wholeNumber(1_000, 30 * 86_400_000),
      default: "86400000",
      note: "(24 hours)",
      description: "how long a delivery is retried before it is marked failed",
    }),
    WEBHOOK_MAX_FAILURES: setting({
      parse: wholeNumber(1, 10_000),
      default: "5",
      description:
        "failed deliveries in a row after which an endpoint is disabled (admins see why on the Webhooks screen and enable it again)",
    }),
    WEBHOOK_LOG_DAYS: setting({
      parse: wholeNumber(1, 3650),
      default: "30",
      description: "days a delivered or failed delivery stays in its endpoint's delivery log (pruned hourly; pending ones are kept)",
    }),
    WEBHOOK_POLL_MS: setting({
      parse: wholeNumber(10, 60_000),
      default: "1000",
      description: "how often each replica's worker looks for due deliveries; a change wakes it at once",
    }),
    WEBHOOK_IN_FLIGHT_PER_ENDPOINT: setting({
      parse: wholeNumber(1, 10),
      default: "2",
      description:
        "deliveries to one endpoint in flight at once, across all replicas: a hanging or slow endpoint holds at most these, and the workers serve the endpoints with due deliveries in turn",
    }),
  },
});

export const webhookConfig = (values: Values<typeof webhookSettings>): WebhookConfig => ({
  allowPrivate: values.WEBHOOK_ALLOW_PRIVATE,
  allowHttp: values.WEBHOOK_ALLOW_HTTP,
  timeoutMs: values.WEBHOOK_TIMEOUT_MS,
  retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
  retryMaxMs: values.WEBHOOK_RETRY_MAX_MS,
  retryForMs: values.WEBHOOK_RETRY_FOR_MS,
  maxFailures: values.WEBHOOK_MAX_FAILURES,
  logDays: values.WEBHOOK_LOG_DAYS,
  pollMs: values.WEBHOOK_POLL_MS,
  perEndpoint: values.WEBHOOK_IN_FLIGHT_PER_ENDPOINT,
});
