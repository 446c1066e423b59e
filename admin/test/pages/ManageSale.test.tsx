import { screen, waitFor, within } from "@testing-library/react";
import { interfaceOf } from "@presale/abis";
import { ChainError } from "../../src/chain/errors";
import { buttonByText, enter, findDialog, setupUser } from "../support/helpers";
import { openSale, resetSale } from "../support/manageSale";
import { renderApp } from "../support/render";
import { fakeChain, OTHER, OWNER, PRESALE, presaleState, receipt, STAKING, TOKEN } from "../support/chainScreenMocks";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

const E18 = 10n ** 18n;

beforeEach(resetSale);

const group = (name: string) => screen.getByRole("group", { name });
const lastRequest = () => fakeChain.sendTransaction.mock.calls.at(-1)![0];

describe("ManageSale", () => {
  it("asks to choose a presale when there is none in the path", async () => {
    renderApp("/ManageSale");
    expect(await screen.findByText("Choose a presale")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to LaunchPad" })).toHaveAttribute("href", "/LaunchPad");
    expect(fakeChain.readPresale).not.toHaveBeenCalled();
  });

  it("says so when the path holds no address", async () => {
    renderApp("/ManageSale/0x1234");
    expect(await screen.findByText("0x1234 is not a valid presale address.")).toBeInTheDocument();
  });

  it("shows every on-chain value from one read, with the launchpad record's token as hint", async () => {
    await openSale(PRESALE.toLowerCase());
    expect(fakeChain.readPresale).toHaveBeenCalledTimes(1);
    expect(fakeChain.readPresale).toHaveBeenCalledWith(PRESALE, { minBlock: undefined, tokenHint: TOKEN });
    expect(screen.getByTestId("presale-address")).toHaveTextContent(PRESALE);
    expect(screen.getByTestId("token-balance")).toHaveTextContent("200,000 DST");
    expect(screen.getByTestId("collected-usdt")).toHaveTextContent("1,250 USDT");
    const values = screen.getByRole("table", { name: "On-chain values" });
    const value = (label: string) =>
      within(values).getByRole("rowheader", { name: label }).closest("tr")!.querySelectorAll("td")[0].textContent;
    expect(value("Token address")).toBe(TOKEN);
    expect(value("Staker address")).toBe(STAKING);
    expect(value("Token rate per BNB")).toBe("1,000 DST");
    expect(value("Token rate per BUSD")).toBe("2 DST");
    expect(value("Minimum contribution (BNB)")).toBe("0.1 BNB");
    expect(value("Hard cap (BUSD)")).toBe("50,000 BUSD");
    expect(value("Interval")).toBe("7 days");
    expect(value("Owner")).toBe(OWNER);
    expect(value("Presale open")).toBe("No");
    expect(value("Current pool id")).toBe("1");
    // The editable fields start from the chain's values.
    expect(within(group("Price of Token in USDT")).getByRole("textbox")).toHaveValue("2");
    expect(within(group("Hard Cap For USDT")).getByRole("textbox")).toHaveValue("50000");
    expect(screen.getByLabelText("Deposit token amount")).toHaveValue("100000");
  });

  it("copies the presale address", async () => {
    const user = setupUser(); // user-event puts its own clipboard in navigator.clipboard
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await openSale();
    await user.click(screen.getByRole("button", { name: "Copy presale address" }));
    expect(writeText).toHaveBeenCalledWith(PRESALE);
    expect(await screen.findByText("Presale Address Copied")).toBeInTheDocument();
  });

  it("updates each value with its own transaction, then reads again at the receipt's block", async () => {
    const user = setupUser();
    await openSale();
    fakeChain.sendTransaction.mockImplementation(async () => receipt(77));
    const price = within(group("Price of Token in USDT")).getByRole("textbox");
    await user.clear(price);
    await enter(user, price, "2.5");
    await user.click(within(group("Price of Token in USDT")).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Transaction succeeded...")).toBeInTheDocument();
    // The original toast, then what happened, with the token's symbol.
    expect(screen.getByText("Price set to 2.5 DST per USDT")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ contract: "Presale", address: PRESALE, fn: "setTokenRatePercrypto", args: [(25n * E18) / 10n] });
    await waitFor(() => expect(fakeChain.readPresale).toHaveBeenLastCalledWith(PRESALE, { minBlock: 77, tokenHint: TOKEN }));

    for (const [label, fn, text, value] of [
      ["Minimum Contribution For USDT", "setBUSDMinEthLimit", "10", 10n * E18],
      ["Maximum Contribution For USDT", "setBUSDMaxEthLimit", "7500.25", (750025n * E18) / 100n],
      ["Hard Cap For USDT", "setBUSDHardCap", "60000", 60_000n * E18],
    ] as const) {
      const input = within(group(label)).getByRole("textbox");
      await user.clear(input);
      await enter(user, input, text);
      await user.click(within(group(label)).getByRole("button", { name: "Update" }));
      await waitFor(() => expect(lastRequest()).toMatchObject({ fn, args: [value] }));
    }
    const token = within(group("Token Address")).getByRole("textbox");
    await user.clear(token);
    await enter(user, token, "0x1234");
    expect(within(group("Token Address")).getByText("Invalid Address!")).toBeInTheDocument();
    expect(within(group("Token Address")).getByRole("button", { name: "Update" })).toBeDisabled();
    await user.clear(token);
    await enter(user, token, OTHER.toLowerCase());
    await user.click(within(group("Token Address")).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ fn: "setTokenAddress", args: [OTHER] }));
    expect(fakeChain.sent()).toHaveLength(5);
    expect(await screen.findByText(`Token address set to ${OTHER}`)).toBeInTheDocument();
  });

  it("refuses an amount with too many decimals before any transaction", async () => {
    const user = setupUser();
    await openSale();
    const input = within(group("Hard Cap For USDT")).getByRole("textbox");
    await user.clear(input);
    await enter(user, input, "1.0000000000000000001");
    expect(within(group("Hard Cap For USDT")).getByText("Hard Cap For USDT has more than 18 decimals")).toBeInTheDocument();
    expect(within(group("Hard Cap For USDT")).getByRole("button", { name: "Update" })).toBeDisabled();
  });

  it("deposits BUSD price × BUSD hard cap tokens to the presale", async () => {
    await openSale();
    await setupUser().click(screen.getByRole("button", { name: "Deposit" }));
    await waitFor(() => expect(fakeChain.sendTransaction).toHaveBeenCalled());
    expect(lastRequest()).toMatchObject({ contract: "IERC20", address: TOKEN, fn: "transfer", args: [PRESALE, 100_000n * E18] });
    expect(await screen.findByText("Transaction succeeded...")).toBeInTheDocument();
    expect(screen.getByText("100,000 DST deposited")).toBeInTheDocument();
  });

  it("warns 'Deposit tokens first!!!' without asking the wallet when the presale holds no token", async () => {
    const user = setupUser();
    const empty = presaleState({ token: { ...presaleState().token, balance: 0n }, availableTokens: 0n });
    fakeChain.readPresale.mockImplementation(async () => empty);
    await openSale();
    // Kept enabled so that the original warning can show; the tooltip says so beforehand.
    const start = screen.getByRole("button", { name: "Start Sale" });
    expect(start).toBeEnabled();
    expect(start).toHaveAccessibleDescription("The presale holds no token yet: deposit tokens first");
    await user.type(screen.getByLabelText("Number of days for sale"), "5");
    await user.click(start);
    expect(await screen.findByText("Deposit tokens first!!!")).toBeInTheDocument();
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });

  it("starts the sale for a number of days and stops it, each enabled only in the state it fits", async () => {
    const user = setupUser();
    let open = false;
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isPresaleOpen: open, ethEarned: E18 / 2n }));
    fakeChain.sendTransaction.mockImplementation(async (req: { fn: string }) => {
      if (req.fn === "startPresale") open = true;
      if (req.fn === "closePresale") open = false;
      return receipt();
    });
    await openSale();
    const stop = () => screen.getByRole("button", { name: "Stop sale" });
    const start = () => screen.getByRole("button", { name: "Start Sale" });
    expect(stop()).toBeDisabled();
    expect(stop()).toHaveAccessibleDescription("The sale is not open");
    expect(start()).toBeEnabled();
    expect(start()).not.toHaveAccessibleDescription();
    // The reason shows as a tooltip on hover too (a disabled button gets no mouse events: its wrapper does).
    await user.hover(stop().parentElement!);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("The sale is not open");
    await user.unhover(stop().parentElement!);
    await user.click(start());
    expect(await screen.findByText("Number of days must be a whole number above 0")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Number of days for sale"), "5");
    await user.click(screen.getByRole("button", { name: "Start Sale" }));
    expect(await screen.findByText("Sale Started Successfully")).toBeInTheDocument();
    expect(screen.getByText("The sale is open for 5 days")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ fn: "startPresale", args: [5n] });
    await waitFor(() => expect(start()).toBeDisabled());
    expect(start()).toHaveAccessibleDescription("The sale is already open: stop it first");
    // Withdrawing unsold tokens and changing the token wait for the sale to be stopped.
    expect(screen.getByRole("button", { name: "Withdraw unsold tokens" })).toHaveAccessibleDescription("Stop the sale first");
    expect(within(group("Token Address")).getByRole("button", { name: "Update" })).toBeDisabled();
    await user.click(stop());
    await waitFor(() => expect(lastRequest()).toMatchObject({ fn: "closePresale" }));
    expect(await screen.findByText("Sale Stoped Successfully")).toBeInTheDocument();
    expect(screen.getByText("The sale is closed: 0.5 BNB and 1,250 USDT raised")).toBeInTheDocument();
    await waitFor(() => expect(stop()).toBeDisabled());
    expect(start()).toBeEnabled();
  });

  it("finalises only a stopped sale", async () => {
    const user = setupUser();
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isPresaleOpen: true }));
    await openSale();
    // Kept enabled while open so that the original warning can show; the tooltip says why beforehand.
    expect(screen.getByRole("button", { name: "Finalise sale" })).toHaveAccessibleDescription(
      "The sale is open: stop it before finalising",
    );
    await user.click(screen.getByRole("button", { name: "Finalise sale" }));
    expect(await screen.findByText("Ensure that sale is stop or Not")).toBeInTheDocument();
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();

    fakeChain.readPresale.mockImplementation(async () => presaleState({ isPresaleOpen: false }));
    await user.click(screen.getByRole("button", { name: "Finalise sale" }));
    expect(await screen.findByText("Transaction Succeeded...")).toBeInTheDocument();
    expect(screen.getByText(/^Sale finalised: buyers can claim their tokens \(staker 0x/)).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ fn: "finalizeSale", args: [STAKING] });
  });

  it("toggles the whitelist mode and says which way it went", async () => {
    const user = setupUser();
    await openSale();
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isWhitelist: true }));
    await user.click(screen.getByRole("switch", { name: "Whitelist mode" }));
    expect(await screen.findByText("whitelist option enabled")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ fn: "whitelistedSale" });
    await waitFor(() => expect(screen.getByRole("switch", { name: "Whitelist mode" })).toBeChecked());
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isWhitelist: false }));
    await user.click(screen.getByRole("switch", { name: "Whitelist mode" }));
    expect(await screen.findByText("whitelist option disabled!!!!")).toBeInTheDocument();
  });

  it("says the mode the transaction set, from its receipt's event, even when another owner toggled meanwhile", async () => {
    const user = setupUser();
    await openSale();
    // The screen shows the mode off; another owner turned it on just before, so this toggle turned it off, and a
    // third toggle is already in the block the screen re-reads: the toast still says what this transaction did.
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isWhitelist: true }));
    const event = interfaceOf("Presale").encodeEventLog("WhitelistToggled", [false]);
    const log = { address: PRESALE.toLowerCase(), topics: event.topics, data: event.data };
    fakeChain.sendTransaction.mockImplementationOnce(async () => ({ ...receipt(), logs: [log] }));
    await user.click(screen.getByRole("switch", { name: "Whitelist mode" }));
    expect(await screen.findByText("whitelist option disabled!!!!")).toBeInTheDocument();
    expect(screen.queryByText("whitelist option enabled")).not.toBeInTheDocument();
  });

  it("withdraws BNB and the unsold tokens, saying how much", async () => {
    const user = setupUser();
    fakeChain.readPresale.mockImplementation(async () => presaleState({ bnbBalance: (15n * E18) / 10n }));
    await openSale();
    await user.click(screen.getByRole("button", { name: "Withdraw BNB" }));
    await waitFor(() => expect(fakeChain.sent()).toEqual(["Presale.withdrawBNB"]));
    expect(await screen.findByText("1.5 BNB withdrawn to the connected wallet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Withdraw unsold tokens" }));
    await waitFor(() => expect(fakeChain.sent()).toEqual(["Presale.withdrawBNB", "Presale.getUnsoldTokens"]));
    expect(await screen.findByText("200,000 DST unsold tokens withdrawn to the connected wallet")).toBeInTheDocument();
  });

  it("disables a withdrawal with nothing to withdraw, saying why", async () => {
    fakeChain.readPresale.mockImplementation(async () => presaleState({ bnbBalance: 0n, availableTokens: 0n }));
    await openSale();
    expect(screen.getByRole("button", { name: "Withdraw BNB" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Withdraw BNB" })).toHaveAccessibleDescription("The presale holds no BNB to withdraw");
    expect(screen.getByRole("button", { name: "Withdraw unsold tokens" })).toHaveAccessibleDescription("No unsold token left to withdraw");
  });

  it("shows 'Try Again !' with the reason when a transaction fails", async () => {
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isPresaleOpen: true }));
    await openSale();
    fakeChain.sendTransaction.mockRejectedValueOnce(new ChainError("revert", "Presale is not open", { reason: "Presale is not open" }));
    await setupUser().click(screen.getByRole("button", { name: "Stop sale" }));
    expect(await screen.findByText("Try Again ! Presale is not open")).toBeInTheDocument();
    expect(fakeChain.readPresale).toHaveBeenCalledTimes(1);
  });

  it("warns when the connected wallet is not the owner", async () => {
    fakeChain.account = OTHER;
    await openSale();
    expect(screen.getByTestId("not-owner")).toHaveTextContent(`The connected wallet ${OTHER} is not the owner of this presale`);
  });

  it("asks to connect a wallet, and connects one", async () => {
    fakeChain.connected = false;
    fakeChain.account = OWNER.toLowerCase(); // as some wallets give it
    await openSale(PRESALE, true);
    expect(screen.getByText("Connect the presale owner's wallet to send transactions.")).toBeInTheDocument();
    await setupUser().click(screen.getByRole("button", { name: "Connect Wallet" }));
    // In checksum case, never upper-cased by the button's style.
    const connected = await screen.findByRole("button", { name: "0xf39F...2266" });
    expect(getComputedStyle(connected).textTransform).toBe("none");
  });
});

describe("Add Whitelist", () => {
  async function openDialog() {
    await openSale();
    await setupUser().click(screen.getByRole("button", { name: "Add Whitelist" }));
    return findDialog();
  }
  const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

  it("sends rows of user address and BNB value in 18-decimal base units", async () => {
    const user = setupUser();
    const dialog = await openDialog();
    expect(within(dialog).getByRole("heading", { name: "Add Whitelist" })).toBeInTheDocument();
    // Values are pasted, as people enter addresses (typed, each of their 42 keys renders the whole screen again).
    await enter(user, within(dialog).getByLabelText("User Address"), OTHER);
    await enter(user, within(dialog).getByLabelText("BNB Value"), "1.5");
    await user.click(within(dialog).getByRole("button", { name: "Add a row" }));
    await enter(user, within(dialog).getAllByLabelText("User Address")[1], OWNER);
    await user.type(within(dialog).getAllByLabelText("BNB Value")[1], "2");
    await user.click(within(dialog).getByRole("button", { name: "Add a row" }));
    expect(within(dialog).getAllByLabelText("User Address")).toHaveLength(3);
    await user.click(within(dialog).getAllByRole("button", { name: "Remove this row" })[2]);
    expect(within(dialog).getAllByLabelText("User Address")).toHaveLength(2);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("2 addresses whitelisted")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({
      contract: "Presale",
      address: PRESALE,
      fn: "addMultipleWhitelistedAddresses",
      args: [
        [OTHER, OWNER],
        [(15n * E18) / 10n, 2n * E18],
      ],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the bad rows of a CSV and sends nothing until they are fixed; duplicates are merged", async () => {
    const user = setupUser();
    const dialog = await openDialog();
    const csv = ["address,amount", `${OTHER},1`, "0xnot-an-address,2", `${OWNER},abc`, `${OTHER.toLowerCase()},0.5`].join("\n");
    await user.click(within(dialog).getByLabelText("Paste CSV: one address,amount per line"));
    await user.paste(csv);
    await user.click(within(dialog).getByRole("button", { name: "Add these rows" }));
    expect(within(dialog).getAllByLabelText("User Address")).toHaveLength(4);
    expect(within(dialog).getByText("Invalid Address!")).toBeInTheDocument();
    expect(within(dialog).getByText(/BNB value must be a number/)).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("2 rows have errors: fix or remove them before submitting");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
    // Fix one, remove the other.
    await user.click(within(dialog).getAllByRole("button", { name: "Remove this row" })[1]);
    const value = within(dialog).getAllByLabelText("BNB Value")[1];
    await user.clear(value);
    await user.type(value, "3");
    expect(within(dialog).getByTestId("whitelist-plan")).toHaveTextContent(
      "2 addresses in 1 transaction · 1 duplicate address merged (values summed)",
    );
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(fakeChain.sendTransaction).toHaveBeenCalledTimes(1));
    expect(lastRequest().args).toEqual([
      [OTHER, OWNER],
      [(15n * E18) / 10n, 3n * E18],
    ]);
  });

  it("uploads a CSV file and sends more than 200 addresses in chunks of 200, duplicates merged", async () => {
    const user = setupUser();
    const dialog = await openDialog();
    const lines = Array.from({ length: 260 }, (_, i) => `${addr((i % 250) + 1)},0.1`).join("\n");
    await user.upload(within(dialog).getByTestId("whitelist-csv-file"), new File([lines], "whitelist.csv", { type: "text/csv" }));
    expect(await within(dialog).findByTestId("whitelist-plan")).toHaveTextContent(
      "250 addresses in 2 transactions · 10 duplicate addresses merged (values summed)",
    );
    await user.click(buttonByText(dialog, "Submit"));
    expect(await screen.findByText("250 addresses whitelisted")).toBeInTheDocument();
    const sent = fakeChain.sendTransaction.mock.calls.map(([req]) => req.args as [string[], bigint[]]);
    expect(sent.map(([addresses]) => addresses.length)).toEqual([200, 50]);
    expect(sent[0][1][0]).toBe(2n * 10n ** 17n); // 0x…01 appears twice: 0.1 + 0.1
    // 250 rows of two fields each in jsdom: 27 s alone, past a minute beside the other lanes of npm test.
  }, 180_000);

  it("keeps the unsent rows when a chunk fails", async () => {
    const user = setupUser();
    const dialog = await openDialog();
    const lines = Array.from({ length: 210 }, (_, i) => `${addr(i + 1)},1`).join("\n");
    await user.upload(within(dialog).getByTestId("whitelist-csv-file"), new File([lines], "w.csv", { type: "text/csv" }));
    await within(dialog).findByText("210 addresses in 2 transactions");
    fakeChain.sendTransaction
      .mockImplementationOnce(async () => receipt())
      .mockRejectedValueOnce(new ChainError("rejected", "Transaction rejected in the wallet"));
    await user.click(buttonByText(dialog, "Submit"));
    expect(await screen.findByText("Try Again ! Transaction rejected in the wallet")).toBeInTheDocument();
    expect(await within(dialog).findByText("10 addresses in 1 transaction")).toBeInTheDocument();
  }, 180_000);
});
