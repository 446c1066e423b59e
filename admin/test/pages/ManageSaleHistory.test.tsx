import { screen, waitFor, within } from "@testing-library/react";
import { setupUser } from "../support/helpers";
import { openSale, resetSale } from "../support/manageSale";
import { gateway } from "../support/setup";
import { chainTransaction, fakeChain, OTHER, OWNER, PRESALE, TOKEN } from "../support/chainScreenMocks";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

beforeEach(resetSale);

describe("ManageSale", () => {
  it("shows this presale's transaction history", async () => {
    gateway.seed("ChainTransaction", [
      chainTransaction({
        hash: "0x" + "11".repeat(32),
        contract: "Presale",
        contractAddress: PRESALE,
        presaleAddress: PRESALE,
        functionName: "startPresale",
        args: '{"numberOfDays":"5"}',
        blockNumber: 20,
      }),
      chainTransaction({
        hash: "0x" + "22".repeat(32),
        contract: "Presale",
        contractAddress: OTHER,
        presaleAddress: OTHER,
        functionName: "closePresale",
        blockNumber: 21,
      }),
      chainTransaction({
        hash: "0x" + "33".repeat(32),
        contract: "SaleToken",
        contractAddress: TOKEN,
        presaleAddress: PRESALE,
        functionName: "transfer",
        args: JSON.stringify({ to: PRESALE, value: "200000000000000000000000" }),
        blockNumber: 22,
        status: "reverted",
      }),
    ]);
    await openSale();
    const history = await screen.findByRole("table", { name: "Transaction history" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("data-hash"))).toEqual(["0x" + "33".repeat(32), "0x" + "11".repeat(32)]);
    // Token amounts in the sale token's decimals and symbol, not in base units.
    expect(within(rows[0]).getByText("Deposited 200,000 DST into the presale")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Reverted")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Started the presale for 5 days")).toBeInTheDocument();
    expect(history).not.toHaveTextContent(/startPresale|transfer|numberOfDays|200000000000000000000000/);
    expect(gateway.lastCall("allChainTransactions")?.variables).toMatchObject({
      filter: { presaleAddress: PRESALE },
      sortField: "blockNumber",
      sortOrder: "DESC",
    });
  });

  it("tells each call the admin sends as a sentence, amounts in their token's units", async () => {
    const tx = (n: number, functionName: string, args: Record<string, unknown> = {}, contract = "Presale") =>
      chainTransaction({
        hash: "0x" + String(n).padStart(2, "0").repeat(32),
        contract,
        contractAddress: PRESALE,
        presaleAddress: PRESALE,
        functionName,
        args: JSON.stringify(args),
        blockNumber: 100 - n,
      });
    const e18 = "000000000000000000";
    gateway.seed("ChainTransaction", [
      tx(1, "addMultipleWhitelistedAddresses", {
        addresses: [OWNER, OTHER, TOKEN],
        allocations: [`1${e18}`, `2${e18}`, `5${e18.slice(1)}`],
      }),
      tx(2, "setBUSDHardCap", { amount: `500${e18}` }),
      tx(3, "setBUSDMinEthLimit", { amount: `1${e18.slice(1)}` }),
      tx(4, "setTokenRatePercrypto", { rate: `1000${e18}` }),
      tx(5, "closePresale"),
      tx(6, "finalizeSale", { staker: OWNER }),
      tx(7, "setTokenAddress", { token: TOKEN }),
      tx(8, "getUnsoldTokens"),
      tx(10, "whitelistedSale"),
      tx(11, "someNewFunction"),
    ]);
    await openSale();
    const history = await screen.findByRole("table", { name: "Transaction history" });
    const sentences = within(history)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelector("[data-function]")!.textContent);
    expect(sentences).toEqual([
      "Whitelisted 3 addresses for 3.5 BNB",
      "Set the BUSD hard cap to 500 BUSD",
      "Set the BUSD minimum contribution to 0.1 BUSD",
      "Set the price to 1,000 DST per BUSD",
      "Stopped the presale",
      "Finalised the presale (staker 0xf39F...2266)",
      "Changed the sale token to 0xe7f1...0512",
      "Withdrew the unsold tokens",
      "Switched the whitelist mode",
      "Some new function",
    ]);
    // The raw call stays at hand, in the tooltip.
    expect(within(history).getByText("Set the BUSD hard cap to 500 BUSD")).toHaveAttribute(
      "title",
      `Presale.setBUSDHardCap({"amount":"500${e18}"})`,
    );
  });

  it("shortens the history's addresses and hashes, each with a copy button", async () => {
    gateway.seed("ChainTransaction", [
      chainTransaction({
        hash: "0x" + "44".repeat(32),
        contract: "Presale",
        contractAddress: PRESALE,
        presaleAddress: PRESALE,
        functionName: "closePresale",
        blockNumber: 20,
      }),
    ]);
    await openSale();
    const history = await screen.findByRole("table", { name: "Transaction history" });
    const user = setupUser(); // user-event puts its own clipboard in navigator.clipboard
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    expect(within(history).getByText("0x44444444...44444444")).toBeInTheDocument();
    await user.click(within(history).getByRole("button", { name: "Copy the transaction hash" }));
    expect(writeText).toHaveBeenLastCalledWith("0x" + "44".repeat(32));
    await user.click(within(history).getByRole("button", { name: "Copy the address" }));
    expect(writeText).toHaveBeenLastCalledWith(OWNER);
  });

  it("links the history to the explorer when the chain has one", async () => {
    fakeChain.config = { ...fakeChain.config!, explorerUrl: "https://testnet.bscscan.com" };
    gateway.seed("ChainTransaction", [
      {
        hash: "0x" + "11".repeat(32),
        chainId: 97,
        contract: "Presale",
        contractAddress: PRESALE,
        presaleAddress: PRESALE,
        functionName: "closePresale",
        args: "{}",
        wallet: OWNER,
        blockNumber: 20,
        status: "success",
      },
    ]);
    await openSale();
    const history = await screen.findByRole("table", { name: "Transaction history" });
    await waitFor(() =>
      expect(
        within(history)
          .getByText(/0x11111111\.\.\./)
          .closest("a"),
      ).toHaveAttribute("href", `https://testnet.bscscan.com/tx/0x${"11".repeat(32)}`),
    );
  });
});
