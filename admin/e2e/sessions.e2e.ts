import { baseUrl, graphql, launch, shot, signIn, type Browser } from "./browser";

/**
 * Sessions you can see and end: one user signed in in two browsers;
 * in A the Security page lists both, "Sign out everywhere else" ends B's, and
 * B is sent to the sign-in page on its next request.
 */
const EMAIL = "sessions-e2e@example.com";
const PASSWORD = "sessions-pass-1";

let here: Browser | undefined;
let there: Browser | undefined;
let userId: string | undefined;

afterAll(async () => {
  await there?.close();
  if (here && userId) {
    await here.page.evaluate(() => localStorage.clear());
    await signIn(here.page);
    await graphql(
      here.page,
      `
        mutation ($id: ID!) {
          deleteUser(id: $id) {
            id
          }
        }
      `,
      { id: userId },
    );
  }
  await here?.close();
});

describe("sessions", () => {
  it("lists both browsers' sessions; 'Sign out everywhere else' signs the other browser out on its next request", async () => {
    here = await launch();
    await signIn(here.page);
    const { createUser } = await graphql(
      here.page,
      `mutation { createUser(name: "sessions", email: "${EMAIL}", password: "${PASSWORD}", password2: "${PASSWORD}", role: "editor", approved: true) { id } }`,
    );
    userId = createUser.id as string;
    await here.page.evaluate(() => localStorage.clear());
    await signIn(here.page, EMAIL, PASSWORD);
    there = await launch();
    await signIn(there.page, EMAIL, PASSWORD);

    await here.page.goto(`${baseUrl()}/Security`);
    const table = here.page.getByRole("table", { name: "Sessions" });
    await table.locator("tbody tr").nth(1).waitFor();
    expect(await table.locator("tbody tr").count()).toBe(2);
    expect(await table.locator("tbody tr", { hasText: "This device" }).count()).toBe(1);
    expect(await table.locator("tbody tr").first().textContent()).toMatch(/Chrome on Linux/);
    await shot(here.page, "security-sessions");

    await here.page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await here.page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere else" }).click();
    await here.page.getByText("1 session signed out").waitFor();
    await table.locator("tbody tr").nth(1).waitFor({ state: "detached" });

    // B's next request that needs its session (contact messages are not public) is refused: it is sent to the sign-in page.
    await there.page.goto(`${baseUrl()}/ContactUs`);
    await there.page.waitForURL(/\/login$/);
    await there.page.getByRole("heading", { name: "Sign in" }).waitFor();
    // A goes on.
    await here.page.reload();
    await table.locator("tbody tr", { hasText: "This device" }).waitFor();
  });
});
