import { writeFileSync } from "fs";
import path from "path";
import http from "http";
import type { AddressInfo } from "net";
import { startTestApp, TestApp } from "../support/testApp";

/** A GET with the path exactly as given. */
async function rawGet(app: TestApp, rawPath: string): Promise<{ status: number; body: string }> {
  const server = http.createServer(app.express).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    return await new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path: rawPath }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
  } finally {
    server.close();
  }
}
import { files } from "../support/files";

describe("/Images", () => {
  let app: TestApp;
  let png: string;
  let svg: string;
  beforeAll(async () => {
    app = await startTestApp();
    png = await app.services.images.saveTrusted(files.png);
    svg = await app.services.images.saveTrusted(files.svg);
    // A secret next to the images folder that no URL may reach.
    writeFileSync(path.join(app.dataDir, "secret.txt"), "top secret");
  });
  afterAll(() => app.close());

  it("names files by content hash with the sniffed extension", () => {
    expect(png).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(svg).toMatch(/^[0-9a-f]{32}\.svg$/);
  });

  it("serves an image byte for byte with type, ETag, long cache and nosniff", async () => {
    const res = await app.http.get(`/Images/${png}`).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, files.png)).toBe(0);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toContain("max-age=31536000");
    expect(res.headers.etag).toBeTruthy();
    const again = await app.http.get(`/Images/${png}`).set("If-None-Match", res.headers.etag);
    expect(again.status).toBe(304);
  });

  it("serves SVG under a sandboxing Content-Security-Policy", async () => {
    const res = await app.http.get(`/Images/${svg}`);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it.each([
    "/Images/../secret.txt",
    "/Images/..%2fsecret.txt",
    "/Images/..%2F..%2Fsecret.txt",
    "/Images/%2e%2e/secret.txt",
    "/Images/....//secret.txt",
    "/Images/..\\secret.txt",
    "/Images/%00.png",
    "/Images/.hidden",
    "/Images/",
    "/Images/missing.png",
  ])("refuses %s without leaking anything", async (url) => {
    // Sent as typed: an HTTP client library would normalise the dot segments away.
    const res = await rawGet(app, url);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body).not.toContain("top secret");
  });
});

describe("/healthz", () => {
  it("answers 200 { db: 'up', images: 'up' } while the database answers, 503 once it does not", async () => {
    const app = await startTestApp();
    const up = await app.http.get("/healthz");
    expect([up.status, up.body]).toEqual([200, { db: "up", images: "up" }]);
    await app.services.ds.destroy();
    const down = await app.http.get("/healthz");
    expect([down.status, down.body]).toEqual([503, { db: "down", images: "up" }]);
    await app.services.ds.initialize();
    await app.close();
  });
});
