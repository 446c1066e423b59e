/**
 * An axe-core scan (WCAG 2 A and AA rules) of every screen,
 * public and signed in, in the light theme, and in the dark theme for the rules
 * that colours decide. A serious or critical
 * violation fails the suite, listed with the elements axe names.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { baseUrl, launch, networkIdle, signIn, type Browser } from "./browser";
import { createTestSale, saleChain } from "./saleChain";
import { LISTS, PAGES, registryRoutes } from "./screenList";

const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);
/** The WCAG A/AA rules whose outcome depends on colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Mode = "light" | "dark";

/** The serious and critical violations on the page as it is now, one line per rule. */
async function violations(page: Page, screen: string, mode: Mode = "light"): Promise<string[]> {
  // A page without frames is scanned with one axe.run in the page ("legacy mode"): the same results as the
  // default runPartial + finishRun (compared on every screen, both themes), without the blank tab finishRun
  // opens and the second copy of axe it injects there, which took half of each scan. A page with frames
  // keeps the default, which scans cross-origin frames too.
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  // The dark theme changes colours only (same components, same markup): it is scanned for the rules colours decide.
  if (mode === "dark") builder.withRules(COLOUR_RULES);
  else builder.withTags(WCAG_A_AA);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.help}\n    ` +
        violation.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`)
          .join("\n    "),
    );
}

/**
 * Opens a path and waits until its content and its requests are in (and the enter transitions are over). Signed in,
 * it navigates as a click on a link does (the router follows the history), without loading and starting the app
 * again for each screen: that was half of the scan's CPU, and it is not what an administrator does between screens.
 * The public screens are loaded afresh, as a signed-out visitor opens them.
 */
async function settle(page: Page, route: string, { inApp = true } = {}) {
  if (inApp && new URL(page.url()).origin === baseUrl()) {
    await page.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, route);
    await page.waitForFunction((path) => location.pathname === path, route);
  } else await page.goto(`${baseUrl()}${route}`);
  await page.locator("#root *").first().waitFor();
  await quiet(page);
}

/** Waits until no request, read or transition is under way. */
async function quiet(page: Page) {
  await networkIdle(page);
  // The app bar's loader shows while any read is under way (a chain read can start after the network went idle
  // once, on a loaded machine): scanned mid-read, buttons are still changing state.
  await page.locator(".app-loader").waitFor({ state: "detached" });
  // Two frames drawn since: whatever the last render changed has its style applied, and its transitions have started.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // A button just enabled is still fading to its colour: axe would measure the colour half-way.
  // Endless animations (spinners) never finish and are left out.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * The violations that are still there once the page is quiet again. On a loaded machine a state change can come after
 * the page first looked settled (a button enabled by a late read, fading to its colour while axe measured it: 3.91:1
 * half-way, 4.5:1 and more once there); a real violation stays.
 */
async function lastingViolations(page: Page, screen: string, mode: Mode) {
  const found = await violations(page, screen, mode);
  if (!found.length) return found;
  await quiet(page);
  return violations(page, screen, mode);
}

let browser: Browser;
let page: Page;
let presale: string;

beforeAll(async () => {
  presale = (await createTestSale(await saleChain(), 18)).presale;
  browser = await launch();
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

it("scans every screen of the registry", () => {
  expect([...PAGES, ...LISTS].sort()).toEqual(registryRoutes().sort());
});

const PUBLIC = ["/login", "/register", "/no-such-page"];
const SIGNED_IN = [...PAGES, ...LISTS].map((screen) => `/${screen}`);

describe.each<Mode>(["light", "dark"])("in the %s theme", (mode) => {
  beforeAll(async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate((chosen) => {
      localStorage.removeItem("token");
      localStorage.setItem("RaStore.theme", JSON.stringify(chosen));
    }, mode);
  });

  it.each(PUBLIC)("finds no serious or critical violation on %s", async (route) => {
    await settle(page, route, { inApp: false });
    expect(await lastingViolations(page, route, mode)).toEqual([]);
  });

  it("signs in", async () => {
    await signIn(page);
    // The theme chosen before signing in holds.
    expect(await page.evaluate(() => localStorage.getItem("RaStore.theme"))).toBe(JSON.stringify(mode));
  });

  it.each(SIGNED_IN)("finds no serious or critical violation on %s", async (route) => {
    await settle(page, route);
    expect(await lastingViolations(page, route, mode)).toEqual([]);
  });

  it("finds no serious or critical violation on a presale's ManageSale screen", async () => {
    await settle(page, `/ManageSale/${presale}`);
    await page.getByRole("heading", { name: "On-chain values" }).waitFor();
    expect(await lastingViolations(page, "/ManageSale/<presale>", mode)).toEqual([]);
  });
});
