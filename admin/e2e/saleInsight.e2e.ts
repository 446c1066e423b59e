/**
 * Sale insight against the real product in Chromium: the gateway's indexer
 * follows anvil, a second account buys, and ManageSale shows the progress,
 * the chart and the contributor without a reload. While the page is idle, it
 * may cost the chain node at most one request per new block.
 */
import { mined } from "@presale/abis";
import { parseEther, parseUnits } from "ethers";
import { baseUrl, eventually, shot } from "./browser";
import { ownerSaleForFile } from "./ownerSale";
import { contract } from "./saleChain";

// Deposit and start the sale on chain before the browser opens: this file is about what the page shows.
const setup = ownerSaleForFile(async ({ chain, sale }) => {
  const token = await contract(chain, "IERC20", sale.token, chain.accounts[0]);
  await mined(token.transfer(sale.presale, parseUnits("100000", sale.decimals)));
  const presale = await contract(chain, "Presale", sale.presale, chain.accounts[0]);
  await mined(presale.startPresale(3));
});

/** The page's JSON-RPC requests to the chain node (its read provider and the injected wallet alike). */
const rpcRequests: string[] = [];

it("shows a purchase from another account on ManageSale without reloading", async () => {
  const { page, chain, sale } = setup;
  page.on("request", (request) => {
    if (request.url().startsWith(chain.rpcUrl)) rpcRequests.push(request.postData() ?? "");
  });
  await page.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
  const bnb = page.getByTestId("progress-BNB");
  await eventually(async () => expect(await bnb.textContent()).toBe("0 of 100 BNB (0%)"), 60_000);
  expect(await page.getByTestId("time-left").textContent()).toMatch(/^2d 23h \d+m left$|^3d 0h 0m left$/);
  const loads = await page.evaluate(() => performance.getEntriesByType("navigation").length);

  const buyer = chain.accounts[1];
  const presale = await contract(chain, "Presale", sale.presale, buyer);
  await mined(presale.buyToken({ value: parseEther("2.5") }));

  await eventually(async () => expect(await bnb.textContent()).toBe("2.5 of 100 BNB (2.5%)"), 30_000);
  const contributors = page.locator(".MuiCard-root", { has: page.getByRole("heading", { name: "Contributors", exact: true }) });
  await contributors.getByText(buyer, { exact: true }).waitFor({ timeout: 30_000 });
  expect(await contributors.getByText("2.5 BNB", { exact: true }).count()).toBe(1);
  const chart = page.getByRole("figure", { name: "Cumulative raised (BNB)" });
  // A line once there are two points in time; the lone purchase of a sale started within the same hour is a dot with words.
  await chart.locator('svg, [data-testid="chart-single-BNB"]').first().waitFor({ timeout: 30_000 });
  if (await chart.getByTestId("chart-single-BNB").count()) expect(await chart.textContent()).toContain("One contribution so far");
  expect(await chart.textContent()).toContain("2.5 of 100 BNB raised");
  expect(await page.getByTestId("contributor-count").textContent()).toBe("1 contributor");
  // The page reads the chain through the node these requests are counted on (so the idle count below can fail).
  expect(rpcRequests.some((body) => body.includes("eth_call"))).toBe(true);
  // The same document all along: nothing was reloaded.
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loads);
  await shot(page, "sale-insight");
});

it("costs the chain node at most one request per new block while idle", async () => {
  const { page, chain } = setup;
  // Let the purchase's reads settle, then watch the idle page for a while (several gateway polls).
  await page.waitForTimeout(3000);
  const requests = rpcRequests.length;
  const block = await chain.provider.getBlockNumber();
  await page.waitForTimeout(15_000);
  const newBlocks = (await chain.provider.getBlockNumber()) - block;
  expect(rpcRequests.length - requests).toBeLessThanOrEqual(newBlocks);

  // One new block (a purchase): one read of the presale, not more.
  const presale = await contract(chain, "Presale", setup.sale.presale, chain.accounts[2]);
  const before = rpcRequests.length;
  const start = await chain.provider.getBlockNumber();
  await mined(presale.buyToken({ value: parseEther("1") }));
  await eventually(async () => expect(await page.getByTestId("progress-BNB").textContent()).toBe("3.5 of 100 BNB (3.5%)"), 30_000);
  await page.waitForTimeout(6000);
  const reads = rpcRequests.length - before;
  expect(reads).toBeGreaterThanOrEqual(1);
  expect(reads).toBeLessThanOrEqual((await chain.provider.getBlockNumber()) - start);
});
