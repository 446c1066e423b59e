/**
 * The 'Add LaunchPadv' modal with the chain layer mocked at its boundary:
 * what it shows, what it asks the chain (createPresale, scaled amounts) and
 * what it saves (createLaunchPad), and how it fails.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { graphql, HttpResponse } from "msw";
import { ChainError } from "../../src/chain/errors";
import { chainMock, CONFIG, OTHER, OWNER, receipt } from "../support/chainMock";
import { enter, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { badInput } from "../support/fakeGateway";
import { gateway, server } from "../support/setup";

jest.mock("../../src/chain", () => require("../support/chainMock").chainModuleMock());

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PRESALE = "0x0000000000000000000000000000000000000Abc";

beforeEach(() => {
  signIn();
  chainMock.reset();
  chainMock.readToken.mockResolvedValue({ address: TOKEN, name: "Nine Token", symbol: "NINE", decimals: 9, totalSupply: 10n ** 18n });
  chainMock.sendTransaction.mockResolvedValue(receipt());
  chainMock.readOne.mockResolvedValue(PRESALE);
  gateway.seed("LaunchPad", [
    { pid: 1, presaleAddress: "0x00000000000000000000000000000000000000aa", tokenAddress: "0x00000000000000000000000000000000000000bb" },
  ]);
});

const FIELDS = [
  "Token Address",
  "Token Name",
  "Token Symbol",
  "Token Decimal",
  "Pool (lock period)",
  "Price of Token per BNB",
  "Price of Token per BUSD",
  "BNB Minimum Contribution",
  "BNB Maximum Contribution",
  "BUSD Minimum Contribution",
  "BUSD Maximum Contribution",
  "Hard Cap (BNB)",
  "BUSD Hard Cap",
  "Presale Address",
];

async function openModal() {
  const user = setupUser();
  renderApp("/LaunchPad");
  await screen.findByText("0x00000000000000000000000000000000000000aa");
  expect(screen.queryByText(/arrive with the chain release/)).toBeNull();
  await user.click(screen.getByRole("button", { name: "Add LaunchPad" }));
  const dialog = await screen.findByRole("dialog", { name: "Add LaunchPadv" });
  return { u: user, d: dialog };
}

async function fill(user: ReturnType<typeof setupUser>, dialog: HTMLElement, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    "Price of Token per BNB": "1000",
    "Price of Token per BUSD": "2.5",
    "BNB Minimum Contribution": "0.1",
    "BNB Maximum Contribution": "10",
    "BUSD Minimum Contribution": "50",
    "BUSD Maximum Contribution": "5000",
    "Hard Cap (BNB)": "100",
    "BUSD Hard Cap": "50000",
    ...overrides,
  };
  await enter(user, within(dialog).getByLabelText("Token Address"), TOKEN);
  await waitFor(() => expect(within(dialog).getByLabelText("Token Decimal")).toHaveValue("9"));
  await user.click(within(dialog).getByRole("combobox", { name: "Pool (lock period)" }));
  await user.click(await screen.findByRole("option", { name: "Pool 1: 180 days lock" }));
  for (const [label, value] of Object.entries(values)) if (value) await enter(user, within(dialog).getByLabelText(label), value);
}

it("shows every LaunchPad field and fills name, symbol and decimals from the token contract", async () => {
  const { u, d } = await openModal();
  for (const label of FIELDS) expect(within(d).getByLabelText(label)).toBeInTheDocument();
  await u.type(within(d).getByLabelText("Token Address"), TOKEN);
  await waitFor(() => expect(within(d).getByLabelText("Token Name")).toHaveValue("Nine Token"));
  expect(within(d).getByLabelText("Token Symbol")).toHaveValue("NINE");
  expect(within(d).getByLabelText("Token Decimal")).toHaveValue("9");
  expect(within(d).getByLabelText("Token Name")).toHaveAttribute("readonly");
  expect(chainMock.readToken).toHaveBeenLastCalledWith(TOKEN);
});

it("connects through the chooser, creates the presale with scaled amounts, reads its address and saves the record", async () => {
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));

  const chooser = await screen.findByRole("dialog", { name: "Select a Wallet" });
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
  await u.click(within(chooser).getByRole("button", { name: "Browser wallet" }));

  await waitFor(() => expect(gateway.lastCall("createLaunchPad")).toBeDefined());
  const [tx] = chainMock.sendTransaction.mock.calls[0];
  const e18 = 10n ** 18n;
  expect(tx).toMatchObject({ contract: "PresaleFactory", fn: "createPresale", wallet: { account: OWNER } });
  expect(tx.args).toEqual([
    TOKEN,
    1000n * 10n ** 9n, // tokens per BNB, in the token's 9 decimals
    25n * 10n ** 8n, // 2.5 tokens per BUSD
    10n * e18, // max BNB
    e18 / 10n, // min BNB
    5000n * e18, // max BUSD
    50n * e18, // min BUSD
    100n * e18,
    50000n * e18,
    1n, // pid
    CONFIG.contracts.staking,
  ]);
  expect(chainMock.readOne).toHaveBeenCalledWith(
    expect.objectContaining({ address: CONFIG.contracts.presaleFactory, fn: "getPresale", args: [TOKEN] }),
    expect.objectContaining({ blockTag: 42 }),
  );
  expect(gateway.lastCall("createLaunchPad").variables).toEqual({
    pid: 1,
    priceToken: "1000",
    priceTokenCrypto: "2.5",
    tokenAddress: TOKEN,
    tokenName: "Nine Token",
    tokenSymbol: "NINE",
    tokenDecimal: 9,
    bnbMinimumContribution: "0.1",
    bnbMaximumContribution: "10",
    busdMinimumContribution: "50",
    busdMaximumContribution: "5000",
    hardCap: "100",
    busdHardCap: "50000",
    presaleAddress: PRESALE,
  });
  expect(await screen.findByText(`LaunchPad added: presale ${PRESALE}`)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add LaunchPadv" })).toBeNull());
  const row = (await screen.findByText(PRESALE)).closest("tr")!;
  expect(within(row).getByText("180 Days")).toBeInTheDocument();
});

it("says plainly when the wallet is not the factory's owner and saves nothing ('Try Again')", async () => {
  chainMock.connected = true;
  chainMock.account = OTHER;
  const message = `The connected wallet ${OTHER} is not the owner of the presale factory (owner ${OWNER})`;
  chainMock.sendTransaction.mockRejectedValue(new ChainError("not-owner", message));
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await screen.findByText(`Try Again: ${message}`)).toBeInTheDocument();
  expect(within(d).getByRole("alert")).toHaveTextContent(message);
  expect(screen.queryByRole("dialog", { name: "Select a Wallet" })).toBeNull();
  expect(gateway.callsOf("createLaunchPad")).toHaveLength(0);
});

it("checks the amounts before asking the wallet anything", async () => {
  const { u, d } = await openModal();
  await fill(u, d, { "BNB Minimum Contribution": "20", "Price of Token per BUSD": "1.0000000001" });
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await within(d).findByText("The minimum cannot be above the maximum")).toBeInTheDocument();
  expect(within(d).getByText("The amount has more than 9 decimals")).toBeInTheDocument();
  await u.clear(within(d).getByLabelText("BUSD Hard Cap"));
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(await within(d).findByText("Required")).toBeInTheDocument();
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
  expect(screen.queryByRole("dialog", { name: "Select a Wallet" })).toBeNull();
});

it("when the save fails after the chain succeeded: imports the presale (reconcileLaunchPads), toasts the server message, hides the modal, keeps the field errors", async () => {
  chainMock.connected = true;
  const reconciled: number[] = [];
  server.use(
    graphql.mutation("ReconcileLaunchPads", () => {
      reconciled.push(1);
      return HttpResponse.json({ data: { reconcileLaunchPads: 1 } });
    }),
  );
  gateway.failNext("createLaunchPad", badInput({ hardCap: "Hard cap is too large" }, "Hard cap is too large"));
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  expect(
    await screen.findByText(
      `Hard cap is too large. The presale ${PRESALE} was created on chain and its record was imported from the chain, so nothing is lost.`,
    ),
  ).toBeInTheDocument();
  expect(reconciled).toHaveLength(1);
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add LaunchPadv" })).toBeNull());

  await u.click(screen.getByRole("button", { name: "Add LaunchPad" }));
  const again = await screen.findByRole("dialog", { name: "Add LaunchPadv" });
  expect(within(again).getByText("Hard cap is too large")).toBeInTheDocument();
  expect(within(again).getByLabelText("Presale Address")).toHaveValue(PRESALE);
  expect(within(again).getByLabelText("Hard Cap (BNB)")).toHaveValue("100");
});

it("says 'Please connect your wallet' when the chooser is closed without a wallet", async () => {
  const { u, d } = await openModal();
  await fill(u, d);
  await u.click(within(d).getByRole("button", { name: "Add" }));
  await screen.findByRole("dialog", { name: "Select a Wallet" });
  await u.keyboard("{Escape}");
  expect(await screen.findByText("Try Again: Please connect your wallet")).toBeInTheDocument();
  expect(chainMock.sendTransaction).not.toHaveBeenCalled();
});
