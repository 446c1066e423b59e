/**
 * ManageSale against the real product in Chromium, the browser wallet being
 * the injected EIP-1193 test wallet on anvil. Every action is proved by an
 * independent read of the chain (the test's own ethers provider), and the
 * history by the gateway's allChainTransactions. The presale is this file's
 * own (created through the factory in beforeAll), so no other file matters.
 */
import { mined } from "@presale/abis";
import { parseEther, parseUnits } from "ethers";
import type { Page } from "playwright-core";
import { baseUrl, eventually, shot, type Browser } from "./browser";
import {
  adminToken,
  connectWallet,
  contract,
  createTestSale,
  deploySaleToken,
  gql,
  saleChain,
  sentCount,
  toastCameAndWent,
  walletBrowser,
  type SaleChain,
  type TestSale,
} from "./saleChain";

let chain: SaleChain;
let sale: TestSale;
let browser: Browser;
let page: Page;
let presale: Awaited<ReturnType<typeof contract>>;
let token: Awaited<ReturnType<typeof contract>>;
const unit = (text: string) => parseUnits(text, sale.decimals);

beforeAll(async () => {
  chain = await saleChain();
  sale = await createTestSale(chain, 9);
  presale = await contract(chain, "Presale", sale.presale);
  token = await contract(chain, "IERC20", sale.token);
  browser = await walletBrowser(chain, chain.accounts[0]);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const expectToast = (text: string, detail?: string) => toastCameAndWent(page, text, detail);

const group = (name: string) => page.getByRole("group", { name, exact: true });
const button = (name: string) => page.getByRole("button", { name, exact: true });
const valueRow = (label: string) =>
  page
    .getByRole("table", { name: "On-chain values" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });

async function update(label: string, text: string) {
  await group(label).getByRole("textbox").fill(text);
  await group(label).getByRole("button", { name: "Update" }).click();
  await expectToast("Transaction succeeded...");
}

it("opens the presale, connects the owner's wallet and shows every on-chain value", async () => {
  await page.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
  await page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(page, chain.accounts[0]);
  expect(await page.getByTestId("presale-address").textContent()).toBe(sale.presale);
  // The wallet in checksum case as shown (innerText applies the button's text-transform): never '0XF39F…'.
  const short = `${chain.accounts[0].slice(0, 6)}...${chain.accounts[0].slice(-4)}`;
  expect(await button(short).innerText()).toBe(short);
  expect(await valueRow("Token address").locator("td").textContent()).toBe(sale.token);
  expect(await valueRow("Token rate per BUSD").locator("td").textContent()).toBe(`2 ${sale.symbol}`);
  expect(await valueRow("Owner").locator("td").textContent()).toBe(chain.accounts[0]);
  expect(await valueRow("Presale open").locator("td").textContent()).toBe("No");
  expect(await valueRow("Staker address").locator("td").textContent()).toBe(chain.contracts.staking);
  expect(await page.getByTestId("token-balance").textContent()).toBe(`0 ${sale.symbol}`);
  expect(await page.getByTestId("collected-usdt").textContent()).toBe("0 USDT");
  expect(await page.getByLabel("Deposit token amount").inputValue()).toBe("2000");

  await button("Copy presale address").click();
  await expectToast("Presale Address Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sale.presale);
});

it("updates the USDT price (token decimals), limits, hard cap and token address, each with its own transaction", async () => {
  await update("Price of Token in USDT", "2.5");
  await eventually(async () => expect(await presale.tokenRatePercrypto()).toBe(unit("2.5")));
  await update("Minimum Contribution For USDT", "20");
  await eventually(async () => expect(await presale.BUSDminEthLimit()).toBe(parseEther("20")));
  await update("Maximum Contribution For USDT", "4000.5");
  await eventually(async () => expect(await presale.BUSDmaxEthLimit()).toBe(parseEther("4000.5")));
  await update("Hard Cap For USDT", "1200");
  await eventually(async () => expect(await presale.BUSDhardCap()).toBe(parseEther("1200")));
  // Re-read after the mined transactions, without reloading the page.
  await eventually(async () => expect(await page.getByLabel("Deposit token amount").inputValue()).toBe("3000"));
  expect(await valueRow("Hard cap (BUSD)").locator("td").textContent()).toBe("1,200 BUSD");

  const other = await deploySaleToken(chain, 9);
  await update("Token Address", other);
  await eventually(async () => expect(await presale.tokenAddress()).toBe(other));
  await eventually(async () => expect(await valueRow("Token address").locator("td").textContent()).toBe(other));
  await update("Token Address", sale.token);
  await eventually(async () => expect(await presale.tokenAddress()).toBe(sale.token));
  await shot(page, "40-managesale-updated");
});

it("warns 'Deposit tokens first!!!' on a presale without tokens, before asking the wallet", async () => {
  expect(await token.balanceOf(sale.presale)).toBe(0n);
  const sent = await sentCount(page);
  await page.getByLabel("Number of days for sale").fill("3");
  await button("Start Sale").click();
  await expectToast("Deposit tokens first!!!");
  expect(await sentCount(page)).toBe(sent);
  expect(await presale.isPresaleOpen()).toBe(false);
});

it("deposits BUSD price × BUSD hard cap tokens, then starts the sale for a number of days", async () => {
  await button("Deposit").click();
  await expectToast("Transaction succeeded...", `3,000 ${sale.symbol} deposited`);
  await eventually(async () => expect(await token.balanceOf(sale.presale)).toBe(unit("3000")));
  await eventually(async () => expect(await page.getByTestId("token-balance").textContent()).toBe(`3,000 ${sale.symbol}`));

  await page.getByLabel("Number of days for sale").fill("3");
  await button("Start Sale").click();
  await expectToast("Sale Started Successfully", "The sale is open for 3 days");
  await eventually(async () => expect(await presale.isPresaleOpen()).toBe(true));
  expect(await presale.intervalDays()).toBe(3n * 86_400n);
  await eventually(async () => expect(await valueRow("Interval").locator("td").textContent()).toBe("3 days"));
});

it("enables only what an open sale allows, shows a refused transaction's reason, and refuses to finalise an open sale, without signing", async () => {
  const sent = await sentCount(page);
  await eventually(async () => expect(await button("Start Sale").isDisabled()).toBe(true));
  // The reason is the button's accessible description (a tooltip may show it too, when the pointer is over it).
  const reason = await button("Start Sale").getAttribute("aria-describedby");
  expect(await page.locator(`[id="${reason}"]`).textContent()).toBe("The sale is already open: stop it first");
  expect(await button("Stop sale").isEnabled()).toBe(true);
  // A transaction the contract refuses: a whitelist row of the zero address.
  await button("Add Whitelist").click();
  const dialog = page.getByRole("dialog", { name: "Add Whitelist" });
  await dialog.getByLabel("User Address").fill("0x0000000000000000000000000000000000000000");
  await dialog.getByLabel("BNB Value").fill("1");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast("Try Again ! Presale: whitelisted address is the zero address");
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });
  await button("Finalise sale").click();
  await expectToast("Ensure that sale is stop or Not");
  expect(await sentCount(page)).toBe(sent);
  expect(await presale.isClaimable()).toBe(false);
});

it("toggles the whitelist mode both ways", async () => {
  const toggle = page.getByRole("switch", { name: "Whitelist mode" });
  await toggle.click();
  await expectToast("whitelist option enabled");
  await eventually(async () => expect(await presale.isWhitelist()).toBe(true));
  await eventually(async () => expect(await toggle.isChecked()).toBe(true));
  await toggle.click();
  await expectToast("whitelist option disabled!!!!");
  await eventually(async () => expect(await presale.isWhitelist()).toBe(false));
});

it("adds whitelist rows (BNB values in 18-decimal base units)", async () => {
  await button("Add Whitelist").click();
  const dialog = page.getByRole("dialog", { name: "Add Whitelist" });
  await dialog.getByLabel("User Address").fill(chain.accounts[2]);
  await dialog.getByLabel("BNB Value").fill("1.5");
  await dialog.getByRole("button", { name: "Add a row" }).click();
  await dialog.getByLabel("User Address").nth(1).fill(chain.accounts[3]);
  await dialog.getByLabel("BNB Value").nth(1).fill("2");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast("2 addresses whitelisted");
  await dialog.waitFor({ state: "hidden" });
  expect(await presale.whitelistedAddresses(chain.accounts[2])).toBe(parseEther("1.5"));
  expect(await presale.whitelistedAddresses(chain.accounts[3])).toBe(parseEther("2"));
});

it("adds whitelist rows from CSV: a bad row is shown and nothing is sent until it is fixed; duplicates are merged", async () => {
  await button("Add Whitelist").click();
  const dialog = page.getByRole("dialog", { name: "Add Whitelist" });
  const csv = [
    "address,amount",
    `${chain.accounts[4]},1`,
    "0xnot-an-address,1",
    `${chain.accounts[4].toLowerCase()},0.25`,
    `${chain.accounts[6]},x`,
  ].join("\n");
  await dialog.getByLabel("Paste CSV: one address,amount per line").fill(csv);
  await dialog.getByRole("button", { name: "Add these rows" }).click();
  await dialog.getByText("Invalid Address!").waitFor();
  await dialog.getByRole("alert").filter({ hasText: "2 rows have errors: fix or remove them before submitting" }).waitFor();
  const sent = await sentCount(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  // Refused in the click itself: nothing is under way (sending disables the dialog's buttons), and the count after the
  // corrected submit below (one more, not two) says nothing went out later either.
  expect(await dialog.getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
  expect(await sentCount(page)).toBe(sent);
  await shot(page, "41-managesale-whitelist-csv");

  await dialog.getByRole("button", { name: "Remove this row" }).nth(1).click(); // the bad address
  await dialog.getByLabel("BNB Value").nth(2).fill("3"); // the bad value
  expect(await dialog.getByTestId("whitelist-plan").textContent()).toBe(
    "2 addresses in 1 transaction · 1 duplicate address merged (values summed)",
  );
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast("2 addresses whitelisted");
  expect(await presale.whitelistedAddresses(chain.accounts[4])).toBe(parseEther("1.25"));
  expect(await presale.whitelistedAddresses(chain.accounts[6])).toBe(parseEther("3"));
  expect(await sentCount(page)).toBe(sent + 1);
});

it("stops the sale, withdraws the BNB raised and the unsold tokens, and finalises", async () => {
  // A buyer pays 0.5 BNB (1000 tokens per BNB: 500 tokens owed to the buyer).
  const buyer = await contract(chain, "Presale", sale.presale, chain.accounts[5]);
  await mined(buyer.buyToken({ value: parseEther("0.5") }));
  expect(await chain.provider.getBalance(sale.presale)).toBe(parseEther("0.5"));

  // Read again, so that the stop's toast counts the BNB just paid.
  await button("Read again").click();
  await eventually(async () => expect(await page.getByTestId("bnb-balance").textContent()).toBe("0.5 BNB"));
  await button("Stop sale").click();
  await expectToast("Sale Stoped Successfully", "The sale is closed: 0.5 BNB and 0 USDT raised");
  await eventually(async () => expect(await presale.isPresaleOpen()).toBe(false));

  await eventually(async () => expect(await page.getByTestId("bnb-balance").textContent()).toBe("0.5 BNB"));
  const ownerBefore = await chain.provider.getBalance(chain.accounts[0]);
  await button("Withdraw BNB").click();
  await expectToast("Transaction succeeded...", "0.5 BNB withdrawn to the connected wallet");
  await eventually(async () => expect(await chain.provider.getBalance(sale.presale)).toBe(0n));
  expect(await chain.provider.getBalance(chain.accounts[0])).toBeGreaterThan(ownerBefore);

  const ownerTokens = await token.balanceOf(chain.accounts[0]);
  await button("Withdraw unsold tokens").click();
  await expectToast("Transaction succeeded...", `2,500 ${sale.symbol} unsold tokens withdrawn to the connected wallet`);
  await eventually(async () => expect(await token.balanceOf(sale.presale)).toBe(unit("500")));
  expect(await token.balanceOf(chain.accounts[0])).toBe(ownerTokens + unit("2500"));

  expect(await page.getByLabel("Staker address").inputValue()).toBe(chain.contracts.staking);
  await button("Finalise sale").click();
  await expectToast("Transaction Succeeded...");
  await eventually(async () => expect(await presale.isClaimable()).toBe(true));
  expect(await presale.Staker()).toBe(chain.contracts.staking);
  await page.getByText("Finalised", { exact: true }).waitFor();
  await shot(page, "42-managesale-finalised");
});

it("records every transaction in the history, shown on the screen and in /transactions", async () => {
  const { allChainTransactions: history } = await gql(
    `query ($p: String) { allChainTransactions(filter: { presaleAddress: $p }, perPage: 100) { hash contract functionName wallet userName status blockNumber } }`,
    { p: sale.presale },
    await adminToken(),
  );
  const names = (history as { functionName: string }[]).map((t) => t.functionName);
  expect([...names].reverse()).toEqual([
    "setTokenRatePercrypto",
    "setBUSDMinEthLimit",
    "setBUSDMaxEthLimit",
    "setBUSDHardCap",
    "setTokenAddress",
    "setTokenAddress",
    "transfer",
    "startPresale",
    "whitelistedSale",
    "whitelistedSale",
    "addMultipleWhitelistedAddresses",
    "addMultipleWhitelistedAddresses",
    "closePresale",
    "withdrawBNB",
    "getUnsoldTokens",
    "finalizeSale",
  ]);
  for (const sent of history as Record<string, unknown>[]) {
    expect(sent).toMatchObject({ wallet: chain.accounts[0], userName: "admin", status: "success" });
  }
  expect((history as { contract: string }[]).find((t) => t.contract !== "Presale")).toMatchObject({ functionName: "transfer" });

  // On the screen: the newest ten, newest first.
  const table = page.getByRole("table", { name: "Transaction history" });
  await eventually(async () =>
    expect(await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-hash")))).toEqual(
      (history as { hash: string }[]).slice(0, 10).map((t) => t.hash),
    ),
  );

  // The history screen, filtered on this presale from the ManageSale link.
  await page.getByRole("link", { name: "All transactions" }).click();
  await page.waitForURL(/\/transactions/);
  await page
    .locator(`[data-hash="${(history as { hash: string }[])[0].hash}"]`)
    .first()
    .waitFor();
  await page.getByText(`Showing 1 to 10 of ${history.length} records`).waitFor();
  await shot(page, "43-transactions");
});

it("refuses a non-owner wallet with a plain message before anything is signed", async () => {
  const other = await walletBrowser(chain, chain.accounts[1]);
  try {
    const otherPage = other.page;
    await otherPage.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
    await otherPage.getByRole("heading", { name: "On-chain values" }).waitFor();
    await connectWallet(otherPage, chain.accounts[1]);
    await otherPage.getByTestId("not-owner").waitFor();
    const limit = await presale.BUSDhardCap();
    await otherPage.getByRole("group", { name: "Hard Cap For USDT", exact: true }).getByRole("textbox").fill("999");
    await otherPage.getByRole("group", { name: "Hard Cap For USDT", exact: true }).getByRole("button", { name: "Update" }).click();
    await otherPage
      .getByText(`Try Again ! The connected wallet ${chain.accounts[1]} is not the owner of this presale (owner ${chain.accounts[0]})`, {
        exact: true,
      })
      .waitFor();
    expect(await sentCount(otherPage)).toBe(0);
    expect(await presale.BUSDhardCap()).toBe(limit);
  } finally {
    await other.close();
  }
});
