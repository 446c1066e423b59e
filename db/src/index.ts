import { InitialSchema1732000000000 } from "./migrations/1732000000000-InitialSchema";
import { ChainTransactions1732100000000 } from "./migrations/1732100000000-ChainTransactions";
import { SignInSecurity1732200000000 } from "./migrations/1732200000000-SignInSecurity";
import { SearchIndexes1732300000000 } from "./migrations/1732300000000-SearchIndexes";
import { RoadMoreImage1732400000000 } from "./migrations/1732400000000-RoadMoreImage";
import { AuditTrail1732600000000 } from "./migrations/1732600000000-AuditTrail";
import { ChainIndex1732700000000 } from "./migrations/1732700000000-ChainIndex";
import { Roles1732800000000 } from "./migrations/1732800000000-Roles";
import { ApiTokens1732900000000 } from "./migrations/1732900000000-ApiTokens";
import { SessionLastSeen1733000000000 } from "./migrations/1733000000000-SessionLastSeen";
import { SortIndexes1733100000000 } from "./migrations/1733100000000-SortIndexes";
import { SubstringSearch1733200000000 } from "./migrations/1733200000000-SubstringSearch";
import { Webhooks1733300000000 } from "./migrations/1733300000000-Webhooks";
import { SafeTransactions1733400000000 } from "./migrations/1733400000000-SafeTransactions";

/** Every migration, oldest first. The gateway runs them at start. */
export const migrations = [
  InitialSchema1732000000000,
  ChainTransactions1732100000000,
  SignInSecurity1732200000000,
  SearchIndexes1732300000000,
  RoadMoreImage1732400000000,
  AuditTrail1732600000000,
  ChainIndex1732700000000,
  Roles1732800000000,
  ApiTokens1732900000000,
  SessionLastSeen1733000000000,
  SortIndexes1733100000000,
  SubstringSearch1733200000000,
  Webhooks1733300000000,
  SafeTransactions1733400000000,
];

export { seedDemoContent, seedImagesDir, landingIdentifiers, type ImageSaver, type SeedListener } from "./seed";
