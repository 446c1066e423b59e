/**
 * The instant shell (issue 26): a signed-in deep link paints the app bar and the menu before the screen's data
 * answers, a list screen loads in at most 8 scripts beyond /login's, and the Dashboard loads the chain code of its
 * open sales only once their place scrolls into view. Each visit is cold (a fresh browser profile).
 */
import type { Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl, eventually, launch, networkIdle, type Browser } from "./browser";

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
