import { screen, waitFor, within } from "@testing-library/react";
import { grid } from "../support/fakeGateway";
import { findShown, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { phoneWidth } from "../support/phoneWidth";
import { gateway } from "../support/setup";

const seedNews = () =>
  gateway.seed("News", [
    { heading: "Staking v2 is live", description: "Lock periods", imageUri: "staking.png", visible: true },
    { heading: "Farms paused", description: "Audit", imageUri: "farms.png", visible: false },
  ]);

/** The phone row (list item) that shows a text. */
const rowOf = async (text: string) => (await findShown(text)).closest("li") as HTMLElement;

/** Opens the row's "Actions" menu and gives it. */
async function openActions(user: ReturnType<typeof setupUser>, text: string) {
  await user.click(within(await rowOf(text)).getByRole("button", { name: "Actions" }));
  return screen.findByRole("group", { name: "Actions" });
}

describe("a list on a phone (390 px)", () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    phoneWidth();
    seedNews();
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it("shows one row a record, the heading with its thumbnail, and no table", async () => {
    signIn();
    renderApp("/News");
    const row = await rowOf("Staking v2 is live");
    expect(within(row).getByAltText("staking.png")).toHaveAttribute("width", "50");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Showing 1 to 2 of 2 records")).toBeInTheDocument();
  });

  it("gives the primary text and the next value columns under it, dates as the table shows them", async () => {
    signIn();
    gateway.seed("User", [{ name: "Ana Smith", email: "ana@example.com", role: "editor", approved: true }]);
    renderApp("/Users");
    const row = await rowOf("Ana Smith");
    expect(within(row).getByText("ana@example.com")).toBeInTheDocument();
    const created = new Date(gateway.rows("User")[0].createdAt as string).toLocaleString();
    expect(within(row).getByText(created)).toBeInTheDocument();
  });

  it("opens the edit dialog when a row is tapped", async () => {
    signIn();
    const user = setupUser();
    renderApp("/News");
    await user.click(await screen.findByText("Farms paused"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Update News" })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText("Heading")).toHaveValue("Farms paused");
  });

  it("offers the row's Edit, Show/Hide and Delete in its Actions menu, and they act", async () => {
    signIn();
    const user = setupUser();
    renderApp("/News");
    let menu = await openActions(user, "Farms paused");
    expect(
      within(menu)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Edit", "Show", "Delete"]);
    await user.click(within(menu).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByLabelText("Heading")).toHaveValue("Farms paused");
    expect(screen.queryByRole("group", { name: "Actions" })).toBeNull();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    menu = await openActions(user, "Farms paused");
    await user.click(within(menu).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Farms paused")).toBeNull());
    await waitFor(() => expect(gateway.callsOf("deleteNews")).toHaveLength(1));
  });

  it("holds only what the role may do: who may edit but not delete has no Delete", async () => {
    signIn("dana", 3600, "editor");
    gateway.permissions = grid("News:ru");
    const user = setupUser();
    renderApp("/News");
    const menu = await openActions(user, "Staking v2 is live");
    expect(
      within(menu)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Edit", "Hide"]);
  });

  it("gives a reader a row that opens nothing and an Actions menu with no button in it", async () => {
    signIn("vic", 3600, "viewer");
    const user = setupUser();
    renderApp("/News");
    const row = await rowOf("Staking v2 is live");
    expect(
      within(row)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Actions"]);
    const menu = await openActions(user, "Staking v2 is live");
    expect(within(menu).queryAllByRole("button")).toEqual([]);
  });

  it("sorts by a column chosen in 'Sort by', and flips the order", async () => {
    signIn();
    const user = setupUser();
    renderApp("/News");
    await rowOf("Farms paused");
    await user.click(screen.getByRole("combobox", { name: "Sort by" }));
    await user.click(await screen.findByRole("option", { name: "Heading" }));
    await waitFor(() => expect(gateway.lastCall("allNews").variables).toMatchObject({ sortField: "heading", sortOrder: "DESC" }));
    await user.click(screen.getByRole("button", { name: "Descending order (tap for ascending)" }));
    await waitFor(() => expect(gateway.lastCall("allNews").variables).toMatchObject({ sortField: "heading", sortOrder: "ASC" }));
  });
});

describe("a list while its first page loads", () => {
  const wide = window.matchMedia;
  afterEach(() => {
    window.matchMedia = wide;
  });

  /** Holds the News list's answer until `release` is called. */
  function holdNews() {
    seedNews();
    let release = () => undefined as void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    gateway.answer("allNews", async () => {
      await answered;
      return gateway.rows("News");
    });
    return () => release();
  }

  it("shows skeleton rows under the table's headings, then the records", async () => {
    signIn();
    const release = holdNews();
    renderApp("/News");
    const loading = await screen.findByRole("status", { name: "Loading" });
    expect([...loading.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "S.No",
      "Image",
      "Heading",
      "Edit",
      "Show/Hide",
      "Delete",
    ]);
    expect(loading.querySelectorAll("[data-skeleton-row] .MuiSkeleton-root").length).toBeGreaterThanOrEqual(5);
    release();
    expect(await screen.findByText("Staking v2 is live")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });

  it("shows skeleton rows with a thumbnail's place on a phone", async () => {
    phoneWidth();
    signIn();
    const release = holdNews();
    renderApp("/News");
    const loading = await screen.findByRole("status", { name: "Loading" });
    expect(loading.querySelectorAll("[data-skeleton-row]")).toHaveLength(5);
    expect(loading.querySelectorAll(".MuiSkeleton-rectangular")).toHaveLength(5);
    release();
    expect(await rowOf("Staking v2 is live")).toBeInTheDocument();
  });
});
