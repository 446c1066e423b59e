import { act, screen, within } from "@testing-library/react";
import { renderApp, signIn } from "../support/render";

/** Whether the open sales' module (and so the chain layer it imports) has been loaded. */
let openSalesLoaded = false;
jest.mock("../../src/saleInsight/OpenSales", () => {
  openSalesLoaded = true;
  return { __esModule: true, default: () => <p>Open sales here</p> };
});

/** The News list's module: a screen whose code never finishes loading (it suspends for good). */
jest.mock("../../src/resources/News/NewsList", () => ({
  NewsList: () => {
    throw new Promise(() => {});
  },
}));

/** IntersectionObserver, which jsdom lacks: the test says when the watched place comes into view. */
const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
class FakeObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push({ callback: this.callback, target });
  }
  disconnect() {}
}
const scrollIntoView = () =>
  act(() => {
    for (const { callback, target } of observed) {
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

beforeEach(() => {
  observed.length = 0;
  openSalesLoaded = false;
  Object.defineProperty(window, "IntersectionObserver", { value: FakeObserver, configurable: true, writable: true });
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe("the instant shell", () => {
  it("shows the app bar and the menu while a screen's code is still loading", async () => {
    signIn();
    renderApp("/News");
    const menu = await screen.findByRole("menuitem", { name: "News" });
    expect(menu).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByRole("button", { name: "Logout (admin)" })).toBeInTheDocument();
    // The screen's place holds the loading spinner meanwhile.
    expect(screen.getAllByRole("progressbar").length).toBeGreaterThan(0);
  });

  it("loads the Dashboard's open sales (and their chain code) only once their place is in view", async () => {
    signIn();
    renderApp("/Dashboard");
    await screen.findByText("Welcome to the back-office");
    await screen.findByTestId("when-visible");
    expect(openSalesLoaded).toBe(false);
    scrollIntoView();
    expect(await screen.findByText("Open sales here")).toBeInTheDocument();
    expect(openSalesLoaded).toBe(true);
  });
});
