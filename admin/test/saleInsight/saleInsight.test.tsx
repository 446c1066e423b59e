/**
 * Sale insight in the admin: ManageSale's progress bars, charts, contributors
 * and whitelist (what they ask the gateway and the chain), the polling rule
 * (the chain is read again only when a new block has been indexed), the
 * indexer's state, the LaunchPad progress column (one Multicall3 call a page)
 * and the Dashboard's open sales.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { captureDownloads, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { fakeChain, PRESALE, presaleState, TOKEN } from "../support/chainScreenMocks";
import { compactNumber } from "../../src/saleInsight/figures";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());
// A fast poll, so the polling rule is seen within a test's time.
jest.mock("../../src/saleInsight/api", () => ({ ...jest.requireActual("../../src/saleInsight/api"), POLL_MS: 150 }));

const E18 = 10n ** 18n;
const BUYER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const wei = (n: bigint) => n.toString();

let indexedBlock = 20;
let status = { enabled: true, headBlock: 20, indexedBlock: 20, behind: 0, confirmations: 0, lastError: null as string | null };

const stats = () => ({
  raisedBnb: wei(3n * E18),
  raisedBusd: wei(1250n * E18),
  averageBnb: wei(E18),
  averageBusd: wei(1250n * E18),
  largestBnb: wei(2n * E18),
  largestBusd: wei(1250n * E18),
  tokensSold: wei(5500n * E18),
  contributors: 3,
  contributions: 4,
  whitelistSize: 2,
  hardCapBnb: wei(100n * E18),
  hardCapBusd: wei(50_000n * E18),
  percentBnb: 3,
  percentBusd: 2.5,
  open: true,
  startTime: "2024-05-01T00:00:00.000Z",
  endTime: "2024-05-08T00:00:00.000Z",
  secondsLeft: 3600,
  indexedBlock,
});

const point = (at: string, bnb: bigint, cumulativeBnb: bigint, contributions: number) => ({
  at,
  bnb: wei(bnb),
  busd: "0",
  cumulativeBnb: wei(cumulativeBnb),
  cumulativeBusd: wei(1250n * E18),
  contributions,
});

function seedInsight() {
  gateway
    .answer("presaleStats", () => stats())
    .answer("chainIndexStatus", () => status)
    .answer("presaleTimeline", ({ bucket }) =>
      bucket === "day"
        ? [point("2024-05-01T00:00:00.000Z", 3n * E18, 3n * E18, 4)]
        : [point("2024-05-01T10:00:00.000Z", E18, E18, 2), point("2024-05-01T11:00:00.000Z", 2n * E18, 3n * E18, 2)],
    );
  gateway.seed(
    "Contribution",
    Array.from({ length: 12 }, (_, i) => ({
      presaleAddress: PRESALE,
      buyer: i === 0 ? BUYER : addr(0x100 + i),
      currency: i % 2 ? "BUSD" : "BNB",
      amountPaid: wei(BigInt(i + 1) * E18 + 1n),
      tokens: wei(BigInt(i + 1) * 1000n * E18),
      blockNumber: 10 + i,
      txHash: `0x${String(i).padStart(64, "0")}`,
      logIndex: 0,
      boughtAt: new Date(Date.UTC(2024, 4, 1, 10, i)).toISOString(),
    })),
  );
  gateway.seed("WhitelistEntry", [
    { presaleAddress: PRESALE, address: BUYER, allocation: wei(5n * E18), addedAt: "2024-05-01T09:00:00.000Z", blockNumber: 5 },
    { presaleAddress: PRESALE, address: addr(0x200), allocation: wei(E18 / 2n), addedAt: "2024-05-01T09:30:00.000Z", blockNumber: 6 },
  ]);
}

const whitelistCalls = () =>
  fakeChain.readMany.mock.calls.filter(([calls]: [{ fn: string }[]]) => calls.some((c) => c.fn === "whitelistedAddresses"));

beforeEach(() => {
  signIn();
  fakeChain.reset();
  indexedBlock = 20;
  status = { enabled: true, headBlock: 20, indexedBlock: 20, behind: 0, confirmations: 0, lastError: null };
  gateway.seed("LaunchPad", [{ pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenSymbol: "DST", tokenDecimal: 18 }]);
  seedInsight();
  fakeChain.readPresale.mockImplementation(async () =>
    presaleState({
      isPresaleOpen: true,
      ethEarned: 3n * E18,
      endTime: BigInt(Math.floor(Date.now() / 1000) + 2 * 86_400 + 3 * 3600 + 120),
    }),
  );
  fakeChain.readMany.mockImplementation(async (calls: { fn: string; args?: unknown[] }[]) =>
    calls.map((c) => (c.fn === "whitelistedAddresses" ? (c.args![0] === BUYER ? 5n * E18 : 0n) : undefined)),
  );
});

async function openSale() {
  renderApp(`/ManageSale/${PRESALE}`);
  await screen.findByRole("heading", { name: "Progress" }, { timeout: 20_000 });
}

const table = (name: string) => screen.getByRole("heading", { name }).closest(".MuiCard-root") as HTMLElement;

describe("ManageSale insight", () => {
  it("shows a progress bar per currency against its hard cap, with the time left", async () => {
    await openSale();
    const bnb = screen.getByRole("progressbar", { name: "BNB raised against the hard cap" });
    expect(bnb).toHaveAttribute("aria-valuenow", "3");
    expect(screen.getByTestId("progress-BNB")).toHaveTextContent("3 of 100 BNB (3%)");
    expect(screen.getByRole("progressbar", { name: "BUSD raised against the hard cap" })).toHaveAttribute(
      "aria-valuetext",
      "1,250 of 50,000 BUSD (2.5%)",
    );
    expect(screen.getByTestId("progress-BUSD")).toHaveTextContent("1,250 of 50,000 BUSD (2.5%)");
    expect(screen.getByTestId("time-left")).toHaveTextContent(/^2d 3h \d+m left$/);
  });

  it("draws the cumulative raised (with its hard cap) and the contributions per day from the timelines", async () => {
    await openSale();
    const cumulative = await screen.findByRole("figure", { name: "Cumulative raised (BNB)" });
    expect(cumulative.querySelector("svg")).not.toBeNull();
    expect(cumulative).toHaveTextContent("3 of 100 BNB raised");
    expect(screen.getByRole("figure", { name: "Cumulative raised (BUSD)" })).toHaveTextContent("1,250 of 50,000 BUSD raised");
    expect(screen.getByRole("figure", { name: "Contributions per day" }).querySelector("svg")).not.toBeNull();
    expect(gateway.callsOf("PresaleTimeline").map((c) => c.variables)).toEqual(
      expect.arrayContaining([
        { address: PRESALE, bucket: "hour" },
        { address: PRESALE, bucket: "day" },
      ]),
    );
    expect(screen.getByTestId("contributor-count")).toHaveTextContent("3 contributors");
  });

  it("shows a lone contribution as a dot with words, not a one-point line; axis ticks are compact", async () => {
    // The sale started within the hour of its only contribution: one point on the timeline.
    gateway
      .answer("presaleStats", () => ({ ...stats(), contributors: 1, contributions: 1, startTime: "2024-05-01T10:30:00.000Z" }))
      .answer("presaleTimeline", () => [{ ...point("2024-05-01T10:00:00.000Z", 40_000n * E18, 40_000n * E18, 1), cumulativeBusd: "0" }]);
    await openSale();
    const figure = await screen.findByRole("figure", { name: "Cumulative raised (BNB)" });
    expect(within(figure).getByTestId("chart-single-BNB")).toHaveTextContent(/^One contribution so far40,000 BNB raised in the hour from /);
    expect(figure.querySelector("svg")).toBeNull();
    expect(figure).toHaveTextContent("40,000 of 100 BNB raised");
    // A currency with nothing raised says it has none (rather than 'One contribution so far: 0 BUSD').
    expect(screen.getByTestId("chart-single-BUSD")).toHaveTextContent(/^No BUSD contribution yet$/);
    expect([40_000, 1_250_000, 0.5, 12].map(compactNumber)).toEqual(["40K", "1.3M", "0.5", "12"]);
  });

  it("lists the presale's contributors, largest first, 10 a page, with exact amounts", async () => {
    const user = setupUser();
    await openSale();
    const card = table("Contributors");
    await within(card).findByText(`12.000000000000000001 BUSD`);
    const first = gateway.lastCall("allContributions");
    expect(first.variables).toMatchObject({
      filter: { presaleAddress: PRESALE },
      sortField: "amountPaid",
      sortOrder: "DESC",
      page: 0,
      perPage: 10,
    });
    expect(within(card).getAllByRole("row")).toHaveLength(11);
    await user.click(within(card).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(gateway.lastCall("allContributions").variables).toMatchObject({ page: 1, perPage: 10 }));
    expect(await within(card).findByText(BUYER)).toBeInTheDocument();
    await user.click(within(card).getByText("Time"));
    await waitFor(() => expect(gateway.lastCall("allContributions").variables).toMatchObject({ sortField: "boughtAt" }));
  });

  it("keeps the contributors' sort over a reload (kept in the store, per presale)", async () => {
    const user = setupUser();
    await openSale();
    await within(table("Contributors")).findByText(`12.000000000000000001 BUSD`);
    await user.click(within(table("Contributors")).getByText("Buyer"));
    await waitFor(() => expect(gateway.lastCall("allContributions").variables).toMatchObject({ sortField: "buyer", sortOrder: "ASC" }));
    cleanup();
    gateway.calls.length = 0;
    await openSale();
    await waitFor(() => expect(gateway.callsOf("allContributions").length).toBeGreaterThan(0));
    expect(gateway.callsOf("allContributions")[0].variables).toMatchObject({ sortField: "buyer", sortOrder: "ASC" });
  });

  it("exports every contributor of the presale with the product's export buttons, amounts exact", async () => {
    const user = setupUser();
    const downloads = captureDownloads();
    try {
      await openSale();
      const card = table("Contributors");
      await within(card).findByText("12.000000000000000001 BUSD");
      await user.click(within(card).getByRole("button", { name: "CSV" }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      const lines = (await downloads.files[0].blob.text()).trim().split("\r\n");
      expect(lines).toHaveLength(13);
      expect(lines[0]).toBe("Buyer,Currency,Amount paid,Tokens,Time,Transaction");
      expect(lines[1]).toContain(",BUSD,12.000000000000000001,12000,");
      expect(gateway.lastCall("allContributions").variables).toMatchObject({
        filter: { presaleAddress: PRESALE },
        sortField: "amountPaid",
      });
    } finally {
      downloads.restore();
    }
  });

  it("lists the whitelist with each address's on-chain state, read for the whole page in one call", async () => {
    await openSale();
    const card = table("Whitelist");
    expect(await within(card).findByText("Whitelisted: 5 BNB")).toBeInTheDocument();
    expect(within(card).getByText("Not whitelisted")).toBeInTheDocument();
    expect(gateway.lastCall("allWhitelistEntries").variables).toMatchObject({ filter: { presaleAddress: PRESALE }, page: 0, perPage: 10 });
    expect(whitelistCalls()).toHaveLength(1);
    const [[calls]] = whitelistCalls();
    expect(calls.map((c: { address: string; args: string[] }) => [c.address, c.args[0]])).toEqual([
      [PRESALE, addr(0x200)],
      [PRESALE, BUYER],
    ]);
  });

  it("polls the gateway, and reads the chain and the lists again only when a new block has been indexed", async () => {
    await openSale();
    await within(table("Whitelist")).findByText("Whitelisted: 5 BNB");
    const polls = gateway.callsOf("SaleInsight").length;
    await waitFor(() => expect(gateway.callsOf("SaleInsight").length).toBeGreaterThanOrEqual(polls + 3));
    // Idle: the same indexed block, so no chain read and no list refetch.
    expect(fakeChain.readPresale).toHaveBeenCalledTimes(1);
    expect(whitelistCalls()).toHaveLength(1);
    const lists = gateway.callsOf("allContributions").length;
    const timelines = gateway.callsOf("PresaleTimeline").length;

    indexedBlock = 21;
    fakeChain.readPresale.mockImplementation(async () => presaleState({ isPresaleOpen: true, ethEarned: 50n * E18 }));
    await waitFor(() => expect(fakeChain.readPresale).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("50 of 100 BNB (50%)")).toBeInTheDocument();
    await waitFor(() => expect(gateway.callsOf("allContributions").length).toBe(lists + 1));
    expect(gateway.callsOf("PresaleTimeline").length).toBe(timelines + 2);
    // The whitelist page did not change: its on-chain state is not read again.
    expect(whitelistCalls()).toHaveLength(1);
    const settled = gateway.callsOf("SaleInsight").length;
    await waitFor(() => expect(gateway.callsOf("SaleInsight").length).toBeGreaterThanOrEqual(settled + 2));
    expect(fakeChain.readPresale).toHaveBeenCalledTimes(2);
  });

  it("names what the contributors and whitelist lists hold when a sale has none", async () => {
    gateway.seed("Contribution", []);
    gateway.seed("WhitelistEntry", []);
    await openSale();
    expect(await within(table("Contributors")).findByText("No contributors yet")).toBeInTheDocument();
    expect(await within(table("Whitelist")).findByText("No whitelisted addresses yet")).toBeInTheDocument();
    expect(screen.queryByText("No user found!")).toBeNull();
  });

  it("says when the indexer is behind or off", async () => {
    status = { ...status, behind: 7 };
    await openSale();
    expect(await screen.findByText("Figures are 7 blocks behind the chain")).toBeInTheDocument();
    status = { ...status, enabled: false };
    expect(await screen.findByText("The chain indexer is off")).toBeInTheDocument();
  });
});

describe("LaunchPad progress column", () => {
  it("reads every presale of the page in one Multicall3 call", async () => {
    const presales = [PRESALE, addr(0xa1), addr(0xa2)];
    gateway.seed(
      "LaunchPad",
      presales.map((presaleAddress, i) => ({ pid: 1, presaleAddress, tokenAddress: TOKEN, tokenSymbol: `T${i}`, tokenDecimal: 18 })),
    );
    fakeChain.readMany.mockImplementation(async (calls: { address: string; fn: string }[]) =>
      calls.map((c) => {
        const index = presales.findIndex((p) => p.toLowerCase() === c.address.toLowerCase());
        const values: Record<string, unknown> = {
          ethEarned: BigInt(index + 1) * E18,
          busdEarned: 0n,
          hardCap: 10n * E18,
          BUSDhardCap: 0n,
          isPresaleOpen: index === 0,
          endTime: 0n,
        };
        return index === 2 ? undefined : values[c.fn];
      }),
    );
    renderApp("/LaunchPad");
    expect(await screen.findByText("1 of 10 BNB (10%)")).toBeInTheDocument();
    expect(screen.getByText("2 of 10 BNB (20%)")).toBeInTheDocument();
    expect(screen.getAllByText("0 BUSD (no hard cap)")).toHaveLength(2);
    expect(fakeChain.readMany).toHaveBeenCalledTimes(1);
    const [[calls]] = fakeChain.readMany.mock.calls;
    expect(calls).toHaveLength(18);
    expect(new Set(calls.map((c: { address: string }) => c.address))).toEqual(new Set(presales));
  });
});

describe("Dashboard open sales", () => {
  it("shows a card per open sale with its progress, linking to its ManageSale", async () => {
    const closed = addr(0xb1);
    gateway.seed("LaunchPad", [
      { pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenName: "Demo Sale Token", tokenSymbol: "DST", tokenDecimal: 18 },
      { pid: 1, presaleAddress: closed, tokenAddress: TOKEN, tokenName: "Closed Token", tokenSymbol: "CLT", tokenDecimal: 18 },
    ]);
    const end = BigInt(Math.floor(Date.now() / 1000) + 5 * 3600 + 120);
    fakeChain.readMany.mockImplementation(async (calls: { address: string; fn: string }[]) =>
      calls.map((c) => {
        const open = c.address === PRESALE;
        return { ethEarned: 5n * E18, busdEarned: 0n, hardCap: 20n * E18, BUSDhardCap: 0n, isPresaleOpen: open, endTime: end }[c.fn];
      }),
    );
    renderApp("/Dashboard");
    const card = await screen.findByTestId("open-sale");
    expect(screen.getAllByTestId("open-sale")).toHaveLength(1);
    expect(card).toHaveTextContent("Demo Sale Token");
    expect(card).toHaveTextContent("5 of 20 BNB (25%)");
    expect(card).toHaveTextContent(/5h \d+m left/);
    expect(within(card).getByRole("link")).toHaveAttribute("href", `/ManageSale/${PRESALE}`);
    expect(fakeChain.readMany).toHaveBeenCalledTimes(1);
  });
});
