import path from "path";
import { readSheet } from "read-excel-file/node";
import {
  baseUrl,
  dialog,
  download,
  eventually,
  graphql,
  imageLoaded,
  IMAGES,
  open,
  publishScreenshot,
  row,
  setFile,
  shot,
  submitDialog,
} from "./browser";
import { asFile, browser, count, deleteRow, expectDisabled, toast } from "./screensSession";

/** The dashboard, the side menu, and the users, news and article screens, each added to, updated and deleted from. */
export function contentScreens() {
  it("Dashboard: cards to /Users, /setting, /LaunchPad and /about", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/dashboard`);
    // The seeded settings; other e2e files may have added launchpads by now.
    await page.getByRole("link", { name: /^Settings 4 records/ }).waitFor();
    for (const [name, href] of [
      ["Users", "/Users"],
      ["Settings", "/setting"],
      ["LaunchPad", "/LaunchPad"],
      ["About", "/about"],
    ]) {
      expect(await page.getByRole("link", { name: new RegExp(`^${name}`) }).getAttribute("href")).toBe(href);
    }
    publishScreenshot(await shot(page, "04-dashboard"));
  });

  it("Side menu: Landing opens the group of every landing screen, by click and keyboard, and keeps it open", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/dashboard`);
    const menu = page.getByRole("menu");
    const landing = menu.getByRole("menuitem", { name: "Landing", exact: true }).and(page.locator("[aria-expanded]"));
    await landing.click();
    await menu.getByRole("menuitem", { name: "Contact Us" }).waitFor();
    const links = await menu
      .locator("a[role=menuitem]")
      .evaluateAll((items) => items.map((item) => `${item.textContent} ${item.getAttribute("href")}`));
    const group = links.slice(links.indexOf("Landing /home"), links.indexOf("News /news"));
    expect(group).toEqual([
      "Landing /home",
      "Settings /setting",
      "Home /about",
      "Image Text Edit /feature",
      "Road More /featruedes",
      "Load More /roadmap",
      "Farms /farms",
      "Home Page /homepages",
      "Home Image /homeimage",
      "Contact Us /contactus",
      "Latest Articles1 Image /articles1",
      "Latest Articles2 Image /articles2",
      "Latest Articles3 Image /articles3",
      "Latest Articles4 Image /articles4",
    ]);
    await menu.getByRole("menuitem", { name: "Contact Us" }).click();
    await page.waitForURL(/\/contactus$/);
    await page.locator("table, .RaList-main").first().waitFor();
    await page.reload();
    expect(await landing.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Contact Us" }).getAttribute("aria-current")).toBe("page");
    await landing.focus();
    await page.keyboard.press("ArrowLeft");
    await menu.getByRole("menuitem", { name: "Contact Us" }).waitFor({ state: "detached" });
    await page.keyboard.press("Enter");
    await menu.getByRole("menuitem", { name: "Farms" }).waitFor();
    await page.keyboard.press("Space");
    await menu.getByRole("menuitem", { name: "Farms" }).waitFor({ state: "detached" });
  });

  it("Users: add, update, delete", async () => {
    const { page } = browser;
    await open(page, "/Users");
    await row(page, "admin@example.com").waitFor();
    await page.getByRole("button", { name: "Add User" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Name").fill("frank");
    await modal.getByLabel("Email").fill("frank@example.com");
    await modal.getByLabel("Password", { exact: true }).fill("frank-pass-1");
    await modal.getByLabel("Confirm Password").fill("frank-pass-1");
    await submitDialog(page, "Add");
    await row(page, "frank@example.com").waitFor();
    await row(page, "frank@example.com").getByRole("button", { name: "Edit" }).click();
    await expectDisabled(modal.getByLabel("Name"));
    await modal.getByLabel("Email").fill("frank@example.org");
    await submitDialog(page, "Update");
    await row(page, "frank@example.org").waitFor();
    await shot(page, "05-users");
    await deleteRow("frank@example.org");
    await eventually(async () => expect(await count('_allUsersMeta(filter: { q: "frank" })')).toBe(0));
  });

  it("News: add with an image shown in the list, update, hide/show, delete", async () => {
    const { page } = browser;
    await open(page, "/news");
    await page.getByRole("button", { name: "Add News" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Heading").fill("E2E news item");
    await modal.getByLabel("Description").fill("Written by the browser test");
    // Checked at selection with the gateway's message; the hint names what each operation takes.
    await modal.getByText("Takes PNG, JPG, WEBP, GIF, SVG when added; an update takes only PNG, SVG").waitFor();
    await setFile(modal, asFile("news.png", "notes.txt"));
    await toast("Allowed Only PNG, JPG, WEBP, GIF, SVG File");
    await modal.getByText("No file chosen").waitFor();
    await setFile(modal, path.join(IMAGES, "news.png"));
    await submitDialog(page, "Add");
    const added = row(page, "E2E news item");
    expect(await imageLoaded(added.locator("img"))).toBeGreaterThan(0);
    const src = await added.locator("img").getAttribute("src");
    expect((await fetch(src!)).status).toBe(200);

    await added.getByRole("button", { name: "Edit" }).click();
    await modal.getByText("An update takes only PNG, SVG (adding takes PNG, JPG, WEBP, GIF, SVG)").waitFor();
    await setFile(modal, asFile("news.png", "wrong-type.jpg"));
    await toast("Allowed Only PNG File");
    await setFile(modal, path.join(IMAGES, "logo.svg"));
    await modal.getByLabel("Heading").fill("E2E news item, updated");
    await submitDialog(page, "Update");
    const updated = row(page, "E2E news item, updated");
    await updated.waitFor();
    expect(await updated.locator("img").getAttribute("src")).toMatch(/\.svg$/);

    await updated.getByRole("button", { name: "Hide" }).click();
    await updated.getByRole("button", { name: "Show" }).waitFor();
    const hidden = await graphql(
      page,
      `
        {
          allNews(filter: { q: "E2E news item" }) {
            visible
          }
        }
      `,
    );
    expect(hidden.allNews[0].visible).toBe(false);
    await updated.getByRole("button", { name: "Show" }).click();
    await updated.getByRole("button", { name: "Hide" }).waitFor();
    await shot(page, "06-news");

    await deleteRow("E2E news item, updated");
    await eventually(async () => expect(await count('_allNewsMeta(filter: { q: "E2E news item" })')).toBe(0));
  });

  it("Lists: server paging with 10/20/50 rows, filter, Excel, CSV and print of every matching row", async () => {
    const { page } = browser;
    for (let i = 1; i <= 12; i++) {
      await graphql(
        page,
        `
          mutation ($h: String) {
            createNews(heading: $h, description: "bulk") {
              id
            }
          }
        `,
        { h: `Bulk news ${String(i).padStart(2, "0")}` },
      );
    }
    // DataTables' filter finds a term inside a word: "pha" finds this one, and no bulk row.
    const { createNews: alpha } = await graphql(
      page,
      `
        mutation {
          createNews(heading: "Alpha item", description: "e2e") {
            id
          }
        }
      `,
    );
    const total = await count("_allNewsMeta");
    await open(page, "/News");
    await page.getByText(`Showing 1 to 10 of ${total} records`).waitFor();
    const lastStart = Math.floor((total - 1) / 10) * 10 + 1;
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} records`).waitFor();
    await page.getByRole("button", { name: "First" }).click();
    await page.getByText(`Showing 1 to 10 of ${total} records`).waitFor();
    await page.getByRole("button", { name: "Last" }).click();
    await page.getByText(`Showing ${lastStart} to ${total} of ${total} records`).waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(`Showing ${lastStart - 10} to ${lastStart - 1} of ${total} records`).waitFor();
    await page.getByRole("combobox").click();
    await page.getByRole("option", { name: "20" }).click();
    await page.getByText(`Showing 1 to ${Math.min(20, total)} of ${total} records`).waitFor();

    await page.getByPlaceholder("Filter in records...").fill("pha");
    await page.getByText("Showing 1 to 1 of 1 records").waitFor();
    await row(page, "Alpha item").waitFor();
    await graphql(
      page,
      `
        mutation ($id: ID!) {
          deleteNews(id: $id) {
            id
          }
        }
      `,
      { id: alpha.id },
    );

    await page.getByPlaceholder("Filter in records...").fill("Bulk news");
    await page.getByText("Showing 1 to 12 of 12 records").waitFor();

    const xlsx = await download(page, () => page.getByRole("button", { name: "Excel" }).click());
    expect(xlsx.name).toBe("Forms.xlsx");
    const sheet = await readSheet(xlsx.content);
    expect(sheet[0]).toEqual(["S.No", "Image", "Heading"]);
    expect(sheet).toHaveLength(13);
    expect(
      sheet
        .slice(1)
        .map((r) => r[2])
        .sort()[0],
    ).toBe("Bulk news 01");

    const csv = await download(page, () => page.getByRole("button", { name: "CSV" }).click());
    expect(csv.name).toBe("Forms.csv");
    const lines = csv.content.toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("S.No,Image,Heading");
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^1,,Bulk news \d\d$/);

    await page.getByRole("button", { name: "Print" }).click();
    await eventually(async () => expect(await page.evaluate(() => (window as unknown as { __printCalls: number }).__printCalls)).toBe(1));
    expect(await page.title()).toBe("Forms");
    expect(await page.locator(".print-area tbody tr").count()).toBe(12);
    await page.emulateMedia({ media: "print" });
    await shot(page, "06b-news-print");
    await page.emulateMedia({ media: "screen" });
  });

  it("News Description: add with rich text, 'Youtube Link' and Vimeo Link; hide; update; delete", async () => {
    const { page } = browser;
    await open(page, "/newsdescription");
    await page.getByRole("button", { name: "Add News Description" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Title").fill("E2E story");
    await modal.getByLabel("Heading").fill("Told in a browser");
    await modal.locator(".ProseMirror").first().click();
    await page.keyboard.type("Rich text from the browser");
    await modal.getByLabel("Youtube Link").fill("https://www.youtube.com/watch?v=e2e");
    await modal.getByLabel("Vimeo Link").fill("https://vimeo.com/123");
    await setFile(modal, path.join(IMAGES, "presale.png"));
    await submitDialog(page, "Add");
    const added = row(page, "E2E story");
    expect(await imageLoaded(added.locator("img"))).toBeGreaterThan(0);
    const stored = await graphql(
      page,
      `
        {
          allNewsDescriptions(filter: { q: "E2E story" }) {
            description
            newsLink
            vimeoLink
          }
        }
      `,
    );
    expect(stored.allNewsDescriptions[0]).toMatchObject({
      newsLink: "https://www.youtube.com/watch?v=e2e",
      vimeoLink: "https://vimeo.com/123",
    });
    expect(stored.allNewsDescriptions[0].description).toContain("Rich text from the browser");
    await added.getByRole("button", { name: "Hide" }).click();
    await added.getByRole("button", { name: "Show" }).waitFor();
    await added.getByRole("button", { name: "Edit" }).click();
    await modal.getByLabel("Title").fill("E2E story, edited");
    await submitDialog(page, "Update");
    await row(page, "E2E story, edited").waitFor();
    await shot(page, "07-newsdescription");
    await deleteRow("E2E story, edited");
  });

  it("Latest Articles: add (Heading sent as Title), four blocks, hide, update, delete", async () => {
    const { page } = browser;
    await open(page, "/articles");
    await page.getByRole("button", { name: "Add Latest Article" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Title").fill("E2E article");
    await modal.locator(".ProseMirror").nth(0).click();
    await page.keyboard.type("First block");
    await modal.locator(".ProseMirror").nth(3).click();
    await page.keyboard.type("Fourth block");
    await modal.getByLabel("Youtube Link 2").fill("https://youtu.be/two");
    await modal.getByLabel("Vimeo Link 4").fill("https://vimeo.com/4");
    await submitDialog(page, "Add");
    const added = row(page, "E2E article");
    expect(await added.locator("td").nth(3).innerText()).toBe("E2E article"); // Heading = Title
    const stored = await graphql(
      page,
      `
        {
          allArticles(filter: { q: "E2E article" }) {
            heading
            description
            description3
            newsLink1
            vimeoLink3
          }
        }
      `,
    );
    expect(stored.allArticles[0]).toMatchObject({
      heading: "E2E article",
      newsLink1: "https://youtu.be/two",
      vimeoLink3: "https://vimeo.com/4",
    });
    expect(stored.allArticles[0].description3).toContain("Fourth block");
    await added.getByRole("button", { name: "Hide" }).click();
    await added.getByRole("button", { name: "Show" }).waitFor();
    await added.getByRole("button", { name: "Edit" }).click();
    await modal.getByLabel("Heading").fill("E2E heading");
    await submitDialog(page, "Update");
    await row(page, "E2E heading").waitFor();
    await shot(page, "08-articles");
    await deleteRow("E2E heading");
  });

  it("Latest Articles1 to 4 Image: add, update and delete an image per list", async () => {
    const { page } = browser;
    for (const slot of [1, 2, 3, 4]) {
      await open(page, `/Articles${slot}`);
      await page.getByText(`Latest Articles${slot} Image`).first().waitFor();
      const before = await page.locator("tbody tr").count();
      await page.getByRole("button", { name: "Add Image" }).click();
      const modal = dialog(page);
      await modal.getByRole("heading", { name: "Add Image" }).waitFor();
      await modal.getByText(`Add Article${slot} Image`).waitFor();
      await setFile(modal, path.join(IMAGES, "farms.png"));
      await submitDialog(page, "Add");
      await eventually(async () => expect(await page.locator("tbody tr").count()).toBe(before + 1));
      const last = page.locator("tbody tr").last();
      expect(await last.locator("img").getAttribute("width")).toBe("50");
      expect(await imageLoaded(last.locator("img"))).toBeGreaterThan(0);
      if (slot === 1) {
        await last.getByRole("button", { name: "Edit" }).click();
        await modal.getByRole("heading", { name: "Update Image" }).waitFor();
        await setFile(modal, path.join(IMAGES, "roadmap.png"));
        await submitDialog(page, "Update");
        await eventually(async () => expect(await last.locator("img").getAttribute("src")).not.toBe(null));
      }
      await shot(page, `09-articles${slot}`);
      await last.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("button", { name: "Undo" }).waitFor();
      await eventually(async () => expect(await count(`_allArticleImagesMeta(filter: { slot: ${slot} })`)).toBe(before), 60_000);
    }
  });
}
