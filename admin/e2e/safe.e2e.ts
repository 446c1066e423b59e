/**
 * A presale owned by the local chain's 2-of-3 Safe (accounts 0, 1, 2), run from two browsers, each with its own
 * injected wallet: owner 0 proposes a new BUSD hard cap, owner 1 sees it in the Safe queue, confirms it and executes
 * it; the presale's hard cap, read by the test's own provider, is the new value. Then the sale's whole run the same way:
 * start, a whitelist of three rows, stop and finalise. The presale is this file's own (a new one, its ownership given
 * to the demo Safe), so no other file matters. Last, Add Pool on the farm while the Safe owns it (given back after).
 */
import path from "path";
import { mined, packSignatures, SAFE_TX_TYPES, safeContract, safeDomain, safeTx, safeTxArgs } from "@presale/abis";
import { getAddress, parseEther, ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { baseUrl, eventually, IMAGES, setFile, type Browser } from "./browser";
import {
  adminToken,
  connectWallet,
  contract,
  createTestSale,
  deploySaleToken,
  gql,
  saleChain,
  toast,
  walletBrowser,
  type SaleChain,
  type TestSale,
} from "./saleChain";

let chain: SaleChain;
let sale: TestSale;
let safe: string;
let first: Browser;
let second: Browser;

/** The demo Safe: the owner of the seeded Safe-owned presale (its token is MDT). */
async function demoSafe(local: SaleChain): Promise<string> {
  const { allLaunchPads } = await gql<{ allLaunchPads: { presaleAddress: string; tokenSymbol: string }[] }>(
    "{ allLaunchPads(perPage: 100) { presaleAddress tokenSymbol } }",
    {},
    await adminToken(),
  );
  const seeded = allLaunchPads.find((l) => l.tokenSymbol === "MDT");
  if (!seeded) throw new Error("The local chain has no Safe-owned demo presale (MDT)");
  return getAddress(await (await contract(local, "Presale", seeded.presaleAddress)).owner());
}

beforeAll(async () => {
  chain = await saleChain();
  safe = await demoSafe(chain);
  sale = await createTestSale(chain, 18);
  const presale = await contract(chain, "Presale", sale.presale, chain.accounts[0]);
  await mined(presale.transferOwnership(safe));
  [first, second] = await Promise.all([walletBrowser(chain, chain.accounts[0]), walletBrowser(chain, chain.accounts[1])]);
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

async function openSale(page: Page, account: string) {
  await page.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
  await page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(page, account);
  await page.getByText(`Owned by Safe ${safe} (2 of 3)`, { exact: true }).waitFor();
}

const queueRow = (page: Page, action: string) => page.getByRole("table", { name: "Safe queue" }).getByRole("row", { name: action });

/** Owner 1, in the second browser, finds the proposal in the presale's Safe queue, confirms it and executes it. */
async function confirmAndExecute(action: string) {
  const confirmer = second.page;
  await openSale(confirmer, chain.accounts[1]);
  const row = queueRow(confirmer, action);
  await row.getByText("Waiting for signatures").waitFor();
  await row.getByRole("button", { name: "Confirm" }).click();
  await toast(confirmer, `Signed: ${action} — 2 of 2 signatures`);
  await row.getByText("Ready to execute").waitFor();
  await row.getByRole("button", { name: "Execute" }).click();
  await toast(confirmer, `Executed by the Safe: ${action}`);
}

it("owner 0 proposes a BUSD hard cap; owner 1 confirms and executes it; the presale has the new hard cap", async () => {
  const action = "Set the BUSD hard cap to 777 BUSD";
  const proposer = first.page;
  await openSale(proposer, chain.accounts[0]);
  const hardCap = proposer.getByRole("group", { name: "Hard Cap For USDT", exact: true });
  await hardCap.getByRole("textbox").fill("777");
  await hardCap.getByRole("button", { name: "Update" }).click();
  await toast(proposer, `Proposed to the Safe: ${action} — 1 of 2 signatures`);
  await queueRow(proposer, action).getByText("1 / 2").waitFor();
  await confirmAndExecute(action);

  const presale = await contract(chain, "Presale", sale.presale);
  expect(await presale.BUSDhardCap()).toBe(parseEther("777"));
  // The gateway's indexer marks it executed; both screens follow the change stream and drop it from the queue.
  await eventually(async () => {
    const { allSafeTransactions } = await gql<{ allSafeTransactions: { status: string }[] }>(
      `query ($safe: String) { allSafeTransactions(filter: { safe: $safe, to: "${sale.presale}" }) { status } }`,
      { safe },
      await adminToken(),
    );
    expect(allSafeTransactions.map((t) => t.status)).toEqual(["executed"]);
  }, 60_000);
  await proposer.getByText("No Safe transaction waits for this presale.").waitFor({ timeout: 30_000 });
});

it("runs the whole sale from the Safe: start, a whitelist of three rows, stop and finalise, each proposed, confirmed and executed", async () => {
  const page = first.page;
  const button = (name: string) => page.getByRole("button", { name, exact: true });
  const presale = await contract(chain, "Presale", sale.presale);
  /** Owner 0 reads the presale again (after owner 1's execution), then proposes `action` by `act`. */
  const propose = async (action: string, act: () => Promise<void>) => {
    await button("Read again").click();
    await act();
    await toast(page, `Proposed to the Safe: ${action} — 1 of 2 signatures`);
  };

  // The deposit is a token transfer from the connected wallet, not an owner action: sent as from any wallet.
  await button("Deposit").click();
  await toast(page, "Transaction succeeded...");
  await eventually(async () => expect(await page.getByTestId("token-balance").textContent()).not.toBe(`0 ${sale.symbol}`));

  const start = "Started the presale for 3 days";
  await propose(start, async () => {
    await page.getByLabel("Number of days for sale").fill("3");
    await button("Start Sale").click();
  });
  expect(await presale.isPresaleOpen()).toBe(false);
  await confirmAndExecute(start);
  expect(await presale.isPresaleOpen()).toBe(true);

  const buyers = chain.accounts.slice(3, 6);
  const whitelist = "Whitelisted 3 addresses for 3 BNB";
  await propose(whitelist, async () => {
    await button("Add Whitelist").click();
    const dialog = page.getByRole("dialog", { name: "Add Whitelist" });
    for (const [i, buyer] of buyers.entries()) {
      if (i > 0) await dialog.getByRole("button", { name: "Add a row" }).click();
      await dialog.getByLabel("User Address").nth(i).fill(buyer);
      await dialog.getByLabel("BNB Value").nth(i).fill("1");
    }
    await dialog.getByRole("button", { name: "Submit" }).click();
  });
  await confirmAndExecute(whitelist);
  for (const buyer of buyers) expect(await presale.whitelistedAddresses(buyer)).toBe(parseEther("1"));

  const stop = "Stopped the presale";
  await propose(stop, () => button("Stop sale").click());
  await confirmAndExecute(stop);
  expect(await presale.isPresaleOpen()).toBe(false);

  await button("Read again").click();
  await button("Finalise sale").click();
  const proposed = await page.getByText(/^Proposed to the Safe: Finalised the presale .* — 1 of 2 signatures$/).first();
  await proposed.waitFor({ timeout: 60_000 });
  const finalise = (await proposed.textContent())!.replace(/^Proposed to the Safe: /, "").replace(/ — 1 of 2 signatures$/, "");
  await confirmAndExecute(finalise);
  expect(await presale.isClaimable()).toBe(true);
}, 300_000);

it("refuses a wallet that is not an owner of the Safe: said on the screen, nothing signed, nothing stored", async () => {
  const outsider = chain.accounts[4];
  const stranger = await walletBrowser(chain, outsider);
  try {
    const page = stranger.page;
    await openSale(page, outsider);
    await page.getByText(`The connected wallet ${outsider} is not an owner of this Safe: it cannot propose, sign or execute.`).waitFor();
    const stored = async () =>
      (
        await gql<{ _allSafeTransactionsMeta: { count: number } }>(
          "query ($safe: String) { _allSafeTransactionsMeta(filter: { safe: $safe }) { count } }",
          { safe },
          await adminToken(),
        )
      )._allSafeTransactionsMeta.count;
    const before = await stored();
    const hardCap = page.getByRole("group", { name: "Hard Cap For USDT", exact: true });
    await hardCap.getByRole("textbox").fill("555");
    await hardCap.getByRole("button", { name: "Update" }).click();
    await page
      .getByText(new RegExp(`^Try Again ! The connected wallet ${outsider} is not an owner of the Safe ${safe}`))
      .first()
      .waitFor();
    expect(await stored()).toBe(before);
    expect(await (await contract(chain, "Presale", sale.presale)).BUSDhardCap()).toBe(parseEther("777"));
  } finally {
    await stranger.close();
  }
});

/**
 * Executes `data` on `to` from the Safe by a script, signed by owners 0 and 1 (anvil's eth_signTypedData_v4), as
 * Safe{Wallet} or a script outside the admin would.
 */
async function executeFromSafe(to: string, data: string) {
  const signer = await chain.provider.getSigner(chain.accounts[0]);
  const safeAtNonce = safeContract(safe, signer);
  const tx = safeTx({ to, data, nonce: await safeAtNonce.nonce() });
  const signatures = await Promise.all(
    chain.accounts.slice(0, 2).map(async (owner) => ({
      owner,
      signature: await (await chain.provider.getSigner(owner)).signTypedData(safeDomain(chain.chainId, safe), SAFE_TX_TYPES, tx),
    })),
  );
  await mined(safeAtNonce.execTransaction(...safeTxArgs(tx), packSignatures(signatures)));
}

it("adds a pool to a farm the Safe owns: owner 0 proposes Farm.add, owner 1 confirms and executes it, then Add saves the record", async () => {
  const farm = await contract(chain, "Farm", chain.contracts.farm, chain.accounts[0]);
  await mined(farm.transferOwnership(safe));
  const [proposer, executor] = await Promise.all([walletBrowser(chain, chain.accounts[0]), walletBrowser(chain, chain.accounts[1])]);
  let recordId: string | undefined;
  try {
    const token = await deploySaleToken(chain, 18, "SFARM");
    const before = (await farm.poolLength()) as bigint;
    const page = proposer.page;
    await page.goto(`${baseUrl()}/Feature`);
    await page.getByRole("button", { name: "Add Pool" }).click();
    const chooser = page.getByRole("dialog", { name: "Select a Wallet" });
    await chooser.getByText("Browser wallet").click();
    await chooser.waitFor({ state: "hidden" });
    const dialog = page.getByRole("dialog", { name: "Add Pool" });
    await dialog.getByLabel("Multiplier").fill("3");
    await dialog.getByLabel("Token A address").fill(token);
    await eventually(async () => expect(await dialog.getByLabel("Token A name").inputValue()).toBe("SFARM"));
    await dialog.getByLabel("Deposit fee").fill("2");
    await setFile(dialog, path.join(IMAGES, "farms.png"));
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Adding the pool was proposed to the Safe: 1 of 2 signatures");
    await dialog.getByText(/^Proposed to the Safe that owns the farm/).waitFor();
    // The pair was created from the wallet (anyone may); the pool waits for the Safe.
    const pair = await (await contract(chain, "PairFactory", chain.contracts.pairFactory)).getPair(token, chain.contracts.stable);
    expect(pair).not.toBe(ZeroAddress);
    expect(await farm.poolLength()).toBe(before);

    // Owner 1, on the Safe transactions screen, confirms and executes it.
    const other = executor.page;
    await other.goto(`${baseUrl()}/SafeTransactions`);
    await connectWallet(other, chain.accounts[1]);
    const row = other.getByRole("row", { name: /^Added a farm pool for / });
    await row.getByText("Waiting for signatures").waitFor();
    const action = (await row.getAttribute("aria-label"))!;
    await row.getByRole("button", { name: "Confirm" }).click();
    await toast(other, `Signed: ${action} — 2 of 2 signatures`);
    await row.getByText("Ready to execute").waitFor();
    await row.getByRole("button", { name: "Execute" }).click();
    await toast(other, `Executed by the Safe: ${action}`);
    await eventually(async () => expect(await farm.poolLength()).toBe(before + 1n), 60_000);
    expect((await farm.poolInfo(before)).lpToken).toBe(pair);

    // Owner 0 presses Add again, with the form as it was: the pool is on chain, its record is saved.
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, `Pool ${before} added: SFARM-BUSD LP`);
    const { allPools } = await gql<{ allPools: { id: string; lpAddresses: string; alloc: string; depositFee: string }[] }>(
      "query ($pid: Int) { allPools(filter: { pid: $pid }) { id lpAddresses alloc depositFee } }",
      { pid: Number(before) },
      await adminToken(),
    );
    recordId = allPools[0]?.id;
    expect(allPools).toEqual([expect.objectContaining({ lpAddresses: pair, alloc: "3", depositFee: "2" })]);
  } finally {
    // The farm goes back to account 0, and its record away, for the other files.
    if ((await farm.owner()) === safe)
      await executeFromSafe(chain.contracts.farm, farm.interface.encodeFunctionData("transferOwnership", [chain.accounts[0]]));
    if (recordId) await gql("mutation ($id: ID!) { deletePool(id: $id) { id } }", { id: recordId }, await adminToken());
    await Promise.all([proposer.close(), executor.close()]);
  }
  expect(await farm.owner()).toBe(chain.accounts[0]);
}, 300_000);
