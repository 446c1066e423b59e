import { screen, within } from "@testing-library/react";
import { allows } from "../../src/providers/authProvider";
import { grid } from "../support/fakeGateway";
import { setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

/**
 * The admin follows the permissions `me` sends (authProvider.canAccess):
 * the sidebar, the dashboard, the list buttons and the routes show only what the
 * role allows; the gateway checks every request again.
 */
const seedNews = () =>
  gateway.seed("News", [
    { heading: "Staking v2 is live", description: "Lock periods", imageUri: "staking.png", visible: true },
    { heading: "Farms paused", description: "Audit", imageUri: "farms.png", visible: false },
  ]);

/** The sidebar's entries, once the permissions are in (Security is every signed-in user's). */
async function menuEntries() {
  const menu = await screen.findByRole("menu");
  await within(menu).findByRole("menuitem", { name: "Security" });
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent);
}

/** The News list's first row, with its buttons settled (the list's own answers are in). */
async function newsRow() {
  return (await screen.findByText("Staking v2 is live")).closest("tr")!;
}

const ACCESS_DENIED = { name: "You do not have access to this page", level: 1 };

describe("react-admin's actions in the gateway's words", () => {
  it("reads list and show as read, edit as update, and a page (no type) is open to all", () => {
    const permissions = grid("News:ru");
    expect(allows(permissions, "News", "list")).toBe(true);
    expect(allows(permissions, "News", "show")).toBe(true);
    expect(allows(permissions, "News", "edit")).toBe(true);
    expect(allows(permissions, "News", "delete")).toBe(false);
    expect(allows(permissions, "News", "export")).toBe(false);
    expect(allows(permissions, "Article", "list")).toBe(false);
    expect(allows(permissions, undefined, "list")).toBe(true);
  });
});

describe("an editor", () => {
  beforeEach(() => signIn("dana", 3600, "editor"));

  it("has the content entries and no Admin, LaunchPad, Blocklist, Transactions, Sign-ins or Activity", async () => {
    renderApp("/Dashboard");
    expect(await menuEntries()).toEqual(["Dashboard", "Landing", "News", "News Description", "Latest Articles", "Security", "Logout"]);
    await screen.findByRole("link", { name: /^Settings/ });
    for (const card of [/^Users/, /^LaunchPad/]) expect(screen.queryByRole("link", { name: card })).toBeNull();
    expect(screen.queryByRole("link", { name: "Farms" })).toBeNull();
    expect(screen.getByRole("link", { name: "Image Text Edit" })).toBeInTheDocument();
  });

  it("has in the Landing group only the landing screens the role may read (no Farms)", async () => {
    const user = setupUser();
    renderApp("/Dashboard");
    const menu = await screen.findByRole("menu");
    await user.click(await within(menu).findByRole("menuitem", { name: "Landing" }));
    expect(await within(menu).findByRole("menuitem", { name: "Image Text Edit" })).toHaveAttribute("href", "/feature");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/setting");
    expect(within(menu).queryByRole("menuitem", { name: "Farms" })).toBeNull();
  });

  it("adds, edits, hides and deletes news", async () => {
    seedNews();
    renderApp("/News");
    const row = await newsRow();
    expect(screen.getByRole("button", { name: "Add News" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Hide" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Excel" })).toBeInTheDocument();
  });

  it("gets the forbidden page on the blocklist, asks the gateway nothing, and no error toast", async () => {
    renderApp("/blocklist");
    expect(await screen.findByRole("heading", ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
    expect(gateway.callsOf("allBlocklistEntries")).toHaveLength(0);
    expect(screen.queryByText("You are not allowed to do this")).toBeNull();
  });

  it("gets the forbidden page on a presale's Manage Sale", async () => {
    renderApp("/ManageSale/0x00000000000000000000000000000000000000aa");
    expect(await screen.findByRole("heading", ACCESS_DENIED)).toBeInTheDocument();
  });

  it("gets the forbidden page on LaunchPad too", async () => {
    renderApp("/LaunchPad");
    expect(await screen.findByRole("heading", ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add LaunchPad" })).toBeNull();
    expect(gateway.callsOf("allLaunchPads")).toHaveLength(0);
  });
});

describe("a viewer", () => {
  beforeEach(() => signIn("vic", 3600, "viewer"));

  it("sees no Add, Edit or Delete, and the eye shows the state without acting", async () => {
    seedNews();
    renderApp("/News");
    const row = await newsRow();
    expect(screen.getByRole("button", { name: "Excel" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add News" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(row).getByRole("button", { name: "Hide" })).toBeDisabled();
  });

  it("sees the LaunchPad list without its Add, Edit (Manage Sale) and Delete buttons", async () => {
    gateway.seed("LaunchPad", [
      { pid: 1, presaleAddress: "0x00000000000000000000000000000000000000aa", tokenAddress: "0x00000000000000000000000000000000000000bb" },
    ]);
    renderApp("/LaunchPad");
    const row = (await screen.findByText("0x00000000000000000000000000000000000000aa")).closest("tr")!;
    expect(within(row).queryByRole("link", { name: "Edit" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add LaunchPad" })).toBeNull();
  });

  it("gets the forbidden page at /Users/create", async () => {
    renderApp("/Users/create");
    expect(await screen.findByRole("heading", ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/Dashboard");
    expect(gateway.callsOf("allUsers")).toHaveLength(0);
  });

  it("gets the forbidden page where it may read but not add", async () => {
    seedNews();
    renderApp("/News/create");
    expect(await screen.findByRole("heading", ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByText("Staking v2 is live")).toBeNull();
  });
});

describe("a token the gateway refuses", () => {
  it("signs out when `me` answers UNAUTHENTICATED, though the screen would ask nothing", async () => {
    signIn("vic", 3600, "viewer");
    gateway.failNext("me", { message: "Not signed in", code: "UNAUTHENTICATED", status: 401 });
    renderApp("/Users");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByText("Your session has expired. Please sign in again.")).toBeInTheDocument();
  });

  it("signs out when `me` knows no user for the token (the gateway answers null)", async () => {
    signIn("vic", 3600, "viewer");
    gateway.answer("me", () => null);
    renderApp("/Users");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("administrators", () => {
  it("a second administrator not named admin has Admin, Sign-ins and Activity", async () => {
    signIn("Alice", 3600, "admin");
    renderApp("/Dashboard");
    const entries = await menuEntries();
    for (const entry of ["Admin", "Sign-ins", "Activity"]) expect(entries).toContain(entry);
    expect(await screen.findByRole("link", { name: /^Users/ })).toHaveAttribute("href", "/Users");
  });

  it("a user named admin whose role is not admin has no Admin entry", async () => {
    signIn("admin", 3600, "viewer");
    renderApp("/Dashboard");
    expect(await menuEntries()).not.toContain("Admin");
  });
});

describe("a sale operator", () => {
  beforeEach(() => signIn("sam", 3600, "sale-operator"));

  it("has LaunchPad, Blocklist, Transactions and Safe transactions and reads the content without writing it", async () => {
    renderApp("/News");
    expect(await menuEntries()).toEqual([
      "Dashboard",
      "LaunchPad",
      "Blocklist",
      "Landing",
      "News",
      "News Description",
      "Latest Articles",
      "Transactions",
      "Safe transactions",
      "Security",
      "Logout",
    ]);
  });

  it("reads news without Add, Edit, Delete or the exports", async () => {
    seedNews();
    renderApp("/News");
    const row = await newsRow();
    expect(screen.queryByRole("button", { name: "Add News" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excel" })).toBeNull();
  });

  it("adds presales and manages them", async () => {
    gateway.seed("LaunchPad", [
      { pid: 1, presaleAddress: "0x00000000000000000000000000000000000000aa", tokenAddress: "0x00000000000000000000000000000000000000bb" },
    ]);
    renderApp("/LaunchPad");
    const row = (await screen.findByText("0x00000000000000000000000000000000000000aa")).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add LaunchPad" })).toBeInTheDocument();
  });
});

describe("a custom role", () => {
  it("shows exactly its grid: news read and update, nothing else", async () => {
    gateway.permissions = grid("News:ru");
    signIn("cora", 3600, "news-desk");
    seedNews();
    renderApp("/News");
    const row = await newsRow();
    expect(within(row).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add News" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excel" })).toBeNull();
    expect(await menuEntries()).toEqual(["Dashboard", "News", "Security", "Logout"]);
  });
});
