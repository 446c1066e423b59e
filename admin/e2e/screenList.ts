/**
 * The admin's screens behind sign-in, by route (admin/src/registry.ts), for the
 * suites that visit every screen (accessibility, narrow screens). A test
 * checks this list against the registry, so a new screen is not forgotten.
 */
import { readFileSync } from "fs";
import path from "path";
import { ROOT } from "./product";

/** The custom pages (no table). */
export const PAGES = ["Dashboard", "Security", "Stake", "ManageSale", "Webhooks", "SafeTransactions"];

/** Every list screen, the four article-image slots included. */
export const LISTS = [
  "Users",
  "Roles",
  "Setting",
  "LaunchPad",
  "About",
  "blocklist",
  "Home",
  "News",
  "Newsdescription",
  "Articles",
  "transactions",
  "signins",
  "Activity",
  "ApiTokens",
  "Feature",
  "featruedes",
  "Roadmap",
  "Farms",
  "Homepages",
  "Homeimage",
  "ContactUs",
  "Articles1",
  "Articles2",
  "Articles3",
  "Articles4",
];

/** The routes of registry.ts that have a screen (a list or a page), the article-image slots spelled out. */
export function registryRoutes(): string[] {
  const source = readFileSync(path.join(ROOT, "admin/src/registry.ts"), "utf8");
  const routes = [...source.matchAll(/route: "(\w+)",\n\s+(?:type: "\w+",\n\s+)?(?:list|page):/g)].map((match) => match[1]);
  const slots =
    /ARTICLE_IMAGE_SLOTS = \[([\d, ]+)\]/
      .exec(source)?.[1]
      .split(",")
      .map((slot) => `Articles${slot.trim()}`) ?? [];
  return [...routes, ...slots];
}
