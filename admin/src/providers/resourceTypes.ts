/**
 * The admin's resources (named as the routes SPEC section 2 gives them) and the
 * GraphQL type each one reads and writes. The four article-image lists are one
 * GraphQL type, ArticleImage, told apart by a fixed `slot`.
 */
export interface ResourceBinding {
  /** The GraphQL type (ra-data-graphql-simple names its operations from it). */
  type: string;
  /** Always part of the list filter. */
  filter?: Record<string, unknown>;
  /** Always part of what is created. */
  defaults?: Record<string, unknown>;
}

const articleImageSlot = (slot: number): ResourceBinding => ({ type: "ArticleImage", filter: { slot }, defaults: { slot } });

export const resourceBindings: Record<string, ResourceBinding> = {
  Users: { type: "User" },
  About: { type: "About" },
  Feature: { type: "Feature" },
  featruedes: { type: "FeatureDescription" },
  Roadmap: { type: "Roadmap" },
  Farms: { type: "Pool" },
  IpWhitelist: { type: "IpWhitelistEntry" },
  Home: { type: "LandingBlock" },
  Homeimage: { type: "HomeImage" },
  Homepages: { type: "HomePage" },
  Setting: { type: "Setting" },
  News: { type: "News" },
  Newsdescription: { type: "NewsDescription" },
  ContactUs: { type: "ContactMessage" },
  Articles: { type: "Article" },
  Articles1: articleImageSlot(1),
  Articles2: articleImageSlot(2),
  Articles3: articleImageSlot(3),
  Articles4: articleImageSlot(4),
  LaunchPad: { type: "LaunchPad" },
  blocklist: { type: "BlocklistEntry" },
  transactions: { type: "ChainTransaction" },
  signins: { type: "SignInEvent" },
};

/** Resources not listed here are GraphQL type names already. */
export const bindingOf = (resource: string): ResourceBinding => resourceBindings[resource] ?? { type: resource };
