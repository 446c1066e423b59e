import { blocklist, ipWhitelist, launchPads, pools } from "./chainRecords";
import { chainTransactions } from "./chainTransactions";
import type { Resource } from "./kit/define";
import { landingBlocks } from "./landingBlocks";
import { about, feature, featureDescription, homePage, roadmap } from "./sections";
import { articleImages, articles, contactMessages, homeImages, news, newsDescriptions, settings } from "./site";
import { sessions } from "./sessions";
import { signInEvents } from "./signInEvents";
import { users } from "./users";

/** Every resource of the product; the GraphQL API, the REST shim and the schema follow from this list. */
export const resources: Resource[] = [
  users,
  about,
  feature,
  featureDescription,
  roadmap,
  landingBlocks,
  homeImages,
  homePage,
  settings,
  news,
  newsDescriptions,
  articles,
  articleImages,
  contactMessages,
  pools,
  ipWhitelist,
  launchPads,
  blocklist,
  chainTransactions,
  sessions,
  signInEvents,
];
