import type { Permission } from "../../src/auth/permissions";

/**
 * The built-in roles' grids, written out (and `staff`, the role the upgrade gives existing non-admin users): for each
 * resource in catalogue order, the actions of admin, editor, sale-operator, viewer and staff. The tests compare the
 * gateway's answers with this table, never with what the code under test computes: changing a built-in role means
 * changing this table too.
 */
export const BUILT_IN_ROLES = ["admin", "editor", "sale-operator", "viewer", "staff"] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

// One row per resource, one column per role (admin, editor, sale-operator, viewer, staff), aligned as a table.
// prettier-ignore
const GRIDS: Record<string, [string, string, string, string, string]> = {
  User:               ["read create update delete export",       "",                                 "",                                       "",            ""],
  About:              ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  Feature:            ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  FeatureDescription: ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  Roadmap:            ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  LandingBlock:       ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  HomeImage:          ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  HomePage:           ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  Setting:            ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  News:               ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  NewsDescription:    ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  Article:            ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  ArticleImage:       ["read create update delete export",       "read create update delete export", "read",                                   "read export", "read create update delete export"],
  ContactMessage:     ["read delete export",                     "read",                             "",                                       "read export", "read delete export"],
  Pool:               ["read create update delete export chain", "",                                 "read create update delete export chain", "read export", "read create update delete export chain"],
  IpWhitelistEntry:   ["read create update delete export",       "",                                 "read create update delete export",       "read export", "read create update delete export"],
  LaunchPad:          ["read create update delete export chain", "",                                 "read create update delete export chain", "read export", "read create update delete export"],
  BlocklistEntry:     ["read create update delete export chain", "",                                 "read create update delete export chain", "read export", "read create update delete export chain"],
  ChainTransaction:   ["read export",                            "",                                 "read export",                            "read export", "read export"],
  Session:            ["read export",                            "",                                 "",                                       "",            ""],
  SignInEvent:        ["read export",                            "",                                 "",                                       "",            ""],
  Contribution:       ["read export",                            "",                                 "read export",                            "",            ""],
  WhitelistEntry:     ["read export",                            "",                                 "read export",                            "",            ""],
  AuditEvent:         ["read export",                            "",                                 "",                                       "",            ""],
  Role:               ["read create update delete export",       "",                                 "",                                       "",            ""],
  SafeTransaction:    ["read export chain",                      "",                                 "read export chain",                      "",            ""],
  SafeConfirmation:   ["read export",                            "",                                 "read export",                            "",            ""],
  SaleInsight:        ["read",                                   "",                                 "read",                                   "",            ""],
  Webhook:            ["read create update delete",              "",                                 "",                                       "",            ""],
};

/** A built-in role's grid as `me` and the roles list answer it: resources in catalogue order, actions in grid order. */
export const gridOf = (role: BuiltInRole): Permission[] =>
  Object.entries(GRIDS)
    .map(([resource, actions]) => ({ resource, actions: actions[BUILT_IN_ROLES.indexOf(role)].split(" ").filter(Boolean) }))
    .filter(({ actions }) => actions.length) as Permission[];

/** Whether a built-in role's grid grants `action` on `resource`. */
export const grants = (role: BuiltInRole, resource: string, action: string): boolean =>
  (GRIDS[resource]?.[BUILT_IN_ROLES.indexOf(role)] ?? "").split(" ").includes(action);
