import { blocklist, ipWhitelist, launchPads, pools } from "../resources/chainRecords";
import type { Resource } from "../resources/kit/define";
import { landingBlocks } from "../resources/landingBlocks";
import { about, feature, featureDescription, homePage, roadmap } from "../resources/sections";
import { articleImages, articles, contactMessages, homeImages, news, newsDescriptions, settings } from "../resources/site";
import { users } from "../resources/users";

/** What a route does: a resource operation of ResourceService, or sign-in / registration of AuthService. */
export type Action = "list" | "create" | "update" | "remove" | "login" | "logout" | "register";

export interface RestRoute {
  method: "get" | "post";
  /** The path under /api, spelt (case included) as SPEC section 7 spells it. */
  path: string;
  summary: string;
  action: Action;
  resource?: Resource;
  /** How the spec's client sends the body; JSON, urlencoded and multipart are all read on every route. */
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

const route = (method: RestRoute["method"], path: string, action: Action, resource: Resource | undefined, summary: string, o: Options = {}): RestRoute => ({
  method,
  path,
  summary,
  action,
  resource,
  ...o,
});
const list = (method: RestRoute["method"], path: string, resource: Resource, summary: string, o?: Options) => route(method, path, "list", resource, summary, o);
const create = (path: string, resource: Resource, payload: RestRoute["payload"], summary: string, o?: Options) =>
  route("post", path, "create", resource, summary, { payload, ...o });
const update = (path: string, resource: Resource, payload: RestRoute["payload"], summary: string, o?: Options) =>
  route("post", path, "update", resource, summary, { payload, ...o });
const remove = (path: string, resource: Resource, summary: string, o?: Options) => route("post", path, "remove", resource, summary, { payload: "json", ...o });
/** The show/hide toggles: `{ _id, status }` with true to show and false to hide. */
const visibility = (path: string, resource: Resource, summary: string) =>
  update(path, resource, "json", summary, { fields: ["visible"] });

const articleImageRoutes = [1, 2, 3, 4].flatMap((slot) => {
  const scope = { slot };
  return [
    list("get", `/get/aimage${slot}`, articleImages, `Latest Articles${slot} images`, { scope }),
    create(`/add/aimage${slot}`, articleImages, "multipart", `Add a Latest Articles${slot} image`, { scope }),
    update(`/update/aimage${slot}`, articleImages, "multipart", `Replace a Latest Articles${slot} image`, { scope }),
    remove(`/delete/aimage${slot}`, articleImages, `Delete a Latest Articles${slot} image`, { scope }),
  ];
});

/** Every legacy route of SPEC section 7, once. The router, the OpenAPI document and the tests all read this table. */
export const restRoutes: RestRoute[] = [
  // Auth and users
  route("post", "/login", "login", undefined, "Sign in; answers the token for the Authorization header", { payload: "json" }),
  route("post", "/logout", "logout", undefined, "End this session: its token stops working at once", { payload: "json" }),
  route("post", "/register", "register", undefined, "Register an administrator account (JSON only, so a cross-site form cannot post it)", { payload: "json" }),
  create("/user-add", users, "json", "Add a user"),
  update("/update-user", users, "json", "Update a user"),
  list("get", "/user-data", users, "List users"),
  remove("/user-delete", users, "Delete a user"),

  // Farms, features, roadmap, whitelist
  list("post", "/form-data", about, "List the farms form (home block) entries"),
  remove("/form-delete", about, "Delete a farms form (home block) entry"),
  create("/add/about", about, "json", "Add a home block entry"),
  update("/update/about", about, "multipart", "Update a home block entry"),
  create("/pool-add", pools, "multipart", "Record a farm pool after its add transaction"),
  remove("/pool-delete", pools, "Delete a farm pool record"),
  list("get", "/get/Feature", feature, "List image-text features"),
  update("/update/feature", feature, "multipart", "Update an image-text feature"),
  create("/ip-add", ipWhitelist, "multipart", "Add an IP address to the whitelist"),
  list("get", "/get/featuredes", featureDescription, "List 'road more' descriptions"),
  update("/update/featuredes", featureDescription, "multipart", "Update a 'road more' description"),
  list("get", "/get/Roadmapdes", roadmap, "List roadmap 'load more' records"),
  update("/update/Roadmapdes", roadmap, "multipart", "Update a roadmap 'load more' record"),
  remove("/roadmap-delete", roadmap, "Delete a roadmap 'load more' record"),

  // Launchpad and blocklist
  list("post", "/getCardDetails", launchPads, "The launchpad record of a presale address", {
    payload: "json",
    by: { param: "cardPresaleAddress", field: "presaleAddress" },
  }),
  list("post", "/LaunchPad-data", launchPads, "List launchpad records"),
  create("/LaunchPad-add", launchPads, "multipart", "Register a launchpad presale"),
  remove("/LaunchPad-delete", launchPads, "Delete a launchpad record"),
  list("post", "/get-blocklist", blocklist, "List blocklisted wallets", { answer: "typedList" }),
  create("/add-blocklist", blocklist, "json", "Add a wallet to the blocklist"),
  remove("/remove-blocklist", blocklist, "Remove a wallet from the blocklist", { by: { param: "walletaddress", field: "walletAddress" } }),

  // Site content
  list("get", "/get/about", about, "List home block entries"),
  list("get", "/get/landing", landingBlocks, "List landing blocks"),
  list("get", "/get/Homeimage", homeImages, "List home images"),
  list("get", "/get/Homepage", homePage, "List home page records"),
  list("get", "/get/setting", settings, "List site settings"),
  list("get", "/get/news", news, "List news"),
  list("get", "/get/newsdes", newsDescriptions, "List news descriptions"),
  list("get", "/get/Contact", contactMessages, "List contact messages"),
  list("get", "/get/articles", articles, "List latest articles"),
  update("/update/landing", landingBlocks, "multipart", "Update a landing block: texts, content blocks (Content, JSON text) and images (file, files0, files1, ...)", {
    by: { param: "Identifier", field: "identifier" },
    aliases: { Content: "blocks" },
  }),
  update("/landing/change_status", landingBlocks, "json", "Show ('true') or hide ('false') a landing block", {
    by: { param: "identifier", field: "identifier" },
    fields: ["visible"],
    aliases: { status: "visible" },
    answer: "status",
  }),
  update("/update/homeimage", homeImages, "multipart", "Replace the home image"),
  update("/update/homepage", homePage, "multipart", "Update the home page"),
  update("/update/setting", settings, "multipart", "Update a setting's value"),
  create("/add/news", news, "multipart", "Add a news item"),
  update("/update/news", news, "multipart", "Update a news item"),
  visibility("/status-mainnews", news, "Show or hide a news item"),
  create("/add/newsdes", newsDescriptions, "multipart", "Add a news description"),
  update("/update/newsdes", newsDescriptions, "multipart", "Update a news description"),
  visibility("/status-news", newsDescriptions, "Show or hide a news description"),
  create("/add/articles", articles, "multipart", "Add a latest article"),
  update("/update/articles", articles, "multipart", "Update a latest article"),
  visibility("/status-articals", articles, "Show or hide a latest article"),

  // Article images, slots 1 to 4
  ...articleImageRoutes,
];

/** Who may call a route: the resource's read level for lists, its write level otherwise. */
export const accessOf = (route: RestRoute) =>
  route.action === "logout" ? "user" : !route.resource ? "public" : route.action === "list" ? route.resource.access.read : route.resource.access.write;
