/**
 * A test file's own presale and the owner's signed-in browser, set up before
 * its tests and closed after them (the files that act on ManageSale as the
 * owner share this).
 */
import type { Page } from "playwright-core";
import type { Browser } from "./browser";
import { createTestSale, saleChain, walletBrowser, type SaleChain, type TestSale } from "./saleChain";

interface OwnerSale {
  chain: SaleChain;
  sale: TestSale;
  browser: Browser;
  page: Page;
}

/** Registers the beforeAll and afterAll; the returned object is filled once beforeAll has run. `prepare` runs on chain before the browser opens. */
export function ownerSaleForFile(prepare?: (setup: Pick<OwnerSale, "chain" | "sale">) => Promise<void>): OwnerSale {
  const setup = {} as OwnerSale;
  beforeAll(async () => {
    setup.chain = await saleChain();
    setup.sale = await createTestSale(setup.chain, 9);
    await prepare?.(setup);
    setup.browser = await walletBrowser(setup.chain, setup.chain.accounts[0]);
    setup.page = setup.browser.page;
  }, 120_000);
  afterAll(async () => {
    await setup.browser?.close();
  });
  return setup;
}
