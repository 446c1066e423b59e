import polyglotI18nProvider from "ra-i18n-polyglot";
import type { TranslationMessages } from "react-admin";
import { auditMessages } from "./audit";
import { chainScreenMessages } from "./chainScreens";
import { en } from "./en";
import { liveMessages } from "./live";
import { rolesMessages } from "./roles";
import { safeMessages } from "./safe";
import { saleInsightMessages } from "./saleInsight";
import { securityMessages } from "./security";
import { sessionsMessages } from "./sessions";
import { webhooksMessages } from "./webhooks";

type Tree = { [key: string]: string | Tree };

/** `extra` over `base`, branch by branch. */
function merge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === "object" && typeof current === "object" ? merge(current, value) : value;
  }
  return out;
}

/** Every text of the signed-in admin: en.ts, then the chain screens', security, sessions, sale insight, audit, roles and API token texts, the live screens', the Safe flows' (kept out of the /login chunk). */
export const adminMessages = [
  chainScreenMessages,
  securityMessages,
  sessionsMessages,
  saleInsightMessages,
  auditMessages,
  rolesMessages,
  liveMessages,
  webhooksMessages,
  safeMessages,
].reduce<Tree>((all, extra) => merge(all, extra as unknown as Tree), en as unknown as Tree) as unknown as TranslationMessages;

export const adminI18nProvider = polyglotI18nProvider(() => adminMessages, "en", [{ locale: "en", name: "English" }], {
  allowMissing: true,
});
