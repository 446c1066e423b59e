/**
 * The 'Add Pool' modal on Image Text Edit (/Feature) with the chain layer
 * mocked at its boundary: wallet on open, pair lookup / creation, Farm.add in
 * basis points, then the Pool record with SPEC section 9's defaults.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { getAddress, ZeroAddress } from "ethers";
import { interfaceOf } from "../src/chain/contracts";
import { ChainError } from "../src/chain/errors";
import { chainMock, CONFIG, OTHER, OWNER, receipt } from "./chainMock";
import { png, setupUser } from "./helpers";
import { renderApp, signIn } from "./render";
import { badInput } from "./fakeGateway";
import { gateway } from "./setup";

jest.mock("../src/chain", () => require("./chainMock").chainModuleMock());

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
  await user.type(within(dialog).getByLabelText("Multiplier"), "1.5");
  await user.type(within(dialog).getByLabelText("Token A address"), TOKEN);
  await waitFor(() => expect(within(dialog).getByLabelText("Token A name")).toHaveValue("abc"));
  await user.type(within(dialog).getByLabelText("Deposit fee"), "4");
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

it("creates the missing pair, adds the pool in basis points, then saves it with the SPEC defaults", async () => {
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
  await u.type(within(d).getByLabelText("Multiplier"), "1.234");
  await u.type(within(d).getByLabelText("Token A address"), "0x1234");
  await u.type(within(d).getByLabelText("Deposit fee"), "150");
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
