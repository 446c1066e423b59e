import { eventually, open } from "./browser";
import { LISTS } from "./screenList";
import { browser } from "./screensSession";

/** Every list sorted by each of its columns, on the server, and a reload keeping the sort. */
export function sortingEveryList() {
  it("sorts every list by each column with an arrow, on the server, and a reload keeps the sort", async () => {
    const { page } = browser;
    // A list request the gateway refuses (a column it does not sort by) shows up here.
    const refused: string[] = [];
    const onResponse = async (response: import("playwright-core").Response) => {
      if (!response.url().endsWith("/graphql") || !/sortField/.test(response.request().postData() ?? "")) return;
      const body = await response.text().catch(() => "");
      if (/"errors"/.test(body)) refused.push(`${page.url()}: ${body.slice(0, 300)}`);
    };
    page.on("response", onResponse);
    try {
      await open(page, "/News");
      for (const route of LISTS) {
        // Inside the app (no page load): the list asks for its first page; a table shows when it has rows.
        // The list's own page (a pager size: ui/ListPagination's PAGE_SIZES), not another read of the screen
        // (Transactions' presale choices, 1,000 at a time; Farms' home block, 1).
        const listed = page.waitForResponse(
          (r) =>
            r.url().endsWith("/graphql") &&
            /sortField/.test(r.request().postData() ?? "") &&
            /"perPage":(10|20|50)[,}]/.test(r.request().postData() ?? ""),
        );
        await page.evaluate((path) => {
          window.history.pushState({}, "", path);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, `/${route}`);
        const { data } = await (await listed).json();
        if (data?.items?.length)
          await page
            .locator("tbody tr")
            .first()
            .waitFor()
            .catch((error: Error) => {
              throw new Error(`/${route}: ${data.items.length} row(s) answered, none shown: ${error.message}`);
            });
        const arrows = page.locator("thead .MuiTableSortLabel-root");
        const total = await arrows.count();
        for (let i = 0; i < total; i++) {
          // Each press is a sort not yet asked for on this page: the list asks the gateway.
          const answered = page.waitForResponse((r) => r.url().endsWith("/graphql") && /sortField/.test(r.request().postData() ?? ""));
          await arrows.nth(i).click();
          await answered;
          await eventually(async () => expect(await arrows.nth(i).getAttribute("class")).toContain("Mui-active"));
        }
      }
    } finally {
      page.off("response", onResponse);
    }
    expect(refused).toEqual([]);

    await open(page, "/News");
    const heading = page.locator("thead th", { hasText: "Heading" }).locator(".MuiTableSortLabel-root");
    // The list may open sorted by Heading already (the loop above sorted it): the press changes the address either way.
    const before = page.url();
    // Answered before the reload: a request still in flight then would be the old page's, its body gone.
    const sortAnswered = page.waitForResponse(
      (r) => r.url().endsWith("/graphql") && /"sortField":"heading"/.test(r.request().postData() ?? ""),
    );
    await heading.click();
    await sortAnswered;
    await eventually(() => {
      expect(page.url()).not.toBe(before);
      expect(page.url()).toMatch(/sort=heading/);
    });
    const order = new URL(page.url()).searchParams.get("order");
    // After a reload the list asks the gateway for the same sort, and shows its rows in the order answered.
    const reloaded = page.waitForResponse(
      (r) => r.url().endsWith("/graphql") && /"perPage":(10|20|50)[,}]/.test(r.request().postData() ?? ""),
    );
    await page.reload();
    const response = await reloaded;
    expect(JSON.parse(response.request().postData() ?? "{}").variables).toMatchObject({ sortField: "heading", sortOrder: order });
    const headings = ((await response.json()).data.items as { heading: string }[]).map((item) => item.heading.replace(/<[^>]*>/g, ""));
    expect(new URL(page.url()).searchParams.get("sort")).toBe("heading");
    expect(new URL(page.url()).searchParams.get("order")).toBe(order);
    expect(await heading.getAttribute("class")).toContain(`direction${order === "DESC" ? "Desc" : "Asc"}`);
    expect(await heading.getAttribute("class")).toContain("Mui-active");
    await eventually(async () => {
      const rows = await page.locator("tbody tr").allTextContents();
      expect(rows.length).toBe(headings.length);
      headings.forEach((text, index) => expect(rows[index]).toContain(text));
    });
  });
}
