import { act, screen, waitFor, within } from "@testing-library/react";
import { ADMIN_SECTIONS, isAdminPath } from "../src/routes";
import { setupUser } from "./support/helpers";
import { renderApp, signIn } from "./support/render";
import { gateway } from "./support/setup";

const PROTECTED_ROUTES = [
  "/Dashboard",
  "/Users",
  "/featruedes",
  "/Articles",
  "/Feature",
  "/Stake",
  "/ManageSale/0xabc",
  "/ManageSale",
  "/LaunchPad",
  "/About",
  "/Home",
  "/Homepages",
  "/Homeimage",
  "/Setting",
  "/News",
  "/Newsdescription",
  "/ContactUs",
  "/Articles1",
  "/Articles2",
  "/Articles3",
  "/Articles4",
  "/blocklist",
];
const SIDEBAR = ["/dashboard", "/users", "/launchpad", "/blocklist", "/home", "/news", "/newsdescription", "/articles"];

describe("routes", () => {
  it("knows every protected route and the sidebar's lower-case forms", () => {
    for (const route of [...PROTECTED_ROUTES, ...SIDEBAR, "/setting", "/about"]) expect(isAdminPath(route)).toBe(true);
    for (const route of ["/", "/login", "/register", "/nothing", "/Articles5"]) expect(isAdminPath(route)).toBe(false);
    expect(ADMIN_SECTIONS).not.toContain("IpWhitelist");
  });

  it("sends an unauthenticated user from a protected route to /login", async () => {
    renderApp("/News");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(gateway.callsOf("allNews")).toHaveLength(0);
  });

  it("shows the sign-in screen at / too", async () => {
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Login" })).toBeInTheDocument();
  });

  it("shows 'Not Found' for an unknown route", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Not Found" })).toBeInTheDocument();
  });

  it("sends a signed-in user from /login to the dashboard", async () => {
    signIn();
    renderApp("/login");
    expect(await screen.findByText("Welcome to the back-office")).toBeInTheDocument();
  });

  it("signs out an expired token at start and says why", async () => {
    signIn("admin", -30);
    renderApp("/Dashboard");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(await screen.findByText("Your session has expired. Please sign in again.")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("signs out when the gateway answers UNAUTHENTICATED", async () => {
    signIn();
    gateway.failNext("allNews", { message: "Not signed in", code: "UNAUTHENTICATED", status: 401 });
    renderApp("/news");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("reaches the same screen by the lower-case sidebar link", async () => {
    signIn();
    gateway.seed("LandingBlock", [{ identifier: "landing_banner01", pageName: "Home", title: "Stake smarter", visible: true }]);
    renderApp("/home");
    expect(await screen.findByText("Stake smarter")).toBeInTheDocument();
    expect(screen.getAllByText("Landing").length).toBeGreaterThan(0);
  });

  it("shows the chain placeholders with the presale address", async () => {
    signIn();
    renderApp("/ManageSale/0x1234");
    expect(await screen.findByText(/0x1234/)).toBeInTheDocument();
    expect(screen.getAllByText("Manage Sale").length).toBeGreaterThan(0);
  });
});

describe("layout", () => {
  it("has the top bar with 'Logout (name)' and the menu with Admin for an administrator", async () => {
    signIn("admin");
    renderApp("/Dashboard");
    expect(await screen.findByRole("button", { name: "Logout (admin)" })).toBeInTheDocument();
    const menu = screen.getByRole("menu");
    await within(menu).findByRole("menuitem", { name: "Admin" });
    const labels = within(menu)
      .getAllByRole("menuitem")
      .map((i) => i.textContent);
    expect(labels).toEqual([
      "Dashboard",
      "Admin",
      "Roles",
      "LaunchPad",
      "Blocklist",
      "Landing",
      "News",
      "News Description",
      "Latest Articles",
      "Transactions",
      "Safe transactions",
      "Sign-ins",
      "Activity",
      "API tokens",
      "Webhooks",
      "Security",
      "Logout",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "Landing" })).toHaveAttribute("aria-expanded", "false");
  });

  it("opens Landing's group of every landing screen, by click or keyboard, and remembers it open", async () => {
    const user = setupUser();
    signIn("admin");
    const { unmount } = renderApp("/Dashboard");
    const menu = screen.getByRole("menu");
    const landing = await within(menu).findByRole("menuitem", { name: "Landing" });
    await user.click(landing);
    expect(landing).toHaveAttribute("aria-expanded", "true");
    const links = () =>
      within(menu)
        .getAllByRole("menuitem")
        .filter((item) => item.hasAttribute("href"))
        .map((item) => [item.textContent, item.getAttribute("href")]);
    const group = links().slice(links().findIndex(([, href]) => href === "/home"));
    expect(group.slice(0, 14)).toEqual([
      ["Landing", "/home"],
      ["Settings", "/setting"],
      ["Home", "/about"],
      ["Image Text Edit", "/feature"],
      ["Road More", "/featruedes"],
      ["Load More", "/roadmap"],
      ["Farms", "/farms"],
      ["Home Page", "/homepages"],
      ["Home Image", "/homeimage"],
      ["Contact Us", "/contactus"],
      ["Latest Articles1 Image", "/articles1"],
      ["Latest Articles2 Image", "/articles2"],
      ["Latest Articles3 Image", "/articles3"],
      ["Latest Articles4 Image", "/articles4"],
    ]);
    expect(group[14]).toEqual(["News", "/news"]);
    unmount();
    renderApp("/Dashboard");
    const again = await within(screen.getByRole("menu")).findByRole("menuitem", { name: "Landing", expanded: true });
    act(() => again.focus());
    await user.keyboard("{ArrowLeft}");
    expect(again).toHaveAttribute("aria-expanded", "false");
    expect(within(screen.getByRole("menu")).queryByRole("menuitem", { name: "Contact Us" })).toBeNull();
    await user.keyboard("{Enter}");
    expect(again).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveAttribute("href", "/home");
  });

  it("shows Landing's group open on a landing screen's deep link", async () => {
    signIn("admin");
    renderApp("/setting");
    const menu = screen.getByRole("menu");
    expect(await within(menu).findByRole("menuitem", { name: "Landing", expanded: true })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/setting");
  });

  it("hides Admin from a role that may not read users and shows 'Admin' when no name is stored", async () => {
    signIn("editor1", 3600, "editor");
    localStorage.removeItem("name");
    renderApp("/Dashboard");
    expect(await screen.findByRole("button", { name: "Logout (Admin)" })).toBeInTheDocument();
    await within(screen.getByRole("menu")).findByRole("menuitem", { name: "News" });
    expect(within(screen.getByRole("menu")).queryByRole("menuitem", { name: "Admin" })).toBeNull();
  });

  it("logs out from the top bar", async () => {
    const user = setupUser();
    signIn();
    renderApp("/Dashboard");
    await user.click(await screen.findByRole("button", { name: "Logout (admin)" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("shows dashboard cards linking to /Users, /setting, /LaunchPad and /about", async () => {
    signIn();
    gateway.seed("Setting", [{ name: "a" }, { name: "b" }]);
    renderApp("/Dashboard");
    expect(await screen.findByText("2 records")).toBeInTheDocument();
    const hrefs = ["Users", "Settings", "LaunchPad", "About"].map((n) =>
      screen.getByRole("heading", { name: n }).closest("a")?.getAttribute("href"),
    );
    expect(hrefs).toEqual(["/Users", "/setting", "/LaunchPad", "/about"]);
  });

  it("signs out when the token expires on an open screen", async () => {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
    try {
      signIn("admin", 5);
      renderApp("/Dashboard");
      await screen.findByRole("button", { name: "Logout (admin)" });
      await act(async () => {
        jest.advanceTimersByTime(7000);
      });
      await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });
});
