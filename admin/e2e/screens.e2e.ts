import { copyFileSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
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
  launch,
  open,
  publishScreenshot,
  row,
  setFile,
  shot,
  signIn,
  submitDialog,
  type Browser,
} from "./browser";
import { LISTS } from "./screenList";

let browser: Browser;
const tmp = mkdtempSync(path.join(tmpdir(), "presale-e2e-files-"));
/** A copy of a seeded image under another name (the type rules look at the name). */
const asFile = (image: string, name: string) => {
  const target = path.join(tmp, name);
  copyFileSync(path.join(IMAGES, image), target);
  return target;
};

beforeAll(async () => {
  browser = await launch();
  await signIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const toast = (text: string) => browser.page.getByText(text, { exact: true }).first().waitFor();

async function count(query: string) {
  const data = await graphql(browser.page, `{ total: ${query} { count } }`);
  return data.total.count as number;
}

async function deleteRow(text: string | RegExp) {
  await row(browser.page, text).getByRole("button", { name: "Delete" }).click();
  await browser.page.getByRole("button", { name: "Undo" }).waitFor();
  await row(browser.page, text).waitFor({ state: "detached" });
}

describe("every screen against the real gateway", () => {
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

  it("Landing: Status toggle, edit only while shown, fields per record, a block image upload", async () => {
    const { page } = browser;
    await open(page, "/home");
    const roadmap = row(page, "Roadmap").first();
    expect(await roadmap.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await roadmap.getByRole("button", { name: "Show" }).click();
    await roadmap.getByRole("button", { name: "Edit" }).waitFor();
    await roadmap.getByRole("button", { name: "Hide" }).click();
    await roadmap.getByRole("button", { name: "Show" }).waitFor();
    expect(await roadmap.getByRole("button", { name: "Edit" }).count()).toBe(0);

    const before = await graphql(
      page,
      `
        {
          allLandingBlocks(filter: { identifier: "landing_banner02" }) {
            id
            blocks {
              title
              description
              imageUri
            }
          }
        }
      `,
    );
    const launchpad = row(page, "Launchpad");
    await launchpad.getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    await expectDisabled(modal.getByLabel("Identifier"));
    await modal.getByLabel("Block 1 Title").fill("Pay in BNB or USDT");
    await setFile(modal.locator('[data-block="1"]'), asFile("roadmap.png", "block.svg"));
    await toast("Allowed Only JPG, WEBP, PNG File");
    await setFile(modal.locator('[data-block="1"]'), path.join(IMAGES, "roadmap.png"));
    await shot(page, "10b-landing-edit");
    await submitDialog(page, "Update");
    const after = await graphql(
      page,
      `
        {
          allLandingBlocks(filter: { identifier: "landing_banner02" }) {
            blocks {
              title
              description
              imageUri
            }
          }
        }
      `,
    );
    const [b0, b1] = after.allLandingBlocks[0].blocks;
    expect(b0.title).toBe("Pay in BNB or USDT");
    expect(b0.imageUri).toBe(before.allLandingBlocks[0].blocks[0].imageUri);
    expect(b1.imageUri).not.toBe(before.allLandingBlocks[0].blocks[1].imageUri);
    expect((await fetch(`${baseUrl()}/Images/${b1.imageUri}`)).status).toBe(200);

    const banner03 = page.locator("tbody tr").nth(2);
    await banner03.getByRole("button", { name: "Edit" }).click();
    await modal.getByLabel("Identifier").waitFor();
    expect(await modal.getByLabel("Title", { exact: true }).count()).toBe(0);
    expect(await modal.getByLabel("Description").count()).toBe(1);
    await modal.getByRole("button", { name: "Close" }).click();
    await shot(page, "10-landing");
  });

  it("Home (about): 'Add hometitle', edit in the Home modal, delete", async () => {
    const { page } = browser;
    await open(page, "/About");
    await page.getByRole("button", { name: "Add hometitle" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Title").fill("E2E home block");
    await modal.getByLabel("Heading").fill("Added by the browser");
    await modal.getByLabel("Description").fill("Description");
    await modal.getByLabel("Content").fill("Content");
    await submitDialog(page, "Add");
    await row(page, "E2E home block").getByRole("button", { name: "Edit" }).click();
    await modal.getByRole("heading", { name: "Home" }).waitFor();
    expect(await modal.getByLabel("Identifier").inputValue()).toBe("landing_banner01");
    await setFile(modal, path.join(IMAGES, "logo.svg"));
    await modal.getByLabel("Title").fill("E2E home block, edited");
    await submitDialog(page, "Update");
    expect(await imageLoaded(row(page, "E2E home block, edited").locator("img"))).toBeGreaterThan(0);
    await shot(page, "11-about");
    await deleteRow("E2E home block, edited");
  });

  it("Image Text Edit: update a feature with its image", async () => {
    const { page } = browser;
    await open(page, "/Feature");
    await row(page, "Provide liquidity").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    expect(await modal.getByLabel("Identifier").inputValue()).toBe("landing_banner02");
    await modal.getByLabel("Content").fill("Deposit fees fund the treasury");
    await setFile(modal, path.join(IMAGES, "staking.png"));
    await submitDialog(page, "Update");
    const stored = await graphql(
      page,
      `
        {
          allFeatures(filter: { q: "Provide liquidity" }) {
            content
          }
        }
      `,
    );
    expect(stored.allFeatures[0].content).toBe("Deposit fees fund the treasury");
    await shot(page, "12-feature");
  });

  it("Road More: update, and 'Add IP Address'", async () => {
    const { page } = browser;
    await open(page, "/featruedes");
    await row(page, "Road more").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    expect(await modal.getByLabel("Content").count()).toBe(0);
    await modal.getByLabel("Description").fill("No hidden fees, ever");
    await submitDialog(page, "Update");
    await page.getByRole("button", { name: "Add IP Address" }).click();
    await modal.getByLabel("IP Address").fill("203.0.113.9");
    await submitDialog(page, "Add");
    const ips = await graphql(
      page,
      `
        {
          allIpWhitelistEntries {
            address
          }
        }
      `,
    );
    expect(ips.allIpWhitelistEntries.map((e: { address: string }) => e.address)).toContain("203.0.113.9");
    await shot(page, "13-featruedes");
  });

  it("Roadmap 'Load More': description of at most 200 characters, 'Update Roadmap'", async () => {
    const { page } = browser;
    await open(page, "/Roadmap");
    await row(page, "Load more").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Description").fill("y".repeat(201));
    await modal.getByRole("button", { name: "Update Roadmap" }).click();
    await modal.getByText("Must be 200 characters or less").waitFor();
    await shot(page, "14b-roadmap-too-long");
    await modal.getByLabel("Description").fill("z".repeat(200));
    await submitDialog(page, "Update Roadmap");
    const stored = await graphql(
      page,
      `
        {
          allRoadmaps {
            description
          }
        }
      `,
    );
    expect(stored.allRoadmaps[0].description).toHaveLength(200);
    await shot(page, "14-roadmap");
  });

  it("Home Page and Home Image", async () => {
    const { page } = browser;
    await open(page, "/Homepages");
    await row(page, "Your gateway to DeFi").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    expect(await modal.getByLabel("Identifier").inputValue()).toBe("Landing_page2");
    await modal.getByLabel("Heading").fill("Stake, farm, launch");
    await submitDialog(page, "Update");
    await row(page, "Stake, farm, launch").waitFor();
    await shot(page, "15-homepages");

    await open(page, "/Homeimage");
    const before = await page.locator("tbody tr img").getAttribute("src");
    await page.locator("tbody tr").first().getByRole("button", { name: "Edit" }).click();
    await setFile(modal, asFile("home.png", "home.webp"));
    await toast("Allowed Only PNG File");
    await setFile(modal, path.join(IMAGES, "launchpad.png"));
    await submitDialog(page, "Update");
    await eventually(async () => expect(await page.locator("tbody tr img").getAttribute("src")).not.toBe(before));
    expect(await imageLoaded(page.locator("tbody tr img"))).toBeGreaterThan(0);
    await shot(page, "16-homeimage");
  });

  it("Settings: the value changes, the name cannot", async () => {
    const { page } = browser;
    await open(page, "/Setting");
    await row(page, "site_name").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    await expectDisabled(modal.getByLabel("Name"));
    await modal.getByLabel("Value").fill("Presale Staking (e2e)");
    await submitDialog(page, "Update");
    await row(page, "Presale Staking (e2e)").waitFor();
    await shot(page, "17-setting");
  });

  it("Contact Us: read-only messages with their local date-time", async () => {
    const { page } = browser;
    await open(page, "/ContactUs");
    const alice = row(page, "Alice Moreau");
    const stored = await graphql(
      page,
      `
        {
          allContactMessages(filter: { q: "Alice" }) {
            updatedAt
          }
        }
      `,
    );
    const shown = await page.evaluate((iso) => new Date(iso).toLocaleString(), stored.allContactMessages[0].updatedAt);
    await alice.getByText(shown).waitFor();
    expect(await page.getByRole("button", { name: /^Add/ }).count()).toBe(0);
    expect(await alice.getByRole("button").count()).toBe(0);
    await shot(page, "18-contactus");
  });

  it("Farms, LaunchPad, Blocklist, Stake and ManageSale", async () => {
    const { page } = browser;
    await open(page, "/Farms");
    await page.getByText("No user found!").waitFor();
    const abouts = await count("_allAboutsMeta");
    await page.getByRole("button", { name: "Add Farm" }).click();
    await dialog(page).getByLabel("Title").fill("Farm block from e2e");
    await submitDialog(page, "Add");
    expect(await count("_allAboutsMeta")).toBe(abouts + 1);
    await shot(page, "19-farms");
    await open(page, "/launchpad");
    // The product's local chain seeds one presale, imported at start.
    await page.getByRole("link", { name: "Edit" }).first().waitFor();
    await shot(page, "20-launchpad");
    await open(page, "/blocklist");
    await page.getByText("No user found!").waitFor();
    await shot(page, "21-blocklist");
    await page.goto(`${baseUrl()}/Stake`);
    await page.getByRole("heading", { name: "Stake", level: 1 }).waitFor();
    await shot(page, "22-stake");
    await page.goto(`${baseUrl()}/ManageSale/0x00000000000000000000000000000000000000aa`);
    // The address heads the screen (checksummed); the alert below may name it too.
    await page
      .getByTestId("presale-address")
      .filter({ hasText: /^0x0{38}aa$/i })
      .waitFor();
    await shot(page, "23-managesale");
  });

  it("switches to the dark theme", async () => {
    const { page } = browser;
    await open(page, "/news");
    await page.getByRole("button", { name: "Toggle light/dark mode" }).click();
    await shot(page, "24-news-dark");
    await page.getByRole("button", { name: "Toggle light/dark mode" }).click();
  });
});

describe("sorting", () => {
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
});

async function expectDisabled(locator: import("playwright-core").Locator) {
  expect(await locator.isDisabled()).toBe(true);
}
