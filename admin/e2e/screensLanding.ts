import path from "path";
import { baseUrl, dialog, eventually, graphql, imageLoaded, IMAGES, open, row, setFile, shot, submitDialog } from "./browser";
import { asFile, browser, count, deleteRow, expectDisabled, toast } from "./screensSession";

/** The Landing group's screens, each edited; then the first view of the chain screens, and the dark theme. */
export function landingScreens() {
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
}
