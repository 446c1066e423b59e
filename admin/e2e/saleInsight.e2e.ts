/**
 * Sale insight against the real product in Chromium: the gateway's indexer
 * follows anvil, a second account buys, and ManageSale shows the progress,
 * the chart and the contributor without a reload. While the page is idle, it
 * may cost the chain node at most one request per new block.
 */
import { mined } from "@presale/abis";
import { parseEther, parseUnits } from "ethers";
import type { Page } from "playwright-core";
import { baseUrl, eventually, shot } from "./browser";
import { ownerSaleForFile } from "./ownerSale";
import { contract, type SaleChain } from "./saleChain";

// Deposit and start the sale on chain before the browser opens: this file is about what the page shows.
const setup = ownerSaleForFile(async ({ chain, sale }) => {
  const token = await contract(chain, "IERC20", sale.token, chain.accounts[0]);
  await mined(token.transfer(sale.presale, parseUnits("100000", sale.decimals)));
  const presale = await contract(chain, "Presale", sale.presale, chain.accounts[0]);
  await mined(presale.startPresale(3));
});

/** The page's JSON-RPC requests to the chain node (its read provider and the injected wallet alike). */
const rpcRequests: string[] = [];
/**
 * The indexed block of each answer to the page's SaleInsight poll of the gateway, in order: the page's own clock (one
 * poll every POLL_MS), and where it learns of a new block. The idle windows below are counted in these polls, not in
 * seconds, so a slow machine makes them longer, never shorter.
 */
const polls: number[] = [];

beforeAll(() => {
  const { page, chain } = setup;
  page.on("request", (request) => {
    if (request.url().startsWith(chain.rpcUrl)) rpcRequests.push(request.postData() ?? "");
  });
  page.on("response", (response) => {
    if (!response.url().endsWith("/graphql") || !response.request().postData()?.includes("query SaleInsight")) return;
    void response.json().then(
      (body: { data?: { presaleStats?: { indexedBlock: number } } }) => polls.push(body.data?.presaleStats?.indexedBlock ?? -1),
      () => polls.push(-1),
    );
  });
});

/** Waits until the page has had `count` more answers to its SaleInsight poll than `from`; says so when it has not. */
async function pollsAnswered(from: number, count: number, what: string) {
  await eventually(() => {
    if (polls.length < from + count)
      throw new Error(`${what}: the page's SaleInsight poll was answered ${polls.length - from} of ${count} times`);
  }, 60_000);
}

/** The block the page's chain read was made at ("Values read at block N"), once no read is under way. */
async function readAt(page: Page): Promise<number> {
  if (await page.getByRole("button", { name: "Read again" }).isDisabled()) throw new Error("the page is reading the chain");
  const caption = await page.getByText(/^Values read at block \d+$/).textContent();
  return Number(/\d+$/.exec(caption ?? "")?.[0]);
}

/**
 * Waits until the page knows of the chain's last block and is done with it: a poll answered at that block, the page
 * asked again since (its reaction to an answer comes with the answer, its next poll POLL_MS later), and its chain read
 * made at that block, finished. Gives the block.
 */
async function caughtUp(page: Page, chain: SaleChain): Promise<number> {
  const head = await chain.provider.getBlockNumber();
  const answered = await eventually(() => {
    const at = polls.findIndex((block) => block >= head);
    if (at < 0) throw new Error(`no SaleInsight poll has answered at block ${head} yet (answers: ${JSON.stringify(polls)})`);
    return at;
  }, 60_000);
  await pollsAnswered(answered + 1, 1, `the page's next poll after the answer at block ${head}`);
  await eventually(async () => {
    const at = await readAt(page);
    if (at < head) throw new Error(`the page's chain read is at block ${at}, not yet at ${head}`);
  }, 60_000);
  return head;
}

it("shows a purchase from another account on ManageSale without reloading", async () => {
  const { page, chain, sale } = setup;
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
  // The purchase's reads are done; then the idle page is watched for three of its gateway polls (each one where it
  // decides whether to read the chain): a page reading on each poll, or on a clock of its own, would read here.
  const block = await caughtUp(page, chain);
  const requests = rpcRequests.length;
  await pollsAnswered(polls.length, 3, "watching the idle page");
  const newBlocks = (await chain.provider.getBlockNumber()) - block;
  expect(rpcRequests.length - requests).toBeLessThanOrEqual(newBlocks);

  // One new block (a purchase): one read of the presale, not more.
  const presale = await contract(chain, "Presale", setup.sale.presale, chain.accounts[2]);
  const before = rpcRequests.length;
  const start = await chain.provider.getBlockNumber();
  await mined(presale.buyToken({ value: parseEther("1") }));
  // The progress comes from the page's chain read: its read of the new block is done.
  await eventually(async () => expect(await page.getByTestId("progress-BNB").textContent()).toBe("3.5 of 100 BNB (3.5%)"), 60_000);
  // Two more polls: whatever else the new block made the page read, it has asked for by now.
  await pollsAnswered(polls.length, 2, "watching the page after the purchase");
  const reads = rpcRequests.length - before;
  expect(reads).toBeGreaterThanOrEqual(1);
  expect(reads).toBeLessThanOrEqual((await chain.provider.getBlockNumber()) - start);
}, 240_000);
