import { contentScreens } from "./screensContent";
import { landingScreens } from "./screensLanding";
import { closeBrowser, startBrowser } from "./screensSession";
import { sortingEveryList } from "./screensSorting";

/**
 * Every screen against the real gateway. One file whose tests live in modules by group of screens: each end-to-end
 * file launches Chromium and signs in, so the modules are not files of their own. They run in this order, each on
 * the records the earlier ones left.
 */
beforeAll(startBrowser);
afterAll(closeBrowser);

describe("every screen against the real gateway", () => {
  contentScreens();
  landingScreens();
});

describe("sorting", sortingEveryList);
