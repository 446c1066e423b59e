import { screen, waitFor, within } from "@testing-library/react";
import { ChainError } from "../../src/chain/errors";
import { enter, findDialog, openDialog, openRow, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { fakeChain, OTHER, OWNER, receipt } from "../support/chainScreenMocks";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

const BLOCKED = "0x00000000000000000000000000000000000000Cc";
const STALE = "0x00000000000000000000000000000000000000dd";
const NEW = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

beforeEach(() => {
  signIn();
  fakeChain.reset();
  gateway.seed("BlocklistEntry", [{ walletAddress: BLOCKED }, { walletAddress: STALE }]);
  fakeChain.readBlacklisted.mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, a !== STALE])));
});

const lastRequest = () => fakeChain.sendTransaction.mock.calls.at(-1)![0];

describe("Blocklist", () => {
  it("lists the addresses with their on-chain state, read in one call, and marks the ones the chain disagrees with", async () => {
    renderApp("/blocklist");
    const blocked = (await screen.findByText(BLOCKED)).closest("tr")!;
    expect(await within(blocked).findByText("Blocked")).toBeInTheDocument();
    const stale = screen.getByText(STALE).closest("tr")!;
    expect(within(stale).getByText("Not blocked on chain")).toBeInTheDocument();
    expect(screen.getByTestId("blocklist-mismatch")).toHaveTextContent("1 address is in this list but not blocked on chain");
    expect(fakeChain.readBlacklisted).toHaveBeenCalledTimes(1);
    expect(fakeChain.readBlacklisted.mock.calls[0][0]).toEqual(expect.arrayContaining([BLOCKED, STALE]));
  });

  it("shows the connected wallet and keeps it under 'userwallet'", async () => {
    fakeChain.connected = false;
    renderApp("/blocklist");
    await screen.findByText(BLOCKED);
    await setupUser().click(screen.getByRole("button", { name: "Connect Wallet" }));
    expect(await screen.findByRole("button", { name: "0xf39F...2266" })).toBeInTheDocument();
    expect(localStorage.getItem("userwallet")).toBe(OWNER);
  });

  it("asks for a wallet before adding", async () => {
    fakeChain.connected = false;
    const { user, dialog } = await openDialog("/blocklist", BLOCKED, "Add");
    await enter(user, within(dialog).getByLabelText("Wallet Address"), NEW);
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Please connect your wallet")).toBeInTheDocument();
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });

  it("checks the address from 42 characters", async () => {
    const { user, dialog } = await openDialog("/blocklist", BLOCKED, "Add");
    const input = within(dialog).getByLabelText("Wallet Address");
    await enter(user, input, "0x90F79bf6EB2c4f870365E785982E1f101E93b90");
    expect(within(dialog).queryByText("Invalid Address!")).toBeNull();
    await user.type(input, "z");
    expect(within(dialog).getByText("Invalid Address!")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("adds: addBlacklistedUser from the wallet, then the list entry", async () => {
    const user = setupUser();
    renderApp("/blocklist");
    await screen.findByText(BLOCKED);
    fakeChain.readBlacklisted.mockImplementation(
      async (addresses: string[]) => new Map(addresses.map((a) => [a, a !== STALE && a !== NEW])),
    );
    await user.click(screen.getByRole("button", { name: "Add" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText("Wallet Address"), NEW.toLowerCase());
    fakeChain.sendTransaction.mockImplementation(async () => {
      fakeChain.readBlacklisted.mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, a !== STALE])));
      return receipt(55);
    });
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Address added to the blocklist")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ contract: "SaleToken", fn: "addBlacklistedUser", args: [NEW] });
    expect(gateway.lastCall("createBlocklistEntry")?.variables).toMatchObject({ walletAddress: NEW });
    const row = (await screen.findByText(NEW)).closest("tr")!;
    expect(await within(row).findByText("Blocked")).toBeInTheDocument();
    // Read again at or after the transaction's block.
    await waitFor(() => expect(fakeChain.readBlacklisted).toHaveBeenLastCalledWith(expect.arrayContaining([NEW]), { minBlock: 55 }));
  });

  it("saves nothing when the transaction fails, and says why", async () => {
    const user = setupUser();
    renderApp("/blocklist");
    await screen.findByText(BLOCKED);
    fakeChain.readBlacklisted.mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, false])));
    fakeChain.sendTransaction.mockRejectedValue(
      new ChainError("not-owner", `The connected wallet ${OTHER} is not the owner of the token contract (owner ${OWNER})`),
    );
    await user.click(screen.getByRole("button", { name: "Add" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText("Wallet Address"), NEW);
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(
      await screen.findByText(`Try Again ! The connected wallet ${OTHER} is not the owner of the token contract (owner ${OWNER})`),
    ).toBeInTheDocument();
    expect(gateway.callsOf("createBlocklistEntry")).toHaveLength(0);
  });

  it("deletes: removeBlacklist from the wallet, then the list entry", async () => {
    const { user, row } = await openRow("/blocklist", BLOCKED);
    await within(row).findByText("Blocked");
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Address removed from the blocklist")).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ contract: "SaleToken", fn: "removeBlacklist", args: [BLOCKED] });
    expect(gateway.lastCall("deleteBlocklistEntry")?.variables).toMatchObject({ id: "1" });
    await waitFor(() => expect(screen.queryByText(BLOCKED)).not.toBeInTheDocument());
  });

  it("deletes a row the chain no longer blocks without a transaction", async () => {
    const { user, row } = await openRow("/blocklist", STALE);
    await within(row).findByText("Not blocked on chain");
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(gateway.lastCall("deleteBlocklistEntry")?.variables).toMatchObject({ id: "2" }));
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });

  it("keeps the list readable when the server runs without a chain", async () => {
    fakeChain.config = null;
    renderApp("/blocklist");
    expect(await screen.findByText(BLOCKED)).toBeInTheDocument();
    expect(screen.getByText(/Chain features are turned off on this server/)).toBeInTheDocument();
    expect(fakeChain.readBlacklisted).not.toHaveBeenCalled();
  });
});
