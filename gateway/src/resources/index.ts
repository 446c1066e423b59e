import { About } from "./about";
import { Article } from "./article";
import { ArticleImage } from "./articleImage";
import { AuditEvent } from "./auditEvent";
import { BlocklistEntry } from "./blocklistEntry";
import { ChainTransaction } from "./chainTransaction";
import { ContactMessage } from "./contactMessage";
import { Contribution } from "./contribution";
import { Feature } from "./feature";
import { FeatureDescription } from "./featureDescription";
import { HomeImage } from "./homeImage";
import { HomePage } from "./homePage";
import { IpWhitelistEntry } from "./ipWhitelistEntry";
import type { AnyResource } from "./kit/define";
import { LandingBlock } from "./landingBlock";
import { LaunchPad } from "./launchPad";
import { News } from "./news";
import { NewsDescription } from "./newsDescription";
import { Pool } from "./pool";
import { Roadmap } from "./roadmap";
import { SafeConfirmation } from "./safeConfirmation";
import { SafeTransaction } from "./safeTransaction";
import { Role } from "./role";
import { Session } from "./session";
import { Setting } from "./setting";
import { SignInEvent } from "./signInEvent";
import { User } from "./user";
import { WhitelistEntry } from "./whitelistEntry";

/** Every resource of the product; the GraphQL API, the REST shim and the schema follow from this list. */
export const resources: AnyResource[] = [
  User,
  About,
  Feature,
  FeatureDescription,
  Roadmap,
  LandingBlock,
  HomeImage,
  HomePage,
  Setting,
  News,
  NewsDescription,
  Article,
  ArticleImage,
  ContactMessage,
  Pool,
  IpWhitelistEntry,
  LaunchPad,
  BlocklistEntry,
  ChainTransaction,
  Session,
  SignInEvent,
  Contribution,
  WhitelistEntry,
  AuditEvent,
  Role,
  SafeTransaction,
  SafeConfirmation,
];
