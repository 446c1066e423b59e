import { screen, waitFor, within } from "@testing-library/react";
import { Interface } from "ethers";
import { abiOf } from "@presale/abis";
import { safeInterface, safeTx, safeTypedData } from "@presale/abis";
import { enter, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { grid } from "../support/fakeGateway";
import { fakeChain, OTHER, OWNER, PRESALE, receipt, SAFE, safeOwnedPresale, STRANGER, THIRD, TOKEN } from "../support/chainScreenMocks";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

const E18 = 10n ** 18n;
const presale = new Interface(abiOf("Presale"));
const SIGNATURE = `0x${"11".repeat(64)}1b`;
const hardCapData = presale.encodeFunctionData("setBUSDHardCap", [500n * E18]);

beforeEach(() => {
  signIn();
  fakeChain.reset();
  gateway.seed("LaunchPad", [{ pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenSymbol: "DST", tokenDecimal: 18 }]);
  gateway.seed("SafeTransaction", []);
  gateway.answer("safeInfo", () => ({ address: SAFE, owners: [OWNER, OTHER, THIRD], threshold: 2, nonce: 3, nextNonce: 4 }));
});

async function openSale() {
  renderApp(`/ManageSale/${PRESALE}`);
  await screen.findByRole("heading", { name: "On-chain values" });
}

const group = (name: string) => screen.getByRole("group", { name });
const signRequests = () => fakeChain.provider.request.mock.calls.filter(([r]) => r.method === "eth_signTypedData_v4").map(([r]) => r);

/** A stored proposal as allSafeTransactions answers it. */
const proposal = (fields: Record<string, unknown> = {}) => ({
  chainId: 31337,
  safe: SAFE,
  safeTxHash: "0x" + "ab".repeat(32),
  to: PRESALE,
  value: "0",
  data: hardCapData,
  operation: 0,
  nonce: 3,
  proposer: OTHER,
  status: "pending",
  confirmationCount: 1,
  confirmationsRequired: 2,
  confirmations: [
    {
      id: "1",
      owner: OTHER,
      safeTxHash: "0x" + "ab".repeat(32),
      signature: SIGNATURE,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
  ],
  signatures: SIGNATURE,
  ...fields,
});

async function setHardCap(text: string) {
  const user = setupUser();
  const input = within(group("Hard Cap For USDT")).getByRole("textbox");
  await user.clear(input);
  await enter(user, input, text);
  await user.click(within(group("Hard Cap For USDT")).getByRole("button", { name: "Update" }));
}

describe("ManageSale of a presale owned by a Safe", () => {
  it("shows the Safe, its threshold and owners", async () => {
    safeOwnedPresale();
    await openSale();
    const panel = screen.getByTestId("safe-owner");
    expect(panel).toHaveTextContent(`Owned by Safe ${SAFE} (2 of 3)`);
    for (const owner of [OWNER, OTHER, THIRD]) expect(panel).toHaveTextContent(owner);
    // The EOA warning ('not the owner of this presale') does not apply: the wallet is one of the Safe's owners.
    expect(screen.queryByTestId("not-owner")).not.toBeInTheDocument();
    expect(screen.queryByTestId("not-safe-owner")).not.toBeInTheDocument();
  });

  it("proposes an owner action to the Safe: dry run from the Safe, signature at the next nonce, stored by the gateway", async () => {
    safeOwnedPresale();
    gateway.answer("proposeSafeTransaction", (args) => ({
      ...proposal({ ...args, proposer: OWNER, nonce: args.nonce }),
      confirmationCount: 1,
      confirmationsRequired: 2,
    }));
    await openSale();
    await setHardCap("500");
    expect(await screen.findByText("Proposed to the Safe: Set the BUSD hard cap to 500 BUSD — 1 of 2 signatures")).toBeInTheDocument();
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
    expect(fakeChain.dryRun).toHaveBeenCalledWith(
      expect.objectContaining({ from: SAFE, to: PRESALE, data: hardCapData }),
      expect.anything(),
    );
    // The owner signed the SafeTx at the Safe's next free nonce (safeInfo's nextNonce), as the wallet is asked for it.
    const [sign] = signRequests();
    const expected = safeTypedData(31337, SAFE, safeTx({ to: PRESALE, data: hardCapData, nonce: 4 }));
    expect(sign.params[0]).toBe(OWNER);
    expect(JSON.parse(sign.params[1])).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(gateway.lastCall("ProposeSafeTransaction").variables).toEqual({
      safe: SAFE,
      to: PRESALE,
      data: hardCapData,
      value: "0",
      nonce: 4,
      signature: SIGNATURE,
    });
  });

  it("explains a revert from the Safe before anyone signs, and stores nothing", async () => {
    safeOwnedPresale();
    fakeChain.dryRun.mockRejectedValue(Object.assign(new Error("execution reverted"), { reason: "Ensure that sale is stop or Not" }));
    await openSale();
    await setHardCap("500");
    expect(await screen.findByText(/^Try Again ! /)).toBeInTheDocument();
    expect(signRequests()).toHaveLength(0);
    expect(gateway.callsOf("ProposeSafeTransaction")).toHaveLength(0);
  });

  it("refuses a wallet that is not one of the Safe's owners: nothing signed, nothing stored", async () => {
    safeOwnedPresale();
    fakeChain.account = STRANGER;
    await openSale();
    expect(screen.getByTestId("not-safe-owner")).toHaveTextContent(`The connected wallet ${STRANGER} is not an owner of this Safe`);
    await setHardCap("500");
    expect(
      await screen.findByText(new RegExp(`Try Again ! The connected wallet ${STRANGER} is not an owner of the Safe ${SAFE}`)),
    ).toBeInTheDocument();
    expect(signRequests()).toHaveLength(0);
    expect(fakeChain.dryRun).not.toHaveBeenCalled();
    expect(gateway.callsOf("ProposeSafeTransaction")).toHaveLength(0);
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });

  it("lists the Safe's queue for this presale with the action in words, signers and n / threshold", async () => {
    safeOwnedPresale();
    gateway.seed("SafeTransaction", [proposal(), proposal({ safeTxHash: "0x" + "cd".repeat(32), to: STRANGER, nonce: 9 })]);
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    const row = within(queue).getByRole("row", { name: /Set the BUSD hard cap to 500 BUSD/ });
    expect(row).toHaveTextContent("1 / 2");
    expect(row).toHaveTextContent("Waiting for signatures");
    expect(row).toHaveTextContent(`${OTHER.slice(0, 6)}`);
    // Another contract's proposal is not this presale's.
    expect(within(queue).getAllByRole("row")).toHaveLength(2);
  });

  it("confirms a proposal with the connected owner's signature", async () => {
    safeOwnedPresale();
    gateway.seed("SafeTransaction", [proposal()]);
    gateway.answer("confirmSafeTransaction", () => ({ ...proposal(), status: "executable", confirmationCount: 2 }));
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    await setupUser().click(within(queue).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Signed: Set the BUSD hard cap to 500 BUSD — 2 of 2 signatures")).toBeInTheDocument();
    const [sign] = signRequests();
    expect(JSON.parse(sign.params[1]).message).toMatchObject({ to: PRESALE, data: hardCapData, nonce: "3" });
    expect(gateway.lastCall("ConfirmSafeTransaction").variables).toEqual({ safeTxHash: "0x" + "ab".repeat(32), signature: SIGNATURE });
  });

  it("executes a fully signed proposal at the Safe's nonce: execTransaction with the packed signatures, then reads again", async () => {
    safeOwnedPresale(3);
    const packed = `0x${"11".repeat(64)}1b${"22".repeat(64)}1c`;
    gateway.seed("SafeTransaction", [proposal({ status: "executable", confirmationCount: 2, signatures: packed })]);
    fakeChain.sendTransaction.mockImplementation(async () => receipt(88));
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    // Already signed by OWNER? No: OTHER signed; the connected owner may still execute once the threshold is met.
    await setupUser().click(within(queue).getByRole("button", { name: "Execute" }));
    expect(await screen.findByText("Executed by the Safe: Set the BUSD hard cap to 500 BUSD")).toBeInTheDocument();
    const req = fakeChain.sendTransaction.mock.calls[0][0];
    expect(req.encoded.to).toBe(SAFE);
    const decoded = safeInterface.decodeFunctionData("execTransaction", req.encoded.data);
    expect(decoded[0]).toBe(PRESALE);
    expect(decoded[2]).toBe(hardCapData);
    expect(decoded[9]).toBe(packed);
    expect(req.ownerOnly).toBe(false);
    await waitFor(() =>
      expect(fakeChain.readPresale).toHaveBeenLastCalledWith(PRESALE, { minBlock: 88, tokenHint: TOKEN, ownerHint: SAFE }),
    );
  });

  it("does not execute a proposal that is not at the Safe's next nonce", async () => {
    safeOwnedPresale(2);
    gateway.seed("SafeTransaction", [proposal({ status: "pending", confirmationCount: 2 })]);
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    expect(within(queue).getByRole("button", { name: "Execute" })).toBeDisabled();
  });

  it("rejects a proposal by proposing the empty transaction at its nonce", async () => {
    safeOwnedPresale();
    gateway.seed("SafeTransaction", [proposal()]);
    gateway.answer("proposeSafeTransaction", (args) => ({ ...proposal({ ...args, data: "0x", to: SAFE }), confirmationCount: 1 }));
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    await setupUser().click(within(queue).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Rejection proposed for nonce 3 — 1 of 2 signatures")).toBeInTheDocument();
    expect(gateway.lastCall("ProposeSafeTransaction").variables).toMatchObject({ safe: SAFE, to: SAFE, data: "0x", nonce: 3 });
    expect(fakeChain.dryRun).toHaveBeenCalledWith(expect.objectContaining({ from: SAFE, to: SAFE, data: "0x" }), expect.anything());
  });

  it("shows executed and replaced proposals when asked", async () => {
    safeOwnedPresale(5);
    gateway.seed("SafeTransaction", [
      proposal({ status: "executed" }),
      proposal({ safeTxHash: "0x" + "ef".repeat(32), status: "replaced", nonce: 4 }),
    ]);
    await openSale();
    expect(await screen.findByText("No Safe transaction waits for this presale.")).toBeInTheDocument();
    await setupUser().click(screen.getByRole("switch", { name: "Show executed, failed and replaced" }));
    const queue = screen.getByRole("table", { name: "Safe queue" });
    expect(within(queue).getByText("Executed")).toBeInTheDocument();
    expect(within(queue).getByText("Replaced")).toBeInTheDocument();
    expect(within(queue).queryByRole("button", { name: "Execute" })).not.toBeInTheDocument();
  });

  it("proposes a whitelist of rows as one Safe transaction, and closes the dialog without claiming it is done", async () => {
    safeOwnedPresale();
    gateway.answer("proposeSafeTransaction", (args) => ({ ...proposal({ ...args, proposer: OWNER }), confirmationCount: 1 }));
    const user = setupUser();
    await openSale();
    await user.click(screen.getByRole("button", { name: "Add Whitelist" }));
    const dialog = await screen.findByRole("dialog");
    await enter(user, within(dialog).getByLabelText("User Address"), OTHER);
    await enter(user, within(dialog).getByLabelText("BNB Value"), "1.5");
    await user.click(within(dialog).getByRole("button", { name: "Add a row" }));
    await enter(user, within(dialog).getAllByLabelText("User Address")[1], THIRD);
    await user.type(within(dialog).getAllByLabelText("BNB Value")[1], "2");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Proposed to the Safe: Whitelisted 2 addresses for 3.5 BNB — 1 of 2 signatures")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByText("2 addresses whitelisted")).not.toBeInTheDocument();
    const { data } = gateway.lastCall("ProposeSafeTransaction").variables;
    expect(presale.decodeFunctionData("addMultipleWhitelistedAddresses", data).map((v) => [...v])).toEqual([
      [OTHER, THIRD],
      [(15n * E18) / 10n, 2n * E18],
    ]);
    expect(fakeChain.sendTransaction).not.toHaveBeenCalled();
  });

  it("says a wallet's refusal to sign in words, and stores nothing", async () => {
    safeOwnedPresale();
    fakeChain.provider.request.mockImplementation(async ({ method }: { method: string }) => {
      if (method === "eth_chainId") return "0x7a69";
      if (method === "eth_accounts") return [OWNER];
      if (method === "eth_signTypedData_v4") throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      return null;
    });
    await openSale();
    await setHardCap("500");
    expect(await screen.findByText("Try Again ! Transaction rejected in the wallet")).toBeInTheDocument();
    expect(gateway.callsOf("ProposeSafeTransaction")).toHaveLength(0);
  });

  it("shows the queue without its buttons to a role that may read Safe transactions but not act on them", async () => {
    safeOwnedPresale();
    gateway.permissions = grid("LaunchPad:r SafeTransaction:r");
    gateway.seed("SafeTransaction", [proposal()]);
    await openSale();
    const queue = await screen.findByRole("table", { name: "Safe queue" });
    expect(within(queue).getByRole("row", { name: /Set the BUSD hard cap to 500 BUSD/ })).toHaveTextContent("1 / 2");
    expect(within(queue).queryByRole("button")).not.toBeInTheDocument();
  });

  it("sends an owner action of a presale the connected wallet owns itself: one read of its owner, no Safe reads, nothing proposed", async () => {
    fakeChain.readMany.mockImplementation(async (calls: { fn: string }[]) =>
      calls.map((call) => (call.fn === "owner" ? OWNER : undefined)),
    );
    await openSale();
    fakeChain.readMany.mockClear();
    await setHardCap("500");
    await waitFor(() => expect(fakeChain.sent()).toEqual(["Presale.setBUSDHardCap"]));
    const read = fakeChain.readMany.mock.calls.flatMap(([calls]: [{ fn: string }[]]) => calls.map((call) => call.fn));
    expect(read.filter((fn) => ["getThreshold", "getOwners", "nonce"].includes(fn))).toEqual([]);
    expect(read.filter((fn) => fn === "owner")).toHaveLength(1);
    expect(gateway.callsOf("ProposeSafeTransaction")).toHaveLength(0);
  });
});
