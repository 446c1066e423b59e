import { screen, waitFor, within } from "@testing-library/react";
import { setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { chainTransaction, fakeChain, OWNER, PRESALE, TOKEN } from "../support/chainScreenMocks";

jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());

const OTHER_PRESALE = "0x00000000000000000000000000000000000000Aa";
const hash = (n: number) => "0x" + String(n).padStart(2, "0").repeat(32);

beforeEach(() => {
  signIn();
  fakeChain.reset();
  gateway.seed("LaunchPad", [
    { pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenSymbol: "DST" },
    { pid: 2, presaleAddress: OTHER_PRESALE, tokenAddress: TOKEN, tokenSymbol: "XYZ" },
  ]);
  gateway.seed("ChainTransaction", [
    chainTransaction({
      hash: hash(11),
      contract: "Presale",
      contractAddress: PRESALE,
      presaleAddress: PRESALE,
      functionName: "startPresale",
      args: '{"numberOfDays":"5"}',
      blockNumber: 30,
    }),
    chainTransaction({
      hash: hash(22),
      contract: "SaleToken",
      contractAddress: TOKEN,
      presaleAddress: null,
      functionName: "addBlacklistedUser",
      args: '{"user":"0x1"}',
      blockNumber: 31,
    }),
    chainTransaction({
      hash: hash(33),
      contract: "Presale",
      contractAddress: OTHER_PRESALE,
      presaleAddress: OTHER_PRESALE,
      functionName: "closePresale",
      userName: "dana",
      blockNumber: 29,
      status: "reverted",
    }),
  ]);
});

describe("Transactions", () => {
  it("is in the menu and lists the history newest first", async () => {
    renderApp("/transactions");
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByRole("menuitem", { name: "Transactions" })).toHaveAttribute("href", "/transactions");
    await screen.findByText("addBlacklistedUser");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["31", "30", "29"]);
    expect(gateway.lastCall("allChainTransactions")?.variables).toMatchObject({ sortField: "blockNumber", sortOrder: "DESC" });
    expect(within(rows[2]).getByText("Reverted")).toBeInTheDocument();
    // What each call did, in words, beside its function's name (which the list sorts and filters by).
    expect(within(rows[0]).getByText("Blocked the wallet 0x1")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Started the presale for 5 days")).toBeInTheDocument();
    expect(within(rows[1]).getByRole("link", { name: /0x5FbD/ })).toHaveAttribute("href", `/ManageSale/${PRESALE}`);
    // No explorer on the local chain: the hash is shown, not linked.
    expect(within(rows[0]).getByTitle(hash(22)).tagName).toBe("SPAN");
  });

  it("links hashes and wallets to the explorer when the chain has one", async () => {
    fakeChain.config = { ...fakeChain.config!, explorerUrl: "https://bscscan.com" };
    renderApp("/transactions");
    await screen.findByText("addBlacklistedUser");
    await waitFor(() =>
      expect(document.querySelector(`a[data-hash="${hash(22)}"]`)).toHaveAttribute("href", `https://bscscan.com/tx/${hash(22)}`),
    );
    expect(screen.getAllByTitle(OWNER)[0]).toHaveAttribute("href", `https://bscscan.com/address/${OWNER}`);
  });

  it("filters by contract, and by presale from a link", async () => {
    const user = setupUser();
    const { unmount } = renderApp("/transactions");
    await screen.findByText("addBlacklistedUser");
    await user.click(screen.getByRole("combobox", { name: "Contract" }));
    await user.click(await screen.findByRole("option", { name: "SaleToken" }));
    await waitFor(() => expect(screen.queryByText("startPresale")).not.toBeInTheDocument());
    expect(gateway.lastCall("allChainTransactions")?.variables.filter).toMatchObject({ contract: "SaleToken" });

    unmount();
    renderApp(`/transactions?filter=${encodeURIComponent(JSON.stringify({ presaleAddress: OTHER_PRESALE }))}`);
    await waitFor(() => expect(gateway.lastCall("allChainTransactions")?.variables.filter).toEqual({ presaleAddress: OTHER_PRESALE }));
  });

  it("filters by presale from the list of launchpads", async () => {
    const user = setupUser();
    renderApp("/transactions");
    await screen.findByText("addBlacklistedUser");
    await user.click(screen.getByRole("combobox", { name: "Presale" }));
    await user.click(await screen.findByRole("option", { name: `XYZ ${OTHER_PRESALE}` }));
    await waitFor(() => expect(screen.queryByText("startPresale")).not.toBeInTheDocument());
    expect(screen.getByText("closePresale")).toBeInTheDocument();
    expect(gateway.lastCall("allChainTransactions")?.variables.filter).toEqual({ presaleAddress: OTHER_PRESALE });
  });

  it("tells the token, factory and farm calls as sentences, token amounts in the sale token's units", async () => {
    const WALLET_A = "0x1111111111111111111111111111111111111111";
    const WALLET_B = "0x2222222222222222222222222222222222222222";
    const tx = (n: number, contract: string, functionName: string, args: Record<string, unknown>, presaleAddress: string | null = null) =>
      chainTransaction({
        hash: hash(n),
        contract,
        contractAddress: TOKEN,
        presaleAddress,
        functionName,
        args: JSON.stringify(args),
        blockNumber: 100 - n,
      });
    gateway.seed("LaunchPad", [{ pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenSymbol: "DST", tokenDecimal: 6 }]);
    gateway.seed("ChainTransaction", [
      tx(1, "PresaleFactory", "createPresale", { token: TOKEN, priceBNB: "1" }),
      tx(2, "SaleToken", "removeBlacklist", { user: WALLET_A }),
      tx(3, "PairFactory", "createPair", { tokenA: WALLET_A, tokenB: WALLET_B }),
      tx(4, "Farm", "add", { allocPoint: "250", lpToken: WALLET_A, depositFeeBP: "150", withUpdate: true }),
      tx(5, "SaleToken", "transfer", { to: WALLET_B, value: "2500000" }, PRESALE),
      tx(6, "Presale", "setTokenRatePercrypto", { rate: "1000000000" }, PRESALE),
    ]);
    renderApp("/transactions");
    await screen.findByText("removeBlacklist");
    const sentences = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelector("[data-function]")!.textContent);
    expect(sentences).toEqual([
      "Created a presale for the token 0xe7f1...0512",
      "Unblocked the wallet 0x1111...1111",
      "Created the pair of 0x1111...1111 and 0x2222...2222",
      "Added a farm pool for 0x1111...1111 (multiplier 2.5×, deposit fee 1.5%)",
      "Sent 2.5 DST to 0x2222...2222",
      "Set the price to 1,000 DST per BUSD",
    ]);
  });
});
