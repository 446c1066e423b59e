import { screen, waitFor, within } from "@testing-library/react";
import { LIST_OPERATION_NAMES } from "../../src/providers/dataProvider";
import { SCREENS } from "../../src/registry";
import { newsTable } from "../../src/resources/News/table";
import { firstPageQuery, listParams, listQueryOf } from "../../src/ui/firstPage";
import { renderApp, signIn } from "../support/render";
import { phoneWidth } from "../support/phoneWidth";
import { gateway } from "../support/setup";

/** The News list's code never finishes loading here: what shows is the shell's alone. */
jest.mock("../../src/resources/News/NewsList", () => ({
  NewsList: () => {
    throw new Promise(() => {});
  },
}));

describe("the list parameters the shell asks with (as react-admin will)", () => {
  afterEach(() => localStorage.clear());

  it("takes the link's, else those the browser stored for the list, else the list's own", () => {
    expect(listParams("News", newsTable, "")).toEqual({ filter: {}, sort: "createdAt", order: "DESC", page: 1, perPage: 10 });
    const link = `?${new URLSearchParams({ filter: JSON.stringify({ q: "staking" }), sort: "heading", order: "ASC", page: "2", perPage: "20" })}`;
    expect(listParams("News", newsTable, link)).toEqual({ filter: { q: "staking" }, sort: "heading", order: "ASC", page: 2, perPage: 20 });

    localStorage.setItem("RaStore.News.listParams", JSON.stringify({ filter: {}, sort: "heading", order: "ASC", page: 3, perPage: 50 }));
    expect(listParams("News", newsTable, "")).toEqual({ filter: {}, sort: "heading", order: "ASC", page: 3, perPage: 50 });
    // A link with any parameter wins over what was stored (an Activity link to a record: ?edit=5).
    expect(listParams("News", newsTable, "?edit=5")).toEqual({ filter: {}, sort: "createdAt", order: "DESC", page: 1, perPage: 10 });
    // What react-admin stores before anything was chosen is its start: the list's own order applies.
    localStorage.setItem("RaStore.News.listParams", JSON.stringify({ filter: {}, sort: null, order: null, page: 1, perPage: null }));
    expect(listParams("News", newsTable, "")).toEqual({ filter: {}, sort: "createdAt", order: "DESC", page: 1, perPage: 10 });
  });

  it("names every registry type's list query as the gateway's schema does", () => {
    const types = [...new Set(SCREENS.flatMap((s) => (s.type ? [s.type] : [])))];
    expect(types.length).toBeGreaterThan(10);
    for (const type of types) expect([type, listQueryOf(type)]).toEqual([type, LIST_OPERATION_NAMES.GET_LIST({ name: type })]);
  });
});

describe("a phone's link to a list (390 px)", () => {
  const wide = window.matchMedia;
  beforeEach(() => phoneWidth());
  afterEach(() => {
    window.matchMedia = wide;
  });

  it("asks every list that declares its table for fields, an order and a filter the gateway's schema has", async () => {
    signIn();
    const tables = SCREENS.filter((s) => s.table);
    expect(tables.map((s) => s.route)).toEqual(expect.arrayContaining(["News", "About", "Articles", "Setting"]));
    for (const { route, type, table } of tables) {
      gateway.seed(type!, [Object.fromEntries(table!.columns.flatMap((c) => (c.source ? [[c.source, `${route} ${c.key}`]] : [])))]);
      const page = await firstPageQuery(SCREENS, `/${route}`, "")!.load();
      expect([route, page.rows.length]).toEqual([route, 1]);
    }
    // Not at a table's route, nor wider than a phone.
    expect(firstPageQuery(SCREENS, "/Users", "")).toBeUndefined();
    window.matchMedia = wide;
    expect(firstPageQuery(SCREENS, "/News", "")).toBeUndefined();
  });

  it("shows the first page's rows, newest first with their thumbnails, before the list's code has loaded", async () => {
    gateway.seed(
      "News",
      Array.from({ length: 12 }, (_, n) => ({
        heading: `Item ${String(n).padStart(2, "0")}`,
        imageUri: n === 11 ? "latest.png" : null,
        visible: true,
        createdAt: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
      })),
    );
    signIn();
    renderApp("/News");
    const page = await screen.findByRole("status", { name: "Loading" });
    await waitFor(() => expect(within(page).getAllByRole("listitem")).toHaveLength(10));
    const headings = within(page)
      .getAllByRole("listitem")
      .map((row) => row.querySelector("[elementtiming]")?.textContent);
    expect(headings).toEqual(Array.from({ length: 10 }, (_, n) => `Item ${String(11 - n).padStart(2, "0")}`));
    expect(within(page).getByAltText("latest.png")).toHaveAttribute("width", "50");
    // The rows are a preview: nothing in them acts yet.
    expect(within(page).queryAllByRole("button")).toEqual([]);
  });
});
