import type { Page } from "playwright-core";
import { baseUrl, dialog, graphql, launch, open, row, shot, signIn, submitDialog, type Browser } from "./browser";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = browser.page;
  await signIn(page);
});
afterAll(() => browser?.close());

/** A GraphQL call from the test itself (an integration), with an API token. */
async function withToken(token: string, query: string) {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };
  return { status: res.status, body };
}

/** A REST call with an API token. */
const rest = (token: string, path: string) => fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("API tokens and roles", () => {
  it("makes a read-only token on the Security page, shown once; it reads, may not write, and stops at once when revoked", async () => {
    await page.goto(`${baseUrl()}/security`);
    await page.getByRole("heading", { name: "API tokens", exact: true }).waitFor();
    await page.getByRole("button", { name: "New token" }).click();
    await dialog(page).getByLabel("Name").fill("e2e-reader");
    await dialog(page).getByLabel("Description").fill("reads the news");
    await dialog(page).getByLabel("Read-only").check();
    await dialog(page).getByRole("button", { name: "Create token" }).click();
    const secret = (await dialog(page).getByTestId("api-token-secret").textContent())!.trim();
    expect(secret).toMatch(/^pk_/);
    await dialog(page)
      .getByText(/shown only once/)
      .waitFor();
    await shot(page, "api-token-created");
    await submitDialog(page, "I have copied it");
    // Shown once: not on the page any more.
    await row(page, "e2e-reader").waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    const read = await withToken(secret, `{ allNews { id heading } allContactMessages { id } }`);
    expect(read.body.errors).toBeUndefined();
    expect(Array.isArray(read.body.data?.allNews)).toBe(true);
    expect((await rest(secret, "/api/get/Contact")).status).toBe(200);
    const write = await withToken(secret, `mutation { createNews(heading: "By a read-only token") { id } }`);
    expect(write.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    // Its use shows in the list after a reload (when and from which address).
    await page.reload();
    await row(page, "e2e-reader").getByText("127.0.0.1").or(row(page, "e2e-reader").getByText("::1")).first().waitFor();

    await row(page, "e2e-reader").getByRole("button", { name: "Revoke e2e-reader" }).click();
    await dialog(page).getByRole("button", { name: "Revoke", exact: true }).click();
    await row(page, "e2e-reader").getByText("Revoked", { exact: true }).waitFor();
    // Refused at once: a private read answers 401 (REST) / UNAUTHENTICATED (GraphQL).
    expect((await rest(secret, "/api/get/Contact")).status).toBe(401);
    const refused = await withToken(secret, `{ allContactMessages { id } }`);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("creates a custom role on the Roles screen with its grid", async () => {
    await open(page, "/roles");
    await row(page, "sale-operator").getByText("Built-in").waitFor();
    await page.getByRole("button", { name: "Add Role" }).click();
    await dialog(page).getByLabel("Name").fill("e2e-support");
    await dialog(page).getByRole("checkbox", { name: "News: Read", exact: true }).check();
    await dialog(page).getByRole("checkbox", { name: "Every action on Blocklist", exact: true }).check();
    await dialog(page).getByLabel("Requires two-factor").check();
    await dialog(page).getByLabel("IP allowlist").fill("10.1.0.0/16");
    await shot(page, "role-grid");
    await submitDialog(page, "Add");
    await row(page, "e2e-support").waitFor();
    const { allRoles } = await graphql(
      page,
      `
        {
          allRoles(filter: { name: "e2e-support" }) {
            requireTwoFactor
            ipAllowlist
            permissions {
              resource
              actions
            }
          }
        }
      `,
    );
    expect(allRoles).toEqual([
      {
        requireTwoFactor: true,
        ipAllowlist: ["10.1.0.0/16"],
        permissions: [
          { resource: "News", actions: ["read"] },
          { resource: "BlocklistEntry", actions: ["read", "create", "update", "delete", "export", "chain"] },
        ],
      },
    ]);
  });
});
