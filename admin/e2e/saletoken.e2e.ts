/**
 * The sale token in Chromium: 'Token Address' on ManageSale changes the
 * presale's token on chain, and the gateway, reading the mined transaction
 * itself, brings the LaunchPad record in step (GraphQL and the legacy
 * /api/getCardDetails the public site reads).
 */
import { baseUrl, eventually } from "./browser";
import { ownerSaleForFile } from "./ownerSale";
import { connectWallet, contract, deploySaleToken, gql, toast } from "./saleChain";

const owner = ownerSaleForFile();

const launchPad = async () =>
  (
    await gql<{ allLaunchPads: { tokenAddress: string; tokenSymbol: string; tokenDecimal: number }[] }>(
      `query ($p: String) { allLaunchPads(filter: { presaleAddress: $p }) { tokenAddress tokenSymbol tokenDecimal } }`,
      { p: owner.sale.presale },
    )
  ).allLaunchPads[0];

const cardDetails = async () => {
  const res = await fetch(`${baseUrl()}/api/getCardDetails`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cardPresaleAddress: owner.sale.presale }),
  });
  return ((await res.json()) as { TokenAddress: string }[])[0];
};

it("updates the LaunchPad record's token address after a setTokenAddress sent from ManageSale", async () => {
  const symbol = `NEW${Date.now() % 10_000}`;
  const other = await deploySaleToken(owner.chain, 6, symbol);
  expect(await launchPad()).toEqual({ tokenAddress: owner.sale.token, tokenSymbol: owner.sale.symbol, tokenDecimal: 9 });

  await owner.page.goto(`${baseUrl()}/ManageSale/${owner.sale.presale}`);
  await owner.page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(owner.page, owner.chain.accounts[0]);
  const field = owner.page.getByRole("group", { name: "Token Address", exact: true });
  await field.getByRole("textbox").fill(other);
  await field.getByRole("button", { name: "Update" }).click();
  await toast(owner.page, "Transaction succeeded...");

  const presale = await contract(owner.chain, "Presale", owner.sale.presale);
  expect(await presale.tokenAddress()).toBe(other);
  await eventually(async () => expect(await launchPad()).toEqual({ tokenAddress: other, tokenSymbol: symbol, tokenDecimal: 6 }));
  expect((await cardDetails()).TokenAddress).toBe(other);
});
