// A cold load of the admin's News list in Chromium, for `npm run bench`.
import { existsSync } from "node:fs";
import path from "node:path";
import { optional, root } from "./gateway.mjs";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/**
 * A cold load of the News list screen in Chromium (fresh profile, signed in):
 * the GraphQL requests it makes, and the JavaScript it loads beyond what
 * /login loaded, as sent (compressed bytes). Undefined without Chromium or an
 * admin build.
 */
export async function screenLoad(gateway) {
  const playwright = await optional("playwright-core");
  // A CommonJS package: its exports come as the default export of the import.
  const chromium = playwright?.chromium ?? playwright?.default?.chromium;
  if (!chromium || !existsSync(CHROMIUM) || !existsSync(path.join(root, "admin/dist/index.html"))) return undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    /** What one cold navigation loads: script URLs with their sent sizes, and the GraphQL requests. */
    const visit = async (route, token) => {
      const context = await browser.newContext();
      if (token) {
        await context.addInitScript(
          ([value, name]) => (localStorage.setItem("token", value), localStorage.setItem("name", name)),
          [token, "admin"],
        );
      }
      const page = await context.newPage();
      const scripts = new Map();
      let graphql = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/graphql") graphql++;
      });
      const sized = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        sized.push(request.sizes().then((sizes) => scripts.set(new URL(request.url()).pathname, sizes.responseBodySize)));
      });
      // Settled: 500 ms with no request in flight but the signed-in tab's change stream, which stays open
      // (Playwright's networkidle would wait for it forever).
      const inflight = new Set();
      page.on("request", (request) => new URL(request.url()).pathname !== "/graphql/stream" && inflight.add(request));
      for (const done of ["requestfinished", "requestfailed"]) page.on(done, (request) => inflight.delete(request));
      const settled = async () => {
        const end = Date.now() + 120_000;
        for (let quietSince = Date.now(); Date.now() - quietSince < 500; await page.waitForTimeout(50)) {
          if (inflight.size) quietSince = Date.now();
          if (Date.now() > end) throw new Error(`${route} still loading after 120 s`);
        }
      };
      // A list screen's code is loaded lazily once the app has started (the network may be idle meanwhile):
      // wait for its first GraphQL answer, then for the network to settle.
      const listed = token && page.waitForResponse((response) => new URL(response.url()).pathname === "/graphql", { timeout: 120_000 });
      await page.goto(`${gateway.base}${route}`, { waitUntil: "load", timeout: 120_000 });
      if (listed) await listed;
      await settled();
      await page.waitForTimeout(1000);
      await Promise.all(sized);
      await context.close();
      return { scripts, graphql };
    };
    const login = await visit("/login");
    const news = await visit("/News", gateway.token.replace(/^Bearer /, ""));
    const beyond = [...news.scripts].filter(([url]) => !login.scripts.has(url));
    return {
      graphql: news.graphql,
      loginKb: [...login.scripts.values()].reduce((sum, size) => sum + size, 0) / 1024,
      listKb: beyond.reduce((sum, [, size]) => sum + size, 0) / 1024,
      listFiles: beyond.length,
    };
  } finally {
    await browser.close();
  }
}
