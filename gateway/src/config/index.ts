/**
 * The gateway's configuration: each environment variable declared once, in its group's file (its schema, default,
 * meaning and production note), from which loadConfig parses the environment and docs/configuration.md is written.
 */
export type { Registration, SignInLimits, SubscriptionLimits } from "./accounts";
export type { ChainIndexConfig } from "./chainIndex";
export type { GraphqlLimits } from "./requests";
export type { S3Config } from "./s3";
export type { WebhookConfig } from "./webhooks";
export { SETTING_GROUPS, SETTINGS } from "./groups";
export { ConfigError, loadConfig, type Config } from "./load";
