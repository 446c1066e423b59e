import { screen, waitFor, within } from "@testing-library/react";
import { Interface } from "ethers";
import { abiOf } from "@presale/abis";
import { enter, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { fakeChain, OTHER, OWNER, PRESALE, SAFE, safeOwnedPresale, TOKEN } from "../support/chainScreenMocks";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

const E18 = 10n ** 18n;
const SIGNATURE = `0x${"11".repeat(64)}1b`;
const presale = new Interface(abiOf("Presale"));
const token = new Interface(abiOf("SaleToken"));

const row = (fields: Record<string, unknown>) => ({
  chainId: 31337,
  safe: SAFE,
  value: "0",
  operation: 0,
  proposer: OTHER,
  status: "pending",
  confirmationCount: 1,
  confirmationsRequired: 2,
  confirmations: [
    {
      id: "1",
      owner: OTHER,
      safeTxHash: fields.safeTxHash,
      signature: SIGNATURE,
      createdAt: "2024-05-01T10:00:00Z",
      updatedAt: "2024-05-01T10:00:00Z",
    },
  ],
  signatures: SIGNATURE,
  ...fields,
});

beforeEach(() => {
  signIn();
  fakeChain.reset();
  safeOwnedPresale(3);
  gateway.seed("SafeTransaction", [
    row({ safeTxHash: "0x" + "01".repeat(32), to: PRESALE, nonce: 3, data: presale.encodeFunctionData("startPresale", [7n]) }),
    row({ safeTxHash: "0x" + "02".repeat(32), to: TOKEN, nonce: 4, data: token.encodeFunctionData("addBlacklistedUser", [OWNER]) }),
    row({
      safeTxHash: "0x" + "03".repeat(32),
      to: PRESALE,
      nonce: 2,
      status: "executed",
      data: presale.encodeFunctionData("setBUSDHardCap", [E18]),
    }),
  ]);
});

describe("Safe transactions screen", () => {
  it("is in the menu and lists every waiting Safe transaction, of any contract, in words", async () => {
    renderApp("/SafeTransactions");
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    expect(screen.getByRole("menuitem", { name: "Safe transactions" })).toBeInTheDocument();
    const rows = within(queue).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual([
      expect.stringMatching(/^Blocked the wallet /),
      "Started the presale for 7 days",
    ]);
    expect(rows[1]).toHaveTextContent("1 / 2");
    // The executed one shows on request.
    await setupUser().click(screen.getByRole("switch", { name: "Show executed, failed and replaced" }));
    expect(within(queue).getByRole("row", { name: "Set the BUSD hard cap to 1 BUSD" })).toHaveTextContent("Executed");
  });

  it("confirms from the screen with the connected owner's signature", async () => {
    gateway.answer("confirmSafeTransaction", () => ({
      ...row({ safeTxHash: "0x" + "01".repeat(32), to: PRESALE, nonce: 3, data: "0x" }),
      confirmationCount: 2,
    }));
    renderApp("/SafeTransactions");
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    await setupUser().click(
      within(within(queue).getByRole("row", { name: "Started the presale for 7 days" })).getByRole("button", { name: "Confirm" }),
    );
    expect(await screen.findByText("Signed: Started the presale for 7 days — 2 of 2 signatures")).toBeInTheDocument();
    expect(gateway.lastCall("ConfirmSafeTransaction").variables).toEqual({ safeTxHash: "0x" + "01".repeat(32), signature: SIGNATURE });
  });
});

describe("Blocklist with a token owned by a Safe", () => {
  const NEW = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  it("proposes the block to the Safe and closes the dialog, adding no list entry yet", async () => {
    gateway.seed("BlocklistEntry", []);
    gateway.answer("safeInfo", () => ({ address: SAFE, owners: [OWNER, OTHER], threshold: 2, nonce: 3, nextNonce: 5 }));
    gateway.answer("proposeSafeTransaction", (args) => ({ ...row({ ...args, safeTxHash: "0x" + "09".repeat(32) }), confirmationCount: 1 }));
    fakeChain.readBlacklisted.mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, false])));
    const user = setupUser();
    renderApp("/blocklist");
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog");
    await enter(user, within(dialog).getByLabelText("Wallet Address"), NEW);
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText(/^Proposed to the Safe: Blocked the wallet .+ — 1 of 2 signatures$/)).toBeInTheDocument();
    expect(gateway.lastCall("ProposeSafeTransaction").variables).toMatchObject({
      safe: SAFE,
      to: TOKEN,
      data: token.encodeFunctionData("addBlacklistedUser", [NEW]),
      nonce: 5,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(gateway.callsOf("createBlocklistEntry")).toHaveLength(0);
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });
});
