import { act, screen, waitFor, within } from "@testing-library/react";
import { clearSession } from "../../src/providers/session";
import { findDialog, openRow, rowOf, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";
import { fakeChangeStream } from "../support/liveStream";

const stream = fakeChangeStream();

const seedNews = () =>
  gateway.seed("News", [
    { heading: "Staking v2 is live", description: "Lock periods", visible: true },
    { heading: "Farms paused", description: "Audit", visible: false },
  ]);

/** Another admin adds a news item in the gateway's store (newest first on the list). */
function addedByOther(heading: string) {
  const row = {
    id: "77",
    heading,
    description: "",
    visible: true,
    version: 1,
    createdAt: "2024-06-01T10:00:00.000Z",
    updatedAt: "2024-06-01T10:00:00.000Z",
  };
  gateway.rows("News").push(row);
  return row;
}

const watchers: MutationObserver[] = [];
afterEach(() => watchers.splice(0).forEach((observer) => observer.disconnect()));

/**
 * Every row shown highlighted ('live-changed') from now on, as it happens: the highlight fades HIGHLIGHT_MS after it is
 * shown, so a look at the row itself depends on how soon the test gets to it.
 */
function watchHighlights(): Set<Element> {
  const rows = new Set<Element>();
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const row of node.matches("tr.live-changed") ? [node] : node.querySelectorAll("tr.live-changed")) rows.add(row);
  };
  const observer = new MutationObserver((records) =>
    records.forEach((record) => (record.type === "attributes" ? note(record.target) : record.addedNodes.forEach(note))),
  );
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  watchers.push(observer);
  return rows;
}

// The admin's code (lazily loaded: the app, then each screen's) loads once per file, at the first render of the list,
// and takes the longest on a busy machine: drawn once here under a ceiling of its own, it is in no test's wait.
beforeAll(async () => {
  signIn();
  seedNews();
  const { unmount } = renderApp("/News");
  await screen.findByText("Staking v2 is live", {}, { timeout: 150_000 });
  unmount();
}, 180_000);

describe("live lists", () => {
  beforeEach(() => {
    signIn();
    seedNews();
  });

  it("reads the page again when someone else adds a record, and highlights the new row for a moment", async () => {
    renderApp("/News");
    await screen.findByText("Staking v2 is live");
    await waitFor(() => expect(stream.listener).toBeDefined());
    const lists = gateway.callsOf("allNews").length;
    addedByOther("Launchpad opens");
    const highlighted = watchHighlights();

    stream.tell({ resource: "News", id: "77", op: "create", version: 1 });

    const added = await rowOf("Launchpad opens");
    await waitFor(() => expect(highlighted).toContain(added));
    expect(screen.getByText("1 new row")).toBeInTheDocument();
    // The same page, sort and filter as before: one more read of it.
    expect(gateway.callsOf("allNews")).toHaveLength(lists + 1);
    expect(gateway.lastCall("allNews").variables).toMatchObject({ page: 0, perPage: 10, sortField: "createdAt", sortOrder: "DESC" });
    expect(highlighted).not.toContain(await rowOf("Staking v2 is live"));
    // It fades (HIGHLIGHT_MS after it was shown).
    await waitFor(() => expect(added).not.toHaveClass("live-changed"));
  });

  it("updates an edited row in place, drops a deleted one, and ignores other resources", async () => {
    renderApp("/News");
    await screen.findByText("Farms paused");
    await waitFor(() => expect(stream.listener).toBeDefined());
    const lists = gateway.callsOf("allNews").length;
    stream.tell({ resource: "BlocklistEntry", id: "1", op: "create", version: 1 });

    Object.assign(gateway.rows("News")[1], { heading: "Farms resumed", version: 2 });
    const highlighted = watchHighlights();
    stream.tell({ resource: "News", id: "2", op: "update", version: 2 });
    const updated = await rowOf("Farms resumed");
    await waitFor(() => expect(highlighted).toContain(updated));
    expect(screen.getByText("1 row updated")).toBeInTheDocument();

    gateway.rows("News").splice(0, 1);
    stream.tell({ resource: "News", id: "1", op: "delete" });
    await waitFor(() => expect(screen.queryByText("Staking v2 is live")).not.toBeInTheDocument());
    expect(screen.getByText("1 row removed")).toBeInTheDocument();
    expect(gateway.callsOf("allNews")).toHaveLength(lists + 2);
  });

  it("does not read the page again for the tab's own save, and closes the stream on sign-out", async () => {
    const { user, row } = await openRow("/News", "Farms paused");
    await waitFor(() => expect(stream.listener).toBeDefined());
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    const heading = await within(dialog).findByLabelText("Heading");
    await user.clear(heading);
    await user.type(heading, "Farms resumed");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await rowOf("Farms resumed");
    const lists = gateway.callsOf("allNews").length;
    stream.tell({ resource: "News", id: "2", op: "update", version: 2, actor: "admin" });
    // Another admin's save, told right behind it: changes that come together are read together, so had the own save
    // been taken, that one read would tell of it too ('2 rows updated').
    Object.assign(gateway.rows("News")[0], { heading: "Staking v3", version: 2 });
    stream.tell({ resource: "News", id: "1", op: "update", version: 2 });
    await rowOf("Staking v3");
    expect(await screen.findByText(/^\d+ rows? updated$/)).toHaveTextContent(/^1 row updated$/);
    expect(gateway.callsOf("allNews")).toHaveLength(lists + 1);

    const closed = stream.closed;
    act(() => clearSession());
    await waitFor(() => expect(stream.closed).toBe(closed + 1));
  });
});

describe("an open edit dialog", () => {
  beforeEach(() => {
    signIn();
    seedNews();
  });
  afterEach(() => jest.restoreAllMocks());

  /** Opens the edit dialog of 'Staking v2 is live' once the stream is open. */
  async function editStaking() {
    const { user, row } = await openRow("/News", "Staking v2 is live");
    await waitFor(() => expect(stream.listener).toBeDefined());
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await within(dialog).findByLabelText("Heading");
    return { user, dialog };
  }

  it("shows another admin's save before any of its own, with the fields they changed, and takes their values", async () => {
    const { user, dialog } = await editStaking();
    const description = within(dialog).getByLabelText("Description");
    await user.clear(description);
    await user.type(description, "Mine");

    Object.assign(gateway.rows("News")[0], { heading: "Staking v3", version: 2 });
    stream.tell({ resource: "News", id: "1", op: "update", version: 2, actor: "bob" });

    const notice = await within(dialog).findByText(/^bob saved this record \d+ s ago$/);
    const alert = notice.closest("[role=alert]") as HTMLElement;
    const table = await within(alert).findByRole("table", { name: "Changes since you opened it" });
    const heading = within(table)
      .getByRole("rowheader", { name: /^Heading/ })
      .closest("tr")!;
    expect(heading).toHaveTextContent(/Staking v2 is live.*Staking v3.*Staking v2 is live/);
    expect(within(heading).getByText("Their change")).toBeInTheDocument();
    expect(within(table).queryByRole("rowheader", { name: /^Description/ })).not.toBeInTheDocument();
    // Nothing was saved yet, nor taken: the form is as the user left it.
    expect(gateway.callsOf("updateNews")).toHaveLength(0);
    expect(within(dialog).getByLabelText("Heading")).toHaveValue("Staking v2 is live");

    await user.click(within(alert).getByRole("button", { name: "Take their changes" }));
    expect(within(dialog).getByLabelText("Heading")).toHaveValue("Staking v3");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Mine");
    expect(within(dialog).queryByText(/saved this record/)).not.toBeInTheDocument();
    // Saved over their version: no conflict.
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() =>
      expect(gateway.lastCall("updateNews")?.variables).toMatchObject({ heading: "Staking v3", description: "Mine", expectedVersion: 2 }),
    );
  });

  it("says no more of their save once the form reloaded their version after a refused save", async () => {
    const { user, dialog } = await editStaking();
    Object.assign(gateway.rows("News")[0], { heading: "Staking v3", version: 2 });
    stream.tell({ resource: "News", id: "1", op: "update", version: 2, actor: "bob" });
    await within(dialog).findByText(/^bob saved this record \d+ s ago$/);
    // Saved anyway: refused, the conflict panel takes the notice's place; their version reloaded, nothing is left to tell.
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    const conflict = await within(dialog).findByText("Someone else changed this record since you opened it");
    expect(within(dialog).queryByText(/saved this record \d+ s ago/)).not.toBeInTheDocument();
    await user.click(within(conflict.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Reload their version" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Heading")).toHaveValue("Staking v3"));
    expect(within(dialog).queryByText(/saved this record/)).not.toBeInTheDocument();
  });

  it("says nothing of a change the form already stands on, nor of another record", async () => {
    const { dialog } = await editStaking();
    stream.tell({ resource: "News", id: "1", op: "update", version: 1, actor: "bob" });
    stream.tell({ resource: "News", id: "2", op: "update", version: 2, actor: "bob" });
    // The dialog tells of a save as it hears it (before their record is read): nothing told now is nothing at all.
    expect(within(dialog).queryByText(/saved this record/)).not.toBeInTheDocument();
    // As a newer version of this record shows at once.
    stream.tell({ resource: "News", id: "1", op: "update", version: 2, actor: "carol" });
    expect(within(dialog).getByText(/^carol saved this record \d+ s ago$/)).toBeInTheDocument();
  });

  it("shows who else has the record open, answers a newcomer at once, and says when the dialog closes", async () => {
    // The dialog's heartbeat (every 10 s) and expiry check (every 5 s) held still: each announcement counted below is an
    // opening, an answer or the closing, however long the test takes. Shorter intervals (waitFor's polling) run.
    const interval = window.setInterval;
    jest
      .spyOn(window, "setInterval")
      .mockImplementation(((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
        (ms ?? 0) >= 5000 ? 0 : interval(handler, ms, ...args)) as typeof window.setInterval);
    gateway.answer("announcePresence", () => true);
    const { user, dialog } = await editStaking();
    await waitFor(() => expect(gateway.lastCall("announcePresence")?.variables).toMatchObject({ resource: "News", id: "1", open: true }));
    const mine = gateway.lastCall("announcePresence").variables.tab as string;

    // This tab's own announcement, heard back, shows nobody.
    stream.tell({ resource: "News", id: "1", op: "presence", tab: mine, actor: "admin" });
    stream.tell({ resource: "News", id: "1", op: "presence", tab: "their-tab", actor: "bob" });
    expect(await within(dialog).findByText("Also open by bob")).toBeInTheDocument();
    await waitFor(() => expect(gateway.callsOf("announcePresence")).toHaveLength(2));
    // Their next heartbeat is no newcomer: not answered again.
    stream.tell({ resource: "News", id: "1", op: "presence", tab: "their-tab", actor: "bob" });
    stream.tell({ resource: "News", id: "1", op: "presence-end", tab: "their-tab", actor: "bob" });
    await waitFor(() => expect(within(dialog).queryByText(/Also open by/)).not.toBeInTheDocument());
    // A heartbeat of that opening heard after its closing (sent before it) does not show it again: a presence shows
    // as it is heard, so not now is not at all.
    stream.tell({ resource: "News", id: "1", op: "presence", tab: "their-tab", actor: "bob" });
    expect(within(dialog).queryByText(/Also open by/)).not.toBeInTheDocument();
    // Their next opening does, at once.
    stream.tell({ resource: "News", id: "1", op: "presence", tab: "their-tab-2", actor: "bob" });
    expect(within(dialog).getByText("Also open by bob")).toBeInTheDocument();
    await waitFor(() => expect(gateway.callsOf("announcePresence")).toHaveLength(3));

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(gateway.lastCall("announcePresence").variables).toMatchObject({ id: "1", open: false, tab: mine }));
    // Announcements are sent one after the other: with the closing in, all are. Its opening, the two answers, the
    // closing: neither heartbeat of theirs was answered.
    expect(gateway.callsOf("announcePresence").map((call) => call.variables.open)).toEqual([true, true, true, false]);
  });
});

describe("the Activity screen, live", () => {
  /** One event of the trail; the later `hour`, the newer. */
  const event = (hour: number, recordId: string) => ({
    createdAt: `2024-05-03T${String(hour).padStart(2, "0")}:00:00.000Z`,
    actorId: 2,
    actorName: "bob",
    transport: "graphql",
    resource: "News",
    recordId,
    operation: "update",
    changes: JSON.stringify([{ field: "heading", before: "A", after: "B" }]),
  });

  beforeEach(() => {
    signIn();
    seedNews();
    gateway.seed(
      "AuditEvent",
      Array.from({ length: 12 }, (_, i) => event(i + 1, String(i + 1))),
    );
  });

  /** Another admin's write appends its event to the trail, and the stream tells of the write. */
  function writtenByOther(recordId: string) {
    gateway.rows("AuditEvent").push({ id: `9${recordId}`, updatedAt: "2024-05-03T20:00:00.000Z", ...event(20, recordId) });
    stream.tell({ resource: "News", id: recordId, op: "update", version: 2 });
  }

  it("puts new events at the top of the first page as they happen, highlighted", async () => {
    renderApp("/activity");
    await screen.findByRole("link", { name: "News #12" });
    await waitFor(() => expect(stream.listener).toBeDefined());
    const highlighted = watchHighlights();
    writtenByOther("40");
    const added = (await screen.findByRole("link", { name: "News #40" })).closest("tr")!;
    await waitFor(() => expect(highlighted).toContain(added));
    expect(screen.getAllByRole("row")[1]).toBe(added);
  });

  it("elsewhere than the first page, counts new events and shows them on request", async () => {
    const user = setupUser();
    renderApp("/activity");
    await screen.findByRole("link", { name: "News #12" });
    await waitFor(() => expect(stream.listener).toBeDefined());
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("link", { name: "News #2" });
    const lists = gateway.callsOf("allAuditEvents").length;

    // A presence is no event: not counted (a count shows as the change is heard, so not now is not at all).
    stream.tell({ resource: "News", id: "1", op: "presence", tab: "their-tab" });
    expect(screen.queryByRole("button", { name: /new events? — show/ })).not.toBeInTheDocument();
    writtenByOther("40");
    writtenByOther("41");
    const show = await screen.findByRole("button", { name: "2 new events — show" });
    // The page in view stays still.
    expect(gateway.callsOf("allAuditEvents")).toHaveLength(lists);
    expect(screen.queryByRole("link", { name: "News #40" })).not.toBeInTheDocument();

    await user.click(show);
    expect(await screen.findByRole("link", { name: "News #41" })).toBeInTheDocument();
    expect(gateway.lastCall("allAuditEvents").variables).toMatchObject({ page: 0 });
    expect(screen.queryByRole("button", { name: /new events? — show/ })).not.toBeInTheDocument();
  });
});
