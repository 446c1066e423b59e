import { mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { files } from "../support/files";
import { startTestApp, TestApp } from "../support/testApp";

/** A stand-in admin build: the headers do not depend on what the page holds. */
function adminDist() {
  const dir = mkdtempSync(path.join(tmpdir(), "presale-admin-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Admin</title>");
  return dir;
}

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe("security headers", () => {
  let app: TestApp;
  beforeAll(
    async () =>
      (app = await startTestApp({ env: { ADMIN_DIST: adminDist(), CHAIN: "bsc-testnet", CHAIN_RPC_URL: "https://rpc.example.org/v1" } })),
  );
  afterAll(() => app.close());

  it.each(["/login", "/Dashboard"])("the admin page %s gets a strict CSP and cannot be framed", async (page) => {
    const res = await app.http.get(page).set("Accept", "text/html");
    expect(res.status).toBe(200);
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("lets the admin reach the configured chain RPC, and WalletConnect only when it is configured", async () => {
    const csp = directives((await app.http.get("/login").set("Accept", "text/html")).headers["content-security-policy"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https://rpc.example.org"]);
    expect(csp["frame-src"]).toEqual(["'none'"]);
    const wc = await startTestApp({ env: { ADMIN_DIST: adminDist(), WALLETCONNECT_PROJECT_ID: "0123456789abcdef0123456789abcdef" } });
    try {
      const wcCsp = directives((await wc.http.get("/login").set("Accept", "text/html")).headers["content-security-policy"]);
      expect(wcCsp["connect-src"]).toEqual(
        expect.arrayContaining(["'self'", "wss://relay.walletconnect.com", "wss://relay.walletconnect.org"]),
      );
      expect(wcCsp["frame-src"]).toEqual(expect.arrayContaining(["https://verify.walletconnect.org"]));
    } finally {
      await wc.close();
    }
  });

  it("sends the same headers on the API", async () => {
    for (const res of [
      await app.http.post("/graphql").send({ query: "{ __typename }" }),
      await app.http.get("/api/get/news"),
      await app.http.get("/healthz"),
    ]) {
      expect(directives(res.headers["content-security-policy"])["frame-ancestors"]).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("lets other sites embed /Images, and keeps SVGs sandboxed", async () => {
    const token = await app.adminToken();
    const up = await app.upload(
      `mutation($f: Upload) { createNews(heading: "h", file: $f) { imageUri } }`,
      { f: null },
      { f: files.svg },
      token,
    );
    const res = await app.http.get(`/Images/${up.body.data.createNews.imageUri}`);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends HSTS only for https, and reads X-Forwarded-Proto only from a trusted proxy", async () => {
    const plain = await app.http.get("/healthz").set("X-Forwarded-Proto", "https");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await startTestApp({ env: { TRUST_PROXY: "loopback" } });
    try {
      const https = await proxied.http.get("/healthz").set("X-Forwarded-Proto", "https");
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect((await proxied.http.get("/healthz")).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it("gives the explorer page, when enabled, the CSP it needs, and nothing else", async () => {
    const page = await app.http.get("/graphql").set("Accept", "text/html");
    expect(page.text).toMatch(/embeddable-sandbox\.cdn\.apollographql\.com/);
    const csp = directives(page.headers["content-security-policy"]);
    expect(csp["script-src"]).toEqual(expect.arrayContaining(["https://embeddable-sandbox.cdn.apollographql.com"]));
    expect(csp["frame-src"]).toEqual(expect.arrayContaining(["https://sandbox.embed.apollographql.com"]));
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    const off = await startTestApp({ env: { GRAPHQL_EXPLORER: "false" } });
    try {
      const res = await off.http.get("/graphql").set("Accept", "text/html");
      expect(res.text).not.toMatch(/apollographql\.com/);
      expect(directives(res.headers["content-security-policy"])["script-src"]).toEqual(["'self'"]);
    } finally {
      await off.close();
    }
  });
});
