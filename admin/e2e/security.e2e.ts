import { createHmac } from "crypto";
import type { Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl, launch, open, row, shot, signIn, type Browser } from "./browser";

/**
 * A TOTP code (RFC 6238: HMAC-SHA1, 30 s, 6 digits) computed the way an
 * authenticator app does, independently of the gateway's library.
 * `step` counts periods from now: each code is accepted once.
 */
function totp(secret: string, step = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

let browser: Browser;
let page: Page;
let recoveryCodes: string[] = [];
beforeAll(async () => {
  browser = await launch();
  page = browser.page;
});
afterAll(async () => {
  // Whatever happened above, the rest of the suite signs in with the password alone.
  await turnTwoFactorOff();
  await browser?.close();
});

/** Turns two-factor off through the API with two unused recovery codes, when a test left it on. */
async function turnTwoFactorOff() {
  const post = async (path: string, body: unknown, token?: string) =>
    (await fetch(`${baseUrl()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, any>;
  const plain = await post("/api/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (plain.token || recoveryCodes.length < 10) return;
  const { token } = await post("/api/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, code: recoveryCodes[8] });
  await post("/graphql", { query: `mutation($c: String!) { disableTwoFactor(code: $c) }`, variables: { c: recoveryCodes[9] } }, token);
}

async function signOut() {
  await page.getByText("Logout", { exact: true }).click();
  await page.waitForURL(/\/login$/);
}

describe("two-factor sign-in from the Security page", () => {
  it("sets it up by scanning (reading) the secret, then enables it with a code", async () => {
    await signIn(page);
    await page.goto(`${baseUrl()}/security`);
    await page.getByRole("heading", { name: "Two-factor sign-in", exact: true }).waitFor();
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.src.startsWith("data:image/png;base64,"))).toBe(true);
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).locator("li").allTextContents();
    expect(recoveryCodes).toHaveLength(10);

    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByText(/not valid/).waitFor();
    await page.getByLabel("Code from the app").fill(totp(secret));
    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByText("Two-factor sign-in is on").first().waitFor();
    await page.getByText("On", { exact: true }).waitFor();
    await shot(page, "security-two-factor-on");

    // Signed out, the password alone is no longer enough: the code step follows.
    await signOut();
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    const code = page.getByLabel("Authentication code");
    await code.waitFor();
    await code.fill("123456");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText(/That code is not valid/).waitFor();
    await code.fill(totp(secret, 1));
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/Dashboard$/);
    await shot(page, "security-signed-in-with-code");
  });

  it("logout ends the session on the gateway: the old token is refused", async () => {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    await signOut();
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ me { email } }" }),
    });
    expect(((await res.json()) as { data: { me: unknown } }).data.me).toBeNull();
  });

  it("signs in with a recovery code, lists the sign-ins, and turns two-factor off with another", async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByLabel("Authentication code").fill(recoveryCodes[0]);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/Dashboard$/);

    await page.goto(`${baseUrl()}/security`);
    const recent = page.getByRole("table", { name: "Your recent sign-ins" });
    await recent.getByText("Wrong code").first().waitFor();
    await recent.getByText("Signed in").first().waitFor();

    await open(page, "/signins");
    await row(page, "Wrong code").first().waitFor();
    await shot(page, "sign-ins");
    // A search that finds nothing says what for, with a way back.
    await page.getByPlaceholder("Filter in records...").fill("zzz");
    await page.getByText("No match for 'zzz'").waitFor();
    await page.getByRole("button", { name: "Clear filter" }).click();
    await row(page, "Wrong code").first().waitFor();

    await page.goto(`${baseUrl()}/security`);
    await page.getByRole("heading", { name: "Two-factor sign-in", exact: true }).waitFor();
    await page.getByLabel("Code from the app").last().fill(recoveryCodes[1]);
    await page.getByRole("button", { name: "Turn off" }).click();
    await page.getByText("Two-factor sign-in is off").first().waitFor();
    // The rest of the suite signs in with the password alone again.
    await signOut();
    await signIn(page);
  });
});
