import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { chromium, type BrowserContext, type Locator, type Page, type Request } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM, ROOT } from "./product";

export const ARTIFACTS = path.join(ROOT, "admin/test-artifacts");
export const IMAGES = path.join(ROOT, "db/images");
export { ADMIN_EMAIL, ADMIN_PASSWORD };

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through `npm run e2e -w admin`");
  return url;
};

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations reported by any page: closing fails when there is one. */
  cspViolations: string[];
  close(): Promise<void>;
}

/**
 * Each page's requests in flight, the live change stream left out: a signed-in
 * tab keeps it open as long as it lives, and Playwright's networkidle, which
 * counts every fetch, would wait for its end.
 */
const inflight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const requests = new Set<Request>();
  page.on("request", (request) => {
    if (!request.url().endsWith("/graphql/stream")) requests.add(request);
  });
  page.on("requestfinished", (request) => requests.delete(request));
  page.on("requestfailed", (request) => requests.delete(request));
  inflight.set(page, requests);
  const open = new Set<Request>();
  page.on("response", (response) => {
    if (response.url().endsWith("/graphql/stream") && response.ok()) open.add(response.request());
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  streams.set(page, open);
  const lines: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error" && msg.type() !== "warning") return;
    lines.push(`${msg.type()}: ${msg.text()}`);
    if (lines.length > 20) lines.shift();
  });
  consoleLines.set(page, lines);
}

/**
 * Each page's change streams that are open: answered, not ended. The gateway answers a stream once it is subscribed
 * to the changes, so a write made after that is told to the page.
 */
const streams = new WeakMap<Page, Set<Request>>();

/** Waits until the page's change stream is open (see `streams`), or fails saying it did not open. */
export async function streamOpen(page: Page, timeoutMs = 30_000) {
  const open = streams.get(page);
  if (!open) throw new Error("the page was not opened through launch()");
  await eventually(() => {
    if (!open.size) throw new Error(`${page.url()}: no change stream (/graphql/stream) open after ${timeoutMs / 1000} s`);
  }, timeoutMs);
}

/** Each page's last 20 console errors and warnings. */
const consoleLines = new WeakMap<Page, string[]>();

/**
 * What the page showed and said, for a failed wait's message: every toast since it loaded (one that came and went is
 * listed too, with its time), and its last console errors and warnings.
 */
export async function pageReport(page: Page): Promise<string> {
  const toasts = await page
    .evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [])
    .catch((error: Error) => [`(unreadable: ${error.message})`]);
  return `Toasts seen: ${JSON.stringify(toasts)}\nConsole: ${JSON.stringify(consoleLines.get(page) ?? [])}`;
}

/** Waits until no request but the change stream has been in flight for `quietMs` (networkidle's 500 ms). */
export async function networkIdle(page: Page, quietMs = 500, timeoutMs = 30_000) {
  const requests = inflight.get(page);
  if (!requests) throw new Error("the page was not opened through launch()");
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (requests.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`still loading after ${timeoutMs} ms: ${[...requests].map((r) => r.url()).join(", ")}`);
    await page.waitForTimeout(50);
  }
}

/** Chromium, headless, with a fresh profile and the flags that keep it off the network. */
export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), "presale-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // Headless Chromium has no print dialog: count the calls instead.
  await context.addInitScript(() => {
    (window as unknown as { __printCalls: number }).__printCalls = 0;
    window.print = () => {
      (window as unknown as { __printCalls: number }).__printCalls++;
    };
  });
  // Every toast shown, with its time since the page loaded: a failed wait can say which came and went meanwhile.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches(".MuiSnackbar-root") ? [node] : [...node.querySelectorAll(".MuiSnackbar-root")];
          for (const shown of toasts) seen.push(`${(performance.now() / 1000).toFixed(1)} s: ${shown.textContent}`);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  // The admin runs under the gateway's CSP: every violation is reported to the console and fails the suite.
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`),
    );
  });
  context.on("console", (msg) => {
    if (/CSP violation|Content Security Policy/.test(msg.text())) cspViolations.push(msg.text());
  });
  context.on("page", trackRequests);
  context.pages().forEach(trackRequests);
  const page = context.pages()[0] ?? (await context.newPage());
  // Generous, for every page of the context: a ceiling for a hang, on CI machines whose two cores Chromium shares with
  // the gateway, anvil and another lane (a list took more than 30 s to draw there).
  context.setDefaultTimeout(60_000);
  return {
    context,
    page,
    cspViolations,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${[...new Set(cspViolations)].join("\n")}`);
    },
  };
}

/** Saves a screenshot of the screen as a test artifact. */
export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Puts a screenshot in docs/ for the README: when there is none, or when UPDATE_SCREENSHOT=1 (so test runs leave the tree clean). */
export function publishScreenshot(file: string) {
  const target = path.join(ROOT, "docs/screenshot.png");
  if (existsSync(target) && process.env.UPDATE_SCREENSHOT !== "1") return;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(file, target);
}

export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/Dashboard$/);
  await page.getByText("Welcome to the back-office").waitFor();
}

/** Opens a screen and waits for its table. */
export async function open(page: Page, route: string) {
  await page.goto(`${baseUrl()}${route}`);
  await page.locator("table, .RaList-main").first().waitFor();
  await networkIdle(page);
}

export const row = (page: Page, text: string | RegExp) => page.locator("tbody tr", { hasText: text });

export const dialog = (page: Page) => page.getByRole("dialog");

/** Waits for the dialog to close after saving. */
export async function submitDialog(page: Page, button: string) {
  await dialog(page).getByRole("button", { name: button, exact: true }).click();
  await dialog(page).waitFor({ state: "detached" });
}

export async function setFile(scope: Locator, file: string) {
  await scope.locator('input[type="file"]').first().setInputFiles(file);
}

/** The rendered size of an image in the page, once loaded. */
export async function imageLoaded(img: Locator) {
  await img.waitFor();
  await img.evaluate((el: HTMLImageElement) =>
    el.complete && el.naturalWidth > 0 ? undefined : new Promise((r, j) => ((el.onload = r), (el.onerror = j))),
  );
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

/** A GraphQL call with the signed-in user's token (to prepare data). */
export async function graphql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

/** A download's content. */
export async function download(page: Page, click: () => Promise<void>) {
  const [dl] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), content: readFileSync(file!) };
}

/** A JWT-shaped token (not signed by the gateway). */
export function unsignedToken(payload: Record<string, unknown>) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.forged`;
}

/**
 * Retries an assertion until it passes, or throws its last failure once `timeoutMs` is up: a ceiling that catches a
 * hang, generous enough that a slow machine only waits longer.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
