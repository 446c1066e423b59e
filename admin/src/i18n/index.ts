import polyglotI18nProvider from "ra-i18n-polyglot";
import { en } from "./en";

export const i18nProvider = polyglotI18nProvider(() => en, "en", [{ locale: "en", name: "English" }], { allowMissing: true });

/** For the public screens, which render outside react-admin's context. */
export const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
