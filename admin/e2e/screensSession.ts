import { copyFileSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import type { Locator } from "playwright-core";
import { graphql, IMAGES, launch, row, signIn, type Browser } from "./browser";

/**
 * What the modules of screens.e2e.ts share: one Chromium, signed in as the admin, launched once for all their tests
 * (each end-to-end file launches its own), and their helpers.
 */
export let browser: Browser;
const tmp = mkdtempSync(path.join(tmpdir(), "presale-e2e-files-"));

export async function startBrowser() {
  browser = await launch();
  await signIn(browser.page);
}

export async function closeBrowser() {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
}

/** A copy of a seeded image under another name (the type rules look at the name). */
export const asFile = (image: string, name: string) => {
  const target = path.join(tmp, name);
  copyFileSync(path.join(IMAGES, image), target);
  return target;
};

export const toast = (text: string) => browser.page.getByText(text, { exact: true }).first().waitFor();

export async function count(query: string) {
  const data = await graphql(browser.page, `{ total: ${query} { count } }`);
  return data.total.count as number;
}

export async function deleteRow(text: string | RegExp) {
  await row(browser.page, text).getByRole("button", { name: "Delete" }).click();
  await browser.page.getByRole("button", { name: "Undo" }).waitFor();
  await row(browser.page, text).waitFor({ state: "detached" });
}

export async function expectDisabled(locator: Locator) {
  expect(await locator.isDisabled()).toBe(true);
}
