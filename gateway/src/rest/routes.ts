import type { Need } from "../auth/access";
import { BlocklistEntry } from "../resources/blocklistEntry";
import { IpWhitelistEntry } from "../resources/ipWhitelistEntry";
import { LaunchPad } from "../resources/launchPad";
import { Pool } from "../resources/pool";
import type { Resource } from "../resources/kit/define";
import { LandingBlock } from "../resources/landingBlock";
import { About } from "../resources/about";
import { Feature } from "../resources/feature";
import { FeatureDescription } from "../resources/featureDescription";
import { HomePage } from "../resources/homePage";
import { Roadmap } from "../resources/roadmap";
import { ArticleImage } from "../resources/articleImage";
import { Article } from "../resources/article";
import { ContactMessage } from "../resources/contactMessage";
import { HomeImage } from "../resources/homeImage";
import { News } from "../resources/news";
import { NewsDescription } from "../resources/newsDescription";
import { Setting } from "../resources/setting";
import { User } from "../resources/user";

/** What a route does: a resource operation of ResourceService, or sign-in / registration of AuthService. */
export type Action = "list" | "create" | "update" | "remove" | "login" | "logout" | "register";

export interface RestRoute {
  method: "get" | "post";
  /** The path under /api, spelt (case included) as the original clients spell it (docs/legacy-api.md). */
  path: string;
  summary: string;
  action: Action;
  resource?: Resource;
  /** How the original client sends the body; JSON, urlencoded and multipart are all read on every route. */
  payload?: "json" | "multipart";
  /** The request field that picks the record (update, remove) or filters the list; `_id` by default. */
  by?: { param: string; field: string };
  /** Model values the route fixes: the list's filter, set on create, required of the record on update and remove. */
  scope?: Record<string, string | number>;
  /** The model fields the route writes, when not every writable field. */
  fields?: string[];
  /** Request names that differ on this route from the resource's legacy names (request name → model field). */
  aliases?: Record<string, string>;
  /** The answer when not the action's usual one: `{ type: 'success', data }`, or `{ status: 1, message }`. */
  answer?: "typedList" | "status";
}

type Options = Partial<Omit<RestRoute, "method" | "path" | "summary" | "action" | "resource">>;

const route = (
  method: RestRoute["method"],
  path: string,
  action: Action,
  resource: Resource | undefined,
  summary: string,
  o: Options = {},
): RestRoute => ({
  method,
  path,
  summary,
  action,
  resource,
  ...o,
});
const list = (method: RestRoute["method"], path: string, resource: Resource, summary: string, o?: Options) =>
  route(method, path, "list", resource, summary, o);
const create = (path: string, resource: Resource, payload: RestRoute["payload"], summary: string, o?: Options) =>
  route("post", path, "create", resource, summary, { payload, ...o });
const update = (path: string, resource: Resource, payload: RestRoute["payload"], summary: string, o?: Options) =>
  route("post", path, "update", resource, summary, { payload, ...o });
const remove = (path: string, resource: Resource, summary: string, o?: Options) =>
  route("post", path, "remove", resource, summary, { payload: "json", ...o });
/** The show/hide toggles: `{ _id, status }` with true to show and false to hide. */
const visibility = (path: string, resource: Resource, summary: string) => update(path, resource, "json", summary, { fields: ["visible"] });

const articleImageRoutes = [1, 2, 3, 4].flatMap((slot) => {
  const scope = { slot };
  return [
    list("get", `/get/aimage${slot}`, ArticleImage, `Latest Articles${slot} images`, { scope }),
    create(`/add/aimage${slot}`, ArticleImage, "multipart", `Add a Latest Articles${slot} image`, { scope }),
    update(`/update/aimage${slot}`, ArticleImage, "multipart", `Replace a Latest Articles${slot} image`, { scope }),
    remove(`/delete/aimage${slot}`, ArticleImage, `Delete a Latest Articles${slot} image`, { scope }),
  ];
});

/** Every legacy REST route (docs/legacy-api.md), once. The router, the OpenAPI document and the tests all read this table. */
export const restRoutes: RestRoute[] = [
  // Auth and users
  route("post", "/login", "login", undefined, "Sign in; answers the token for the Authorization header", { payload: "json" }),
  route("post", "/logout", "logout", undefined, "End this session: its token stops working at once", { payload: "json" }),
  route("post", "/register", "register", undefined, "Register an administrator account (JSON only, so a cross-site form cannot post it)", {
    payload: "json",
  }),
  create("/user-add", User, "json", "Add a user"),
  update("/update-user", User, "json", "Update a user"),
  list("get", "/user-data", User, "List users"),
  remove("/user-delete", User, "Delete a user"),

  // Farms, features, roadmap, whitelist
  // The Farms (form list) screen lists farm pools (its columns are pool fields); its 'Add Farm' and 'Home' dialogs write the home block (about).
  list("post", "/form-data", Pool, "List the farm pools of the Farms (form list) screen"),
  remove("/form-delete", Pool, "Delete a farm pool from the Farms (form list) screen"),
  create("/add/about", About, "json", "Add a home block entry"),
  update("/update/about", About, "multipart", "Update a home block entry"),
  create("/pool-add", Pool, "multipart", "Record a farm pool after its add transaction"),
  remove("/pool-delete", Pool, "Delete a farm pool record"),
  list("get", "/get/Feature", Feature, "List image-text features"),
  update("/update/feature", Feature, "multipart", "Update an image-text feature"),
  create("/ip-add", IpWhitelistEntry, "multipart", "Add an IP address to the whitelist"),
  list("get", "/get/featuredes", FeatureDescription, "List 'road more' descriptions"),
  update("/update/featuredes", FeatureDescription, "multipart", "Update a 'road more' description"),
  list("get", "/get/Roadmapdes", Roadmap, "List roadmap 'load more' records"),
  update("/update/Roadmapdes", Roadmap, "multipart", "Update a roadmap 'load more' record"),
  remove("/roadmap-delete", Roadmap, "Delete a roadmap 'load more' record"),

  // Launchpad and blocklist
  list("post", "/getCardDetails", LaunchPad, "The launchpad record of a presale address", {
    payload: "json",
    by: { param: "cardPresaleAddress", field: "presaleAddress" },
  }),
  list("post", "/LaunchPad-data", LaunchPad, "List launchpad records"),
  create("/LaunchPad-add", LaunchPad, "multipart", "Register a launchpad presale"),
  remove("/LaunchPad-delete", LaunchPad, "Delete a launchpad record"),
  list("post", "/get-blocklist", BlocklistEntry, "List blocklisted wallets", { answer: "typedList" }),
  create("/add-blocklist", BlocklistEntry, "json", "Add a wallet to the blocklist"),
  remove("/remove-blocklist", BlocklistEntry, "Remove a wallet from the blocklist", {
    by: { param: "walletaddress", field: "walletAddress" },
  }),

  // Site content
  list("get", "/get/about", About, "List home block entries"),
  list("get", "/get/landing", LandingBlock, "List landing blocks"),
  list("get", "/get/Homeimage", HomeImage, "List home images"),
  list("get", "/get/Homepage", HomePage, "List home page records"),
  list("get", "/get/setting", Setting, "List site settings"),
  list("get", "/get/news", News, "List news"),
  list("get", "/get/newsdes", NewsDescription, "List news descriptions"),
  list("get", "/get/Contact", ContactMessage, "List contact messages"),
  list("get", "/get/articles", Article, "List latest articles"),
  update(
    "/update/landing",
    LandingBlock,
    "multipart",
    "Update a landing block: texts, content blocks (Content, JSON text) and images (file, files0, files1, ...)",
    {
      by: { param: "Identifier", field: "identifier" },
      aliases: { Content: "blocks" },
    },
  ),
  update("/landing/change_status", LandingBlock, "json", "Show ('true') or hide ('false') a landing block", {
    by: { param: "identifier", field: "identifier" },
    fields: ["visible"],
    aliases: { status: "visible" },
    answer: "status",
  }),
  update("/update/homeimage", HomeImage, "multipart", "Replace the home image"),
  update("/update/homepage", HomePage, "multipart", "Update the home page"),
  update("/update/setting", Setting, "multipart", "Update a setting's value"),
  create("/add/news", News, "multipart", "Add a news item"),
  update("/update/news", News, "multipart", "Update a news item"),
  visibility("/status-mainnews", News, "Show or hide a news item"),
  create("/add/newsdes", NewsDescription, "multipart", "Add a news description"),
  update("/update/newsdes", NewsDescription, "multipart", "Update a news description"),
  visibility("/status-news", NewsDescription, "Show or hide a news description"),
  create("/add/articles", Article, "multipart", "Add a latest article"),
  update("/update/articles", Article, "multipart", "Update a latest article"),
  visibility("/status-articals", Article, "Show or hide a latest article"),

  // Article images, slots 1 to 4
  ...articleImageRoutes,
];

const ACTION_NEEDS = { list: "read", create: "create", update: "update", remove: "delete" } as const;

/** What a route needs (auth/access.ts): a signed-in user to sign out, the action on its resource, else nothing. */
export const needOf = (route: RestRoute): Need | "user" | "public" =>
  route.action === "logout"
    ? "user"
    : route.resource && route.action in ACTION_NEEDS
      ? { action: ACTION_NEEDS[route.action as keyof typeof ACTION_NEEDS], resource: route.resource.name }
      : "public";

/** Whether a route is open to anyone ("public") or needs a signed-in user whose role allows it ("user"): what the OpenAPI document says. */
export const accessOf = (route: RestRoute): "public" | "user" => {
  const need = needOf(route);
  return typeof need === "string" ? need : need.action === "read" && route.resource?.policy.publicRead ? "public" : "user";
};
