/**
 * The 'Add Pool' modal on Image Text Edit (/Feature) with the chain layer
 * mocked at its boundary: wallet on open, pair lookup / creation, Farm.add in
 * basis points, then the Pool record with the pool defaults.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { getAddress, ZeroAddress } from "ethers";
import { interfaceOf } from "../../src/chain/contracts";
import { ChainError } from "../../src/chain/errors";
import { chainMock, CONFIG, OTHER, OWNER, receipt } from "../support/chainMock";
import { enter, png, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { badInput } from "../support/fakeGateway";
import { gateway } from "../support/setup";

jest.mock("../../src/chain", () => require("../support/chainMock").chainModuleMock());

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PAIR = getAddress("0x00000000000000000000000000000000000da1a1");

/** The farm's PoolAdded(pid, lpToken, allocPoint, depositFeeBP) log. */
function poolAdded(pid: number) {
  const { data, topics } = interfaceOf("Farm").encodeEventLog("PoolAdded", [pid, PAIR, 150, 400]);
  return receipt([{ address: CONFIG.contracts.farm, data, topics }]);
}

beforeEach(() => {
  signIn();
  chainMock.reset();
  chainMock.readToken.mockResolvedValue({ address: TOKEN, name: "Abc Token", symbol: "abc", decimals: 18, totalSupply: 1n });
  // owner(), getPair(token, BUSD), poolLength()
  chainMock.readMany.mockResolvedValue([OWNER, ZeroAddress, 3n]);
  chainMock.readOne.mockResolvedValue(PAIR);
  chainMock.sendTransaction.mockImplementation(async (tx: { fn: string }) => (tx.fn === "add" ? poolAdded(3) : receipt([], 41)));
  gateway.seed("Feature", [{ identifier: "landing_banner02", title: "Farms", heading: "Farms heading" }]);
});

async function openModal() {
  const user = setupUser();
  renderApp("/Feature");
  await screen.findByText("Farms heading");
  await user.click(screen.getByRole("button", { name: "Add Pool" }));
  // Connect-on-open may already have put the wallet chooser over it (its code is cached after the first test), which hides it from the accessibility tree.
  const dialog = await screen.findByRole("dialog", { name: "Add Pool", hidden: true });
  return { u: user, d: dialog };
}

async function connect(user: ReturnType<typeof setupUser>) {
  const chooser = await screen.findByRole("dialog", { name: "Select a Wallet" });
  await user.click(within(chooser).getByRole("button", { name: "Browser wallet" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Select a Wallet" })).toBeNull());
}

async function fill(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
  await enter(user, within(dialog).getByLabelText("Multiplier"), "1.5");
  await enter(user, within(dialog).getByLabelText("Token A address"), TOKEN);
  await waitFor(() => expect(within(dialog).getByLabelText("Token A name")).toHaveValue("abc"));
  await enter(user, within(dialog).getByLabelText("Deposit fee"), "4");
  await user.upload(within(dialog).getByLabelText("Image"), png("abc.png"));
}

it("connects the wallet on open; shows Multiplier, Token A name and address, Deposit fee and image, the quote token fixed", async () => {
  const { u, d } = await openModal();
  await connect(u);
  expect(within(d).getByRole("button", { name: "0xf39F...2266" })).toBeInTheDocument();
  const labels = ["Multiplier", "Token A name", "Token A address", "Deposit fee", "Image"];
  for (const label of labels) expect(within(d).getByLabelText(label)).toBeInTheDocument();
  expect(within(d).queryByLabelText(/quote/i)).toBeNull();
  expect(within(d).getByText(`Quote token: BUSD (${CONFIG.contracts.stable})`)).toBeInTheDocument();
});

it("creates the missing pair, adds the pool in basis points, then saves it with the pool defaults", async () => {
  const { u, d } = await openModal();
  await connect(u);
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  await waitFor(() => expect(gateway.lastCall("createPool")).toBeDefined());

  expect(chainMock.readMany.mock.calls[0][0]).toEqual([
    expect.objectContaining({ address: CONFIG.contracts.farm, fn: "owner" }),
    expect.objectContaining({ address: CONFIG.contracts.pairFactory, fn: "getPair", args: [TOKEN, CONFIG.contracts.stable] }),
    expect.objectContaining({ address: CONFIG.contracts.farm, fn: "poolLength" }),
  ]);
  const sent = chainMock.sendTransaction.mock.calls.map(([tx]) => tx);
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatchObject({
    contract: "PairFactory",
    fn: "createPair",
    args: [TOKEN, CONFIG.contracts.stable],
    wallet: { account: OWNER },
  });
  expect(chainMock.readOne).toHaveBeenCalledWith(expect.objectContaining({ fn: "getPair" }), expect.objectContaining({ blockTag: 41 }));
  expect(sent[1]).toMatchObject({ contract: "Farm", fn: "add", args: [150n, PAIR, 400n, true] });

  const call = gateway.lastCall("createPool");
  expect(call.multipart).toBe(true);
  expect(call.variables).toMatchObject({
    risk: 5,
    pid: 3,
    lpSymbol: "ABC-BUSD LP",
    alloc: "1.5",
    isTokenOnly: true,
    lpAddresses: PAIR,
    tokenSymbol: "ABC",
    tokenAddresses: TOKEN,
    quoteTokenSymbol: "BUSD",
    quoteTokenAddresses: CONFIG.contracts.stable,
    depositFee: "4",
  });
  expect(await screen.findByText("Pool 3 added: ABC-BUSD LP")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Pool" })).toBeNull());
  expect(gateway.rows("Pool")[0]).toMatchObject({ pid: 3, imageUri: "abc.png" });
});

it("uses the existing pair without a pair transaction", async () => {
  chainMock.connected = true;
  chainMock.readMany.mockResolvedValue([OWNER, PAIR, 7n]);
  chainMock.sendTransaction.mockResolvedValue(poolAdded(7));
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  await waitFor(() => expect(gateway.lastCall("createPool")?.variables).toMatchObject({ pid: 7, lpAddresses: PAIR }));
  expect(chainMock.sendTransaction).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole("dialog", { name: "Select a Wallet" })).toBeNull();
});

it("says plainly when the wallet is not the farm's owner, before any transaction ('Try Again')", async () => {
  chainMock.connected = true;
  chainMock.account = OTHER;
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  const message = `The connected wallet ${OTHER} is not the owner of the farm contract (owner ${OWNER})`;
  expect(await screen.findByText(`Try Again: ${message}`)).toBeInTheDocument();
  expect(within(d).getByRole("alert")).toHaveTextContent(message);
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
  expect(gateway.callsOf("createPool")).toHaveLength(0);
});

it("shows the simulated revert reason and saves nothing", async () => {
  chainMock.connected = true;
  chainMock.readMany.mockResolvedValue([OWNER, PAIR, 7n]);
  chainMock.sendTransaction.mockRejectedValue(
    new ChainError("revert", "Farm: pool already exists", { reason: "Farm: pool already exists" }),
  );
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await screen.findByText("Try Again: Farm: pool already exists")).toBeInTheDocument();
  expect(gateway.callsOf("createPool")).toHaveLength(0);
});

it("checks the form before asking the wallet anything", async () => {
  chainMock.connected = true;
  const { u, d } = await openModal();
  await enter(u, within(d).getByLabelText("Multiplier"), "1.234");
  await enter(u, within(d).getByLabelText("Token A address"), "0x1234");
  await enter(u, within(d).getByLabelText("Deposit fee"), "150");
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await within(d).findByText("The value has more than 2 decimals")).toBeInTheDocument();
  expect(within(d).getByText("Invalid Address!")).toBeInTheDocument();
  expect(within(d).getByText("At most 100")).toBeInTheDocument();
  expect(within(d).getByText("Required")).toBeInTheDocument(); // Token A name
  expect(chainMock.readMany).not.toHaveBeenCalled();
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
});

it("when the save fails after the pool was added, shows the field errors and saves again without a new transaction", async () => {
  chainMock.connected = true;
  gateway.failNext("createPool", badInput({ depositFee: "Deposit fee is refused" }, "Deposit fee is refused"));
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await within(d).findByText("Deposit fee is refused", { selector: "p" })).toBeInTheDocument();
  expect(
    screen.getAllByText(
      "Deposit fee is refused. The pool was added on chain (pid 3); press Add again to save its record without a new transaction.",
    ).length,
  ).toBeGreaterThan(0);
  expect(within(d).getByText("The pool for this token is already on chain (pid 3): Add saves its record only.")).toBeInTheDocument();
  expect(chainMock.sendTransaction).toHaveBeenCalledTimes(2);

  await u.click(within(d).getByRole("button", { name: "Add" }));
  await waitFor(() => expect(gateway.rows("Pool")).toHaveLength(1));
  expect(chainMock.sendTransaction).toHaveBeenCalledTimes(2);
  expect(gateway.rows("Pool")[0]).toMatchObject({ pid: 3, lpSymbol: "ABC-BUSD LP" });
});

describe("a farm owned by a Safe", () => {
  const SAFE = getAddress("0x0000000000000000000000000000000000005afe");
  const THIRD = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  /** The chain as reads see it: the farm's owner the Safe, the pair there, and the pool on chain once `added`. */
  function safeFarm({ added = false } = {}) {
    chainMock.connected = true;
    chainMock.readMany.mockImplementation(async (calls: { fn: string; args?: unknown[] }[]) =>
      calls.map(({ fn, args }) => {
        const answers: Record<string, unknown> = {
          owner: SAFE,
          getPair: PAIR,
          poolLength: added ? 8n : 7n,
          poolExistence: added,
          // Pool 7 is the token's; the others stake other tokens.
          poolInfo: { lpToken: args?.[0] === 7 ? PAIR : OTHER },
          getThreshold: 2n,
          getOwners: [OWNER, OTHER, THIRD],
          nonce: 3n,
        };
        return answers[fn];
      }),
    );
    chainMock.proposeSafeTransaction.mockResolvedValue({
      safeTxHash: "0x" + "cd".repeat(32),
      status: "pending",
      confirmationCount: 1,
      confirmationsRequired: 2,
    });
  }

  it("proposes Farm.add to the Safe, then, once the Safe has executed it, Add saves the record of the pool found on chain", async () => {
    safeFarm();
    const { u, d } = await openModal();
    await fill(u, d);
    await u.click(within(d).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Adding the pool was proposed to the Safe: 1 of 2 signatures")).toBeInTheDocument();
    const [request, safe] = chainMock.proposeSafeTransaction.mock.calls[0];
    expect(request).toMatchObject({ contract: "Farm", fn: "add", args: [150n, PAIR, 400n, true], wallet: { account: OWNER } });
    expect(safe).toMatchObject({ address: SAFE, threshold: 2, owners: [OWNER, OTHER, THIRD] });
    expect(within(d).getByText(/^Proposed to the Safe that owns the farm/)).toBeInTheDocument();
    expect(chainMock.sendTransaction).not.toHaveBeenCalled();
    expect(gateway.callsOf("createPool")).toHaveLength(0);

    // Confirmed and executed by the owners (elsewhere): the pool is on chain at pid 7.
    safeFarm({ added: true });
    await u.click(within(d).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.rows("Pool")).toHaveLength(1));
    expect(gateway.rows("Pool")[0]).toMatchObject({ pid: 7, lpAddresses: PAIR, lpSymbol: "ABC-BUSD LP" });
    expect(chainMock.proposeSafeTransaction).toHaveBeenCalledTimes(1);
    expect(chainMock.sendTransaction).not.toHaveBeenCalled();
  });

  it("refuses a wallet that is not one of the Safe's owners, before anything is signed", async () => {
    safeFarm();
    chainMock.account = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const { u, d } = await openModal();
    await fill(u, d);
    await u.click(within(d).getByRole("button", { name: "Add" }));
    const message = `The connected wallet ${chainMock.account} is not an owner of the Safe ${SAFE} that owns the farm (owners ${OWNER}, ${OTHER}, ${THIRD})`;
    expect(await screen.findByText(`Try Again: ${message}`)).toBeInTheDocument();
    expect(chainMock.proposeSafeTransaction).not.toHaveBeenCalled();
  });

  it("does not propose the same pool twice while the first proposal waits", async () => {
    safeFarm();
    const data = interfaceOf("Farm").encodeFunctionData("add", [100n, PAIR, 0, true]);
    gateway.seed("SafeTransaction", [
      {
        id: "1",
        safe: SAFE,
        safeTxHash: "0x" + "ef".repeat(32),
        to: CONFIG.contracts.farm,
        value: "0",
        data,
        nonce: 3,
        proposer: OTHER,
        status: "pending",
        confirmationCount: 1,
        confirmationsRequired: 2,
        confirmations: [],
        signatures: "0x",
      },
    ]);
    const { u, d } = await openModal();
    await fill(u, d);
    await u.click(within(d).getByRole("button", { name: "Add" }));
    expect(
      await screen.findByText(
        "Try Again: Adding this pool is already proposed to the Safe (nonce 3, 1 of 2 signatures): once it is executed, Add saves its record",
      ),
    ).toBeInTheDocument();
    expect(chainMock.proposeSafeTransaction).not.toHaveBeenCalled();
  });
});

it("saves nothing when the token's pool is on chain and already has its record", async () => {
  chainMock.connected = true;
  gateway.seed("Pool", [{ pid: 7, lpSymbol: "ABC-BUSD LP", lpAddresses: PAIR, tokenAddresses: TOKEN }]);
  chainMock.readMany.mockImplementation(async (calls: { fn: string; args?: unknown[] }[]) =>
    calls.map(
      ({ fn, args }) =>
        ({ owner: OWNER, getPair: PAIR, poolLength: 8n, poolExistence: true, poolInfo: { lpToken: args?.[0] === 7 ? PAIR : OTHER } })[fn],
    ),
  );
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await within(d).findByText("The farm already has this token's pool (pid 7), and its record exists")).toBeInTheDocument();
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
  expect(gateway.rows("Pool")).toHaveLength(1);
});
