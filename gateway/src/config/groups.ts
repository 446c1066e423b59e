import { accountSettings } from "./accounts";
import { chainSettings } from "./chain";
import { chainIndexSettings } from "./chainIndex";
import { dataSettings } from "./data";
import { redisSettings } from "./redis";
import { requestSettings } from "./requests";
import { s3Settings } from "./s3";
import { serverSettings } from "./server";
import type { Setting, SettingGroup } from "./setting";
import { toolSettings } from "./tools";
import { webhookSettings } from "./webhooks";

/**
 * Every environment variable the product reads, by group, in the order of docs/configuration.md (generated from
 * them by `npm run docs:config`). gateway/test/scripts/configDoc.test.ts fails when the page is out of date, when
 * loadConfig reads a name missing here, or when it leaves one unread that names no other reader.
 */
export const SETTING_GROUPS: SettingGroup[] = [
  serverSettings,
  dataSettings,
  accountSettings,
  requestSettings,
  redisSettings,
  s3Settings,
  chainSettings,
  chainIndexSettings,
  webhookSettings,
  toolSettings,
];

export const SETTINGS: (Setting & { name: string })[] = SETTING_GROUPS.flatMap((group) =>
  Object.entries(group.settings).map(([name, setting]) => ({ name, ...setting })),
);
