/**
 * Gaps found by trying every screen as an administrator would, each one
 * tried in the real product (built gateway and admin,
 * fresh SQLite database) in Chromium. Every record a test adds is removed
 * again, so the other files find the screens as the seed left them.
 */
import { baseUrl, dialog, eventually, graphql, launch, open, row, signIn, submitDialog, type Browser } from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  await signIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
});

const FIRST_HOME_BLOCK = `{ allAbouts(sortField: "id", sortOrder: "ASC", perPage: 1) { id title heading } }`;

describe("Farms (form list)", () => {
  it("lists pools; 'Add Farm' says the entry went to the Home section; 'Home' edits the home block; /api/form-data answers pools", async () => {
    const { page } = browser;
    const { createPool: pool } = await graphql(
      page,
      `
        mutation {
          createPool(pid: 7, lpSymbol: "GAPS-BUSD LP", tokenAddresses: "0x0000000000000000000000000000000000000707") {
            id
          }
        }
      `,
    );
    let addedHomeBlock: string | undefined;
    const { allAbouts: before } = await graphql(page, FIRST_HOME_BLOCK);
    try {
      await open(page, "/Farms");
      await row(page, "GAPS-BUSD LP").getByText("0x0000000000000000000000000000000000000707").waitFor();

      await page.getByRole("button", { name: "Add Farm" }).click();
      await dialog(page).getByLabel("Title").fill("Farm entry from specGaps");
      await submitDialog(page, "Add");
      const notice = page.getByRole("status").filter({ hasText: "listed in the Home section" });
      await notice.waitFor();
      expect(await notice.getByRole("link", { name: "Open Home" }).getAttribute("href")).toBe("/about");
      // The farms table lists pools only: the entry is not there.
      expect(await row(page, "Farm entry from specGaps").count()).toBe(0);
      await notice.getByRole("link", { name: "Open Home" }).click();
      await page.waitForURL(/\/about$/);
      await row(page, "Farm entry from specGaps").waitFor();
      const { allAbouts } = await graphql(
        page,
        `
          {
            allAbouts(filter: { q: "Farm entry from specGaps" }) {
              id
            }
          }
        `,
      );
      addedHomeBlock = allAbouts[0].id;

      await open(page, "/Farms");
      await row(page, "GAPS-BUSD LP").getByRole("button", { name: "Edit" }).click();
      const home = dialog(page);
      await home.getByRole("heading", { name: "Home" }).waitFor();
      await eventually(async () => expect(await home.getByLabel("Title").inputValue()).toBe(before[0].title));
      expect(await home.getByLabel("Identifier").inputValue()).toBe("landing_banner01");
      expect(await home.locator('input[type="file"]').count()).toBe(1);
      await home.getByLabel("Heading").fill("Heading set from Farms");
      await submitDialog(page, "Update");
      const { allAbouts: after } = await graphql(page, FIRST_HOME_BLOCK);
      expect(after[0]).toMatchObject({ id: before[0].id, heading: "Heading set from Farms" });

      const legacy = (await (await fetch(`${baseUrl()}/api/form-data`, { method: "POST" })).json()) as Record<string, unknown>[];
      expect(legacy.find((entry) => String(entry._id) === String(pool.id))).toMatchObject({
        lpSymbol: "GAPS-BUSD LP",
        tokenAddresses: "0x0000000000000000000000000000000000000707",
      });
      expect(legacy.every((entry) => !("identifier" in entry))).toBe(true);
    } finally {
      await graphql(
        page,
        `
          mutation ($id: ID!) {
            deletePool(id: $id) {
              id
            }
          }
        `,
        { id: pool.id },
      );
      await graphql(
        page,
        `
          mutation ($id: ID!, $heading: String) {
            updateAbout(id: $id, heading: $heading) {
              id
            }
          }
        `,
        {
          id: before[0].id,
          heading: before[0].heading,
        },
      );
      if (addedHomeBlock)
        await graphql(
          page,
          `
            mutation ($id: ID!) {
              deleteAbout(id: $id) {
                id
              }
            }
          `,
          { id: addedHomeBlock },
        );
    }
  });
});

/** The toast (top centre) with this text. */
const toast = (text: string | RegExp) => browser.page.getByText(text).first().waitFor();

describe("Contact Us is read-only", () => {
  it("has no Delete (nor Edit, nor Add) button", async () => {
    const { page } = browser;
    await open(page, "/ContactUs");
    await row(page, "alice@example.com").waitFor();
    expect(await page.locator("tbody").getByRole("button").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Add/ }).count()).toBe(0);
    expect(await page.getByRole("columnheader").allTextContents()).toEqual(["S.No", "name", "Email", "website", "Comments", "Date"]);
  });
});

describe("the filter box filters records without text columns", () => {
  const filterBox = () => browser.page.getByPlaceholder("Filter in records...");

  it.each([
    ["/Homeimage", "allHomeImages"],
    ["/Articles1", "allArticleImages(filter: { slot: 1 })"],
  ])("%s: by a part of the image file name; other text shows 'No user found!'", async (route, query) => {
    const { page } = browser;
    const data = await graphql(page, `{ rows: ${query} { id imageUri } }`);
    const [first] = data.rows as { id: string; imageUri: string }[];
    await open(page, route);
    const rowsBefore = data.rows.length;
    await eventually(async () => expect(await page.locator("tbody img").count()).toBe(rowsBefore));
    await filterBox().fill(first.imageUri.slice(0, 6));
    await eventually(async () => expect(await page.locator(`tbody img[alt="${first.imageUri}"]`).count()).toBe(1));
    await filterBox().fill("no-such-image-name");
    await page.getByText("No user found!").waitFor();
    expect(await page.locator("tbody img").count()).toBe(0);
    await filterBox().fill("");
    await eventually(async () => expect(await page.locator("tbody img").count()).toBe(rowsBefore));
  });
});

describe("Road More", () => {
  it("lists S.No, Image, Title, Heading, Action with the record's image", async () => {
    const { page } = browser;
    await open(page, "/featruedes");
    await row(page, "Road more").waitFor();
    expect(await page.getByRole("columnheader").allTextContents()).toEqual(["S.No", "Image", "Title", "Heading", "Action"]);
    expect(await row(page, "Road more").locator("img").getAttribute("alt")).toMatch(/\.png$/);
  });
});

describe("toasts", () => {
  it("a save shows the server's message; a refused one names the field by its label", async () => {
    const { page } = browser;
    await open(page, "/Setting");
    await page.locator("tbody tr").first().getByRole("button", { name: "Edit" }).click();
    await dialog(page).getByLabel("Value").waitFor();
    await submitDialog(page, "Update");
    await toast("Setting updated successfully");

    await open(page, "/Users");
    await page.getByRole("button", { name: "Add User" }).click();
    const modal = dialog(page);
    await modal.getByLabel("Name").fill("mismatch");
    await modal.getByLabel("Email").fill("mismatch@example.com");
    await modal.getByLabel("Password", { exact: true }).fill("mismatch-pass-1");
    await modal.getByLabel("Confirm Password").fill("mismatch-pass-2");
    await modal.getByRole("button", { name: "Add", exact: true }).click();
    await toast("Confirm Password: Passwords do not match");
    expect(await page.getByText(/password2/).count()).toBe(0);
    await modal.getByRole("button", { name: "Close" }).click();
  });
});

describe("'Add User'", () => {
  it("every field has a show toggle; the filter box finds the whole e-mail only", async () => {
    const { page } = browser;
    // "admin@example.com" is a substring of one e-mail, not a word start of every admin's.
    const { createUser: other } = await graphql(
      page,
      `
        mutation {
          createUser(name: "admin two", email: "admin-2@example.com", password: "admin-two-pass-1", password2: "admin-two-pass-1") {
            id
          }
        }
      `,
    );
    await open(page, "/Users");
    await page.getByRole("button", { name: "Add User" }).click();
    const modal = dialog(page);
    for (const [label, toggle, shownType] of [
      ["Name", "Name", "text"],
      ["Email", "Email", "email"],
    ]) {
      const input = modal.getByLabel(label, { exact: true });
      expect(await input.getAttribute("type")).toBe(shownType);
      await modal.getByRole("button", { name: `Hide ${toggle}` }).click();
      expect(await input.getAttribute("type")).toBe("password");
    }
    for (const label of ["Password", "Confirm Password"]) {
      const input = modal.getByLabel(label, { exact: true });
      expect(await input.getAttribute("type")).toBe("password");
      await modal.getByRole("button", { name: `Show ${label}` }).click();
      expect(await input.getAttribute("type")).toBe("text");
    }
    await modal.getByRole("button", { name: "Close" }).click();

    await page.getByPlaceholder("Filter in records...").fill("admin@example.com");
    await page.getByText("Showing 1 to 1 of 1 records").waitFor();
    await row(page, "admin@example.com").waitFor();
    expect(await page.locator("tbody").getByText("admin-2@example.com").count()).toBe(0);
    await graphql(
      page,
      `
        mutation ($id: ID!) {
          deleteUser(id: $id) {
            id
          }
        }
      `,
      { id: other.id },
    );
  });
});

describe("one's own account and the last admin", () => {
  it("asks before changing one's own email; the gateway refuses to take one's own admin role", async () => {
    const { page } = browser;
    await open(page, "/Users");
    await row(page, "admin@example.com").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page).filter({ hasText: "Update User" });
    await modal.getByLabel("Email").fill("boss@example.com");
    await modal.getByRole("button", { name: "Update" }).click();
    await page.getByText(/changing the email or password of your own account/).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await modal.getByLabel("Email").fill("admin@example.com");
    await modal.getByLabel("Role").click();
    await page.getByRole("option", { name: "Editor" }).click();
    await modal.getByRole("button", { name: "Update" }).click();
    await toast(/Role: You cannot remove your own admin role/);
    await modal.getByRole("button", { name: "Close" }).click();
    const { allUsers } = await graphql(
      page,
      `
        {
          allUsers(filter: { q: "admin@example.com" }) {
            email
            role
          }
        }
      `,
    );
    expect(allUsers).toEqual([{ email: "admin@example.com", role: "admin" }]);
  });
});

describe("a non-admin and the Users screen", () => {
  it("an editor sees 'You do not have access to this page' and no Users card", async () => {
    const { page } = browser;
    const email = "editor-specgaps@example.com";
    const { createUser } = await graphql(
      page,
      `mutation { createUser(name: "editor", email: "${email}", password: "editor-pass-1", password2: "editor-pass-1", role: "editor", approved: true) { id } }`,
    );
    const adminToken = await page.evaluate(() => localStorage.getItem("token"));
    try {
      await page.evaluate(() => localStorage.clear());
      await signIn(page, email, "editor-pass-1");
      await page.getByRole("link", { name: /^Settings \d+ records?/ }).waitFor();
      expect(await page.getByRole("link", { name: /^Users/ }).count()).toBe(0);
      await page.goto(`${baseUrl()}/Users`);
      await page.getByRole("heading", { name: "You do not have access to this page", level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Add User" }).count()).toBe(0);
      expect(await page.getByText("No user found!").count()).toBe(0);
      expect(await page.getByText("You are not allowed to do this").count()).toBe(0);
    } finally {
      await page.evaluate(() => localStorage.clear());
      await signIn(page);
      expect(await page.evaluate(() => localStorage.getItem("token"))).not.toBe(adminToken);
      await graphql(
        page,
        `
          mutation ($id: ID!) {
            deleteUser(id: $id) {
              id
            }
          }
        `,
        { id: createUser.id },
      );
    }
  });
});
