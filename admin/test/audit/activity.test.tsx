import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openRow, rowOf, setupUser } from "../support/helpers";
import { renderApp, shownLocation, signIn } from "../support/render";
import { gateway } from "../support/setup";

beforeEach(() => signIn());

describe("the Activity screen", () => {
  const events = [
    {
      createdAt: "2024-05-03T08:00:00.000Z",
      actorId: 2,
      actorName: "carol",
      transport: "graphql",
      resource: "News",
      recordId: "1",
      operation: "update",
      changes: JSON.stringify([
        { field: "heading", before: "Staking v2", after: "Staking v3" },
        { field: "description", diff: "Lock [-times-]{+periods+} for stakers" },
      ]),
    },
    {
      createdAt: "2024-05-03T09:00:00.000Z",
      actorId: 1,
      actorName: "admin",
      transport: "graphql",
      resource: "News",
      recordId: "9",
      operation: "delete",
      changes: JSON.stringify([{ field: "heading", before: "Old news", after: null }]),
    },
    {
      createdAt: "2024-05-03T10:00:00.000Z",
      actorId: 1,
      actorName: "admin",
      transport: "chain",
      resource: "LaunchPad",
      recordId: "3",
      operation: "status",
      changes: JSON.stringify([{ field: "status", before: "open", after: "finalized" }]),
      txHash: `0x${"ab".repeat(32)}`,
      chainId: 31337,
    },
    {
      createdAt: "2024-05-03T11:00:00.000Z",
      actorId: 2,
      actorName: "carol",
      transport: "graphql",
      resource: "User",
      recordId: "2",
      operation: "update",
      changes: JSON.stringify([{ field: "password", redacted: true }]),
    },
  ];

  beforeEach(() => {
    gateway.seed("AuditEvent", events);
    gateway.seed("User", [
      { name: "admin", email: "admin@example.com", role: "admin" },
      { name: "carol", email: "carol@example.com", role: "editor" },
    ]);
    gateway.seed("News", [{ heading: "Staking v3", description: "Lock periods", imageUri: "staking.png", visible: true }]);
  });

  it("lists the trail newest first: when, who, transport, operation, record, changes, transaction", async () => {
    renderApp("/activity");
    const chain = await rowOf("LaunchPad #3");
    expect(gateway.lastCall("allAuditEvents").variables).toMatchObject({ sortField: "createdAt", sortOrder: "DESC", page: 0, perPage: 10 });
    expect(chain).toHaveTextContent("Chain");
    expect(chain).toHaveTextContent("Status changed");
    expect(within(chain).getByText("0xabab...abab")).toHaveAttribute("data-hash", `0x${"ab".repeat(32)}`);
    const update = (await screen.findByRole("link", { name: "News #1" })).closest("tr")!;
    expect(update).toHaveTextContent("carol");
    expect(update).toHaveTextContent("Heading, Description");
    const user = setupUser();
    await user.click(within(update).getByRole("button", { name: "Show the changes" }));
    expect(update).toHaveTextContent("Staking v2 → Staking v3");
    const secret = (await screen.findByText("User #2")).closest("tr")!;
    await user.click(within(secret).getByRole("button", { name: "Show the changes" }));
    expect(secret).toHaveTextContent("(hidden)");
    expect(within(secret).queryByRole("button", { name: "Restore" })).not.toBeInTheDocument();
  });

  it("shows a text change inline: removed words struck through, added ones highlighted, told to screen readers, no markup", async () => {
    renderApp("/activity");
    const update = (await screen.findByRole("link", { name: "News #1" })).closest("tr")!;
    await setupUser().click(within(update).getByRole("button", { name: "Show the changes" }));
    const description = within(update).getByRole("rowheader", { name: "Description" }).closest("tr")!;
    const removed = description.querySelector("del")!;
    const added = description.querySelector("ins")!;
    expect(removed).toHaveTextContent("Removed: times");
    expect(added).toHaveTextContent("Added: periods");
    expect(description).toHaveTextContent("DescriptionLock Removed: times Added: periods for stakers");
    expect(description.textContent).not.toMatch(/\[-|-\]|\{\+|\+\}/);
  });

  it("copies a transaction's whole hash from its short form", async () => {
    renderApp("/activity");
    const chain = await rowOf("LaunchPad #3");
    const user = setupUser(); // user-event puts its own clipboard in navigator.clipboard
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(within(chain).getByRole("button", { name: "Copy the transaction hash" }));
    expect(writeText).toHaveBeenCalledWith(`0x${"ab".repeat(32)}`);
    expect(await screen.findByText("Copied to the clipboard")).toBeInTheDocument();
  });

  it("names records and fields as the menu and the forms do; images as thumbnails, show/hide flags as Visible / Hidden", async () => {
    const event = (resource: string, recordId: string, changes: unknown[]) => ({
      ...events[0],
      resource,
      recordId,
      changes: JSON.stringify(changes),
    });
    gateway.seed("AuditEvent", [
      event("LandingBlock", "4", [
        { field: "imageUri", before: "0f3a9c2e.png", after: "77be01d4.png" },
        { field: "visible", before: true, after: false },
      ]),
      event("IpWhitelistEntry", "2", [{ field: "address", before: null, after: "10.0.0.1" }]),
      event("LaunchPad", "5", [
        { field: "priceTokenCrypto", before: "100", after: "120" },
        { field: "tokenAddress", before: null, after: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" },
      ]),
      event("Pool", "6", [
        { field: "isTokenOnly", before: false, after: true },
        { field: "alloc", before: 100, after: 200 },
      ]),
      {
        ...event("ChainTransaction", "11", [
          { field: "contract", before: null, after: "Presale" },
          { field: "functionName", before: null, after: "setBUSDHardCap" },
          { field: "args", diff: `{+{"amount":"500${"0".repeat(18)}"}+}` },
        ]),
        operation: "create",
        transport: "chain",
      },
      event("Article", "8", [
        { field: "description2", diff: "{+Third block+}" },
        { field: "newsLink", before: null, after: "https://youtu.be/x" },
      ]),
    ]);
    renderApp("/activity");
    const user = setupUser();
    const landing = (await screen.findByRole("link", { name: "Landing block #4" })).closest("tr")!;
    expect(landing).toHaveTextContent("Image, Show/Hide");
    await user.click(within(landing).getByRole("button", { name: "Show the changes" }));
    const [before, after] = within(landing).getAllByRole("img", { name: "Image" });
    expect(before).toHaveAttribute("src", expect.stringMatching(/\/Images\/0f3a9c2e\.png$/));
    expect(after).toHaveAttribute("src", expect.stringMatching(/\/Images\/77be01d4\.png$/));
    expect(landing).not.toHaveTextContent("0f3a9c2e.png");
    expect(within(landing).getByRole("rowheader", { name: "Show/Hide" }).closest("tr")).toHaveTextContent("Visible → Hidden");

    expect(screen.getByText("IP address #2")).toBeInTheDocument();
    const launchpad = screen.getByRole("link", { name: "LaunchPad #5" }).closest("tr")!;
    expect(launchpad).toHaveTextContent("Price of Token per BUSD, Token Address");
    await user.click(within(launchpad).getByRole("button", { name: "Show the changes" }));
    expect(within(launchpad).getByTitle("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")).toHaveTextContent("0xe7f1...0512");
    expect(within(launchpad).getByRole("button", { name: "Copy the address" })).toBeInTheDocument();
    const pool = screen.getByRole("link", { name: "Farm #6" }).closest("tr")!;
    // A pool's fields as its Add Pool form labels them.
    expect(pool).toHaveTextContent("Is token only, Multiplier");
    await user.click(within(pool).getByRole("button", { name: "Show the changes" }));
    expect(pool).toHaveTextContent("No → Yes");
    for (const row of screen.getAllByRole("row"))
      expect(row.textContent).not.toMatch(/IpWhitelistEntry|LandingBlock|priceTokenCrypto|imageUri/);
  });

  it("sends the filters: operation, transport and resource", async () => {
    renderApp("/activity");
    await rowOf("LaunchPad #3");
    const user = setupUser();
    const choose = async (filter: string, option: string) => {
      await user.click(screen.getByRole("combobox", { name: filter }));
      await user.click(await screen.findByRole("option", { name: option }));
    };
    await choose("Operation", "Deleted");
    await choose("Transport", "Admin / GraphQL");
    await choose("Resource", "News");
    await waitFor(() =>
      expect(gateway.lastCall("allAuditEvents").variables.filter).toEqual({ operation: "delete", transport: "graphql", resource: "News" }),
    );
    expect(await rowOf("News #9")).toBeInTheDocument();
    expect(screen.queryByText("LaunchPad #3")).not.toBeInTheDocument();
  });

  it("sends the filters: record id and the date range (whole days)", async () => {
    renderApp("/activity");
    await rowOf("LaunchPad #3");
    const user = setupUser();
    await user.type(screen.getByLabelText("Record"), "9");
    await enter(user, screen.getByLabelText("From"), "2024-05-02");
    await enter(user, screen.getByLabelText("To"), "2024-05-03");
    await waitFor(() =>
      expect(gateway.lastCall("allAuditEvents").variables.filter).toEqual({
        recordId: "9",
        createdAt_gte: new Date("2024-05-02T00:00:00").toISOString(),
        createdAt_lte: new Date("2024-05-03T23:59:59.999").toISOString(),
      }),
    );
    expect(await rowOf("News #9")).toBeInTheDocument();
  });

  it("the Users list opens one user's activity", async () => {
    const { user, row } = await openRow("/users", "carol@example.com");
    await user.click(within(row).getByRole("link", { name: "Activity: carol" }));
    await waitFor(() => expect(gateway.lastCall("allAuditEvents")?.variables.filter).toEqual({ actorId: 2 }));
    expect(await rowOf("User #2")).toBeInTheDocument();
    expect(screen.queryByText("LaunchPad #3")).not.toBeInTheDocument();
  });

  it("links a row to its record's edit dialog", async () => {
    renderApp("/activity");
    const user = setupUser();
    await user.click(await screen.findByRole("link", { name: "News #1" }));
    const dialog = await findDialog();
    expect(await within(dialog).findByLabelText("Heading")).toHaveValue("Staking v3");
    expect(shownLocation).toMatchObject({ pathname: "/news", search: "?edit=1" });
    // Closed, the link is spent: a reload or Back does not open it again.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(shownLocation.search).not.toContain("edit=");
  });

  it("links an article image to the screen of its slot, told by the event or read from the record", async () => {
    gateway.seed("ArticleImage", [
      { slot: 1, imageUri: "one.png" },
      { slot: 3, imageUri: "three.png" },
    ]);
    gateway.seed("AuditEvent", [
      ...events,
      {
        ...events[0],
        resource: "ArticleImage",
        recordId: "2",
        changes: JSON.stringify([{ field: "imageUri", before: "a.png", after: "three.png" }]),
      },
      { ...events[1], resource: "ArticleImage", recordId: "7", changes: JSON.stringify([{ field: "slot", before: 4, after: null }]) },
    ]);
    renderApp("/activity");
    await waitFor(async () =>
      expect(await screen.findByRole("link", { name: "Latest Articles3 Image #2" })).toHaveAttribute("href", "/articles3?edit=2"),
    );
    expect(screen.getByRole("link", { name: "Latest Articles4 Image #7" })).toHaveAttribute("href", "/articles4");
    expect(gateway.callsOf("ArticleImage").map((call) => call.variables)).toEqual([{ id: "2" }]);
  });

  it("restores a deleted content record from its delete", async () => {
    gateway.resolvers.restoreRevision = () => ({ ...events[1], id: "99", operation: "restore", createdAt: new Date().toISOString() });
    renderApp("/activity");
    const deleted = (await screen.findByText("News #9")).closest("tr")!;
    const user = setupUser();
    await user.click(within(deleted).getByRole("button", { name: "Restore" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Restore this revision?" })).getByRole("button", { name: "Restore" }),
    );
    await waitFor(() => expect(gateway.lastCall("restoreRevision")?.variables).toEqual({ eventId: "2" }));
    expect(await screen.findByText("Record restored")).toBeInTheDocument();
  });

  it("is for who may read audit events: an editor sees neither the menu entry nor the trail", async () => {
    signIn("dana", 3600, "editor");
    renderApp("/activity");
    expect(await screen.findByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Activity" })).not.toBeInTheDocument();
    expect(gateway.callsOf("allAuditEvents")).toHaveLength(0);
  });
});
