import { mkdirSync, mkdtempSync, writeFileSync } from "fs";
import http from "http";
import type { AddressInfo } from "net";
import { tmpdir } from "os";
import path from "path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "zlib";
import { startTestApp, TestApp } from "../support/testApp";

/** Text big enough to be worth compressing (the admin build only compresses files from 1 KB). */
const SCRIPT = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, at) => `row ${at}`))};\n`);
const PAGE = Buffer.from(`<!doctype html><title>Admin</title>${"<!-- padding -->".repeat(100)}<div id="root"></div>`);

/**
 * An admin build as admin/vite.config.ts leaves it: a file, its .br and .gz copies; one asset without copies; a
 * dotfile. It lies under a dotted folder, as an install under ~/.local or a CI cache does.
 */
function adminDist() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "presale-admin-")), ".local", "admin");
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  writeFileSync(path.join(dir, ".secret"), "not for the web");
  for (const [name, bytes] of [
    ["index.html", PAGE],
    ["assets/app-1234.js", SCRIPT],
  ] as const) {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(bytes));
  }
  writeFileSync(path.join(dir, "assets/plain-1234.js"), SCRIPT);
  return dir;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A 200 carrying the brotli copy of `bytes`, with its type and caching. */
function expectBrotli(res: Raw, expected: { type: RegExp; cache: string; bytes: Buffer }) {
  expect(res.status).toBe(200);
  expect(res.headers["content-encoding"]).toBe("br");
  expect(res.headers["content-type"]).toMatch(expected.type);
  expect(res.headers["cache-control"]).toBe(expected.cache);
  expect(brotliDecompressSync(res.body)).toEqual(expected.bytes);
}

describe("admin files, compressed at build time", () => {
  let app: TestApp;
  let server: http.Server;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_DIST: adminDist() } });
    server = app.express.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  /** The bytes as sent (supertest would decompress them). */
  const get = (urlPath: string, headers: Record<string, string>) =>
    new Promise<Raw>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: "127.0.0.1", port, path: urlPath, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("sends the brotli copy to a client that takes it, with its type, Vary and the assets' long cache", async () => {
    const res = await get("/assets/app-1234.js", { "Accept-Encoding": "gzip, deflate, br" });
    expectBrotli(res, { type: /^(text|application)\/javascript/, cache: "public, max-age=31536000, immutable", bytes: SCRIPT });
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither", async () => {
    const gzip = await get("/assets/app-1234.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body)).toEqual(SCRIPT);
    const identity = await get("/assets/app-1234.js", { "Accept-Encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    expect(identity.body).toEqual(SCRIPT);
  });

  it("sends the page of a client-side route from its compressed copy, never kept by caches", async () => {
    const res = await get("/News", { Accept: "text/html", "Accept-Encoding": "br" });
    expectBrotli(res, { type: /^text\/html/, cache: "no-cache", bytes: PAGE });
  });

  it("sends the page itself to a client that takes no compression, and never a dotfile of the build", async () => {
    const page = await get("/News", { Accept: "text/html", "Accept-Encoding": "identity" });
    expect(page.status).toBe(200);
    expect(page.body).toEqual(PAGE);
    const dotfile = await get("/.secret", { Accept: "*/*", "Accept-Encoding": "identity" });
    expect(dotfile.body.toString()).not.toContain("not for the web");
  });

  it("still compresses a file the build left without copies", async () => {
    const res = await get("/assets/plain-1234.js", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body)).toEqual(SCRIPT);
  });

  it("does not compress a dynamic answer under 1 KB", async () => {
    const res = await get("/healthz", { "Accept-Encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ db: "up", images: "up" });
  });

  it("answers paths that leave the build or cannot be decoded with a 4xx, never a file outside it", async () => {
    for (const bad of ["/..%2f..%2fetc%2fpasswd", "/assets/%E0%A4%A", "/%00.js"]) {
      const res = await get(bad, { "Accept-Encoding": "br", Accept: "application/json" });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
