import polyglotI18nProvider from "ra-i18n-polyglot";
import type { TranslationMessages } from "react-admin";
import type { Labels, Screen } from "../screen";
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

/** `extra` over `base`, branch by branch. */
function merge(base: Labels, extra: Labels): Labels {
  const out: Labels = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === "object" && typeof current === "object" ? merge(current, value) : value;
  }
  return out;
}

/**
 * Every text of the signed-in admin: en.ts, then the chain screens', security, sessions, sale insight, audit, roles and
 * API token texts, the live screens', the Safe flows' (kept out of the /login chunk), then each screen's own labels
 * under `resources.<route>`.
 */
export function adminMessages(screens: readonly Screen[]): TranslationMessages {
  const screenLabels = screens.flatMap(({ route, labels }) => (labels ? [{ resources: { [route]: labels.en } }] : []));
  return [
    chainScreenMessages,
    securityMessages,
    sessionsMessages,
    saleInsightMessages,
    auditMessages,
    rolesMessages,
    liveMessages,
    webhooksMessages,
    safeMessages,
    ...screenLabels,
  ].reduce<Labels>((all, extra) => merge(all, extra as unknown as Labels), en as unknown as Labels) as unknown as TranslationMessages;
}

/** The signed-in admin's provider, over adminMessages(screens). */
export function adminI18nProvider(screens: readonly Screen[]) {
  const messages = adminMessages(screens);
  return polyglotI18nProvider(() => messages, "en", [{ locale: "en", name: "English" }], { allowMissing: true });
}
