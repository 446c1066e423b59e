import type { Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl, launch, open, row, shot, signIn, type Browser } from "./browser";

/**
 * Roles in Chromium against the real gateway: the admin shows each role
 * what its permissions (`me { permissions }`) allow, and a custom role's
 * change reaches its signed-in users on their next load.
 */
let browser: Browser;
let page: Page;
let adminToken = "";
const PASSWORD = "roles-pass-e2e-1";
const ROLE = "e2e-news-desk";
const made: { users: string[]; role?: string; blocked?: string } = { users: [] };

/** A GraphQL call as the seeded administrator (to prepare data), whatever the page is signed in as. */
async function asAdmin(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

async function createUser(name: string, role: string) {
  const email = `${name.toLowerCase()}-roles@example.com`;
  const { createUser } = await asAdmin(
    `mutation ($name: String!, $email: String!, $password: String!, $role: String!) {
      createUser(name: $name, email: $email, password: $password, password2: $password, role: $role, approved: true) { id }
    }`,
    { name, email, password: PASSWORD, role },
  );
  made.users.push(createUser.id);
  return email;
}

/** Signs the page in as someone else (a fresh session: nothing of the last one is kept). */
async function signInAs(email: string, password = PASSWORD) {
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, password);
}

/** The sidebar's entries, once the permissions are in (Security is every signed-in user's). */
async function menuEntries() {
  const menu = page.getByRole("menu");
  await menu.getByRole("menuitem", { name: "Security" }).waitFor();
  return (await menu.getByRole("menuitem").allTextContents()).map((text) => text.trim());
}

const forbidden = () => page.getByRole("heading", { name: "You do not have access to this page", level: 1 }).waitFor();
const buttons = (name: string) => page.getByRole("button", { name, exact: true }).count();

beforeAll(async () => {
  browser = await launch();
  page = browser.page;
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminToken = (await page.evaluate(() => localStorage.getItem("token")))!;
});

afterAll(async () => {
  try {
    for (const id of made.users) await asAdmin(`mutation ($id: ID!) { deleteUser(id: $id) { id } }`, { id });
    if (made.blocked) await asAdmin(`mutation ($id: ID!) { deleteBlocklistEntry(id: $id) { id } }`, { id: made.blocked });
    if (made.role) await asAdmin(`mutation ($id: ID!) { deleteRole(id: $id) { id } }`, { id: made.role });
  } finally {
    await browser?.close();
  }
});

describe("the admin follows the user's role", () => {
  it("an editor sees no Users, LaunchPad or Blocklist, and their routes show the forbidden page", async () => {
    await signInAs(await createUser("Edna", "editor"));
    const entries = await menuEntries();
    for (const entry of ["Admin", "LaunchPad", "Blocklist", "Sign-ins", "Activity"]) expect(entries).not.toContain(entry);
    expect(entries).toContain("News");
    await open(page, "/News");
    expect(await buttons("Add News")).toBe(1);
    for (const route of ["/blocklist", "/LaunchPad"]) {
      await page.goto(`${baseUrl()}${route}`);
      await forbidden();
      expect(await buttons("Add")).toBe(0);
      expect(await buttons("Add LaunchPad")).toBe(0);
    }
    expect(await page.getByText("You are not allowed to do this").count()).toBe(0);
  });

  it("a second administrator not named admin sees Admin, Sign-ins and Activity", async () => {
    await signInAs(await createUser("Alice", "admin"));
    const entries = await menuEntries();
    for (const entry of ["Admin", "Sign-ins", "Activity"]) expect(entries).toContain(entry);
    await open(page, "/Users");
    expect(await buttons("Add User")).toBe(1);
  });

  it("a viewer sees no Add, Edit or Delete anywhere, and /Users/create shows the forbidden page", async () => {
    const { createBlocklistEntry } = await asAdmin(
      `mutation { createBlocklistEntry(walletAddress: "0x00000000000000000000000000000000000e2e29") { id } }`,
    );
    made.blocked = createBlocklistEntry.id;
    await signInAs(await createUser("Vera", "viewer"));
    // Rows to look at: the seeded news and articles, the address above; LaunchPad may have none in this run.
    for (const route of ["/News", "/blocklist", "/Articles", "/LaunchPad"]) {
      await open(page, route);
      if (route !== "/LaunchPad") await page.locator("tbody tr").first().waitFor();
      expect(await page.getByRole("button", { name: /^Add/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Edit", exact: true }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Delete", exact: true }).count()).toBe(0);
    }
    await shot(page, "roles-viewer-blocklist");
    await page.goto(`${baseUrl()}/Users/create`);
    await forbidden();
    await shot(page, "roles-viewer-forbidden");
    expect(await page.getByText("You are not allowed to do this").count()).toBe(0);
  });

  it("a custom role's changed grid shows to its signed-in user after a reload", async () => {
    const { createRole } = await asAdmin(
      `mutation ($name: String!) { createRole(name: $name, permissions: [{ resource: "News", actions: ["read"] }]) { id } }`,
      { name: ROLE },
    );
    made.role = createRole.id;
    await signInAs(await createUser("Cora", ROLE));
    let entries = await menuEntries();
    expect(entries).toContain("News");
    expect(entries).not.toContain("Latest Articles");
    await open(page, "/News");
    expect(await row(page, /./).first().getByRole("button", { name: "Edit", exact: true }).count()).toBe(0);

    await asAdmin(
      `mutation ($id: ID!) {
        updateRole(id: $id, permissions: [{ resource: "News", actions: ["read", "update"] }, { resource: "Article", actions: ["read"] }]) { id }
      }`,
      { id: made.role },
    );
    await page.reload();
    entries = await menuEntries();
    expect(entries).toContain("Latest Articles");
    await page.locator("tbody tr").first().getByRole("button", { name: "Edit", exact: true }).waitFor();
  });
});
