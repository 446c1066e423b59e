/**
 * The instant shell: a signed-in deep link paints the app bar and the menu before the screen's data
 * answers, a list screen loads in at most 8 scripts beyond /login's, and the Dashboard loads the chain code of its
 * open sales only once their place scrolls into view. Each visit is cold (a fresh browser profile).
 */
import type { Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl, eventually, launch, networkIdle, shot, type Browser } from "./browser";

/** At most this many scripts after /login's for a list screen (the target). */
const LIST_SCRIPTS = 8;

const opened: Browser[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((browser) => browser.close()));
});

/** A fresh browser whose page records the path of every script it requests; signed in when `token` is given. */
async function coldPage(token?: string) {
  const browser = await launch();
  opened.push(browser);
  if (token) {
    await browser.context.addInitScript(
      ([value, name]) => (localStorage.setItem("token", value), localStorage.setItem("name", name)),
      [token, "admin"],
    );
  }
  const scripts = new Set<string>();
  browser.page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  return { page: browser.page, scripts };
}

async function adminToken() {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Holds back the GraphQL requests whose query names `field` until the returned function is called. */
async function holdQueries(page: Page, field: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/graphql", async (route) => {
    if (route.request().postData()?.includes(field)) await released;
    await route.continue();
  });
  return release;
}

it("opens /News signed in with the app bar and menu painted before the list's data, in at most 8 scripts beyond /login's", async () => {
  const login = await coldPage();
  await login.page.goto(`${baseUrl()}/login`);
  await login.page.getByRole("button", { name: "Login" }).waitFor();
  await login.page.waitForLoadState("networkidle");

  const news = await coldPage(await adminToken());
  const release = await holdQueries(news.page, "allNews");
  await news.page.goto(`${baseUrl()}/News`);
  // The list's rows have not answered yet: the frame is there all the same.
  await news.page.getByRole("banner").getByText("News", { exact: true }).waitFor();
  await news.page.getByRole("menuitem", { name: "News", exact: true }).waitFor();
  await news.page.getByRole("menuitem", { name: "Dashboard" }).waitFor();
  // No row holds a record yet (the list's loading rows, if any, are blank).
  const filledRows = news.page.locator("tbody tr", { hasText: /\S/ });
  expect(await filledRows.count()).toBe(0);
  release();
  await filledRows.first().waitFor();
  // Signed in, the tab's change stream stays open: idle is every other request done.
  await networkIdle(news.page);

  const beyond = [...news.scripts].filter((script) => !login.scripts.has(script));
  expect(beyond.length).toBeGreaterThan(0);
  expect(beyond.length).toBeLessThanOrEqual(LIST_SCRIPTS);
  // Nor does a list load the chain layer (ethers): that is for the screens and cards that read the chain.
  expect(beyond.filter((script) => /\/assets\/chain-/.test(script))).toEqual([]);
});

it("loads the Dashboard's chain code only once the open sales' place scrolls into view", async () => {
  const { page, scripts } = await coldPage(await adminToken());
  // A phone-sized window: the count cards stack and fill it, the open sales come below.
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto(`${baseUrl()}/Dashboard`);
  await page.getByText("Welcome to the back-office").waitFor();
  await networkIdle(page);
  const chainCode = () => [...scripts].filter((script) => /\/assets\/(OpenSales|chain)-/.test(script));
  expect(chainCode()).toEqual([]);

  await page.getByRole("heading", { name: "More screens" }).scrollIntoViewIfNeeded();
  await eventually(() => expect(chainCode()).toHaveLength(2));
});

it("on a phone, a link to /News shows the first page's rows before the admin's code loads, which then shows the same rows", async () => {
  const token = await adminToken();
  const answer = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "apollo-require-preflight": "true" },
    body: JSON.stringify({ query: `{ allNews(perPage: 10, sortField: "createdAt", sortOrder: "DESC") { heading } }` }),
  });
  // The list's first page: newest first, as the list orders it.
  const expected = ((await answer.json()) as { data: { allNews: { heading: string }[] } }).data.allNews.map((n) => n.heading);
  expect(expected.length).toBeGreaterThan(0);

  const { page } = await coldPage(token);
  await page.setViewportSize({ width: 390, height: 844 });
  // The admin's code (react-admin's chunk) is held back until the test has looked at what shows without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // What happened first, in the order the browser told it.
  const events: string[] = [];
  const happened = (event: string) => !events.includes(event) && events.push(event);
  await page.route(/\/assets\/react-admin-[^/]+\.js$/, async (route) => {
    happened("admin asked");
    await held;
    await route.continue();
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/graphql") && response.request().postData()?.includes("FirstPage")) happened("rows answered");
  });
  await page.goto(`${baseUrl()}/News`);

  const firstPage = page.getByRole("status", { name: "Loading" });
  const headings = (scope: typeof firstPage) => scope.locator("li .MuiListItemText-primary").allTextContents();
  await eventually(async () => expect(await headings(firstPage)).toEqual(expected), 30_000);
  // Nothing in them acts yet; the admin's code was asked for only once the rows had come.
  expect(await firstPage.getByRole("button").count()).toBe(0);
  await eventually(() => expect(events).toContain("admin asked"), 30_000);
  expect(events).toEqual(["rows answered", "admin asked"]);
  await shot(page, "phone-news-first-page");

  release();
  // The list's own rows replace them: the same headings in the same order, each with its menu.
  await page.getByRole("button", { name: "Actions" }).first().waitFor();
  await eventually(async () => expect(await firstPage.count()).toBe(0));
  expect(await headings(page.locator("main"))).toEqual(expected);
  expect(await page.getByRole("button", { name: "Actions" }).count()).toBe(expected.length);
  await shot(page, "phone-news-list");
});
