import { promises as fsp, readdirSync, rmSync, writeFileSync } from "fs";
import { files } from "../support/files";
import { errorCode, startTestApp, TestApp } from "../support/testApp";

const CREATE_NEWS = `mutation($f: Upload) { createNews(heading: "img", description: "d", file: $f) { id imageUri } }`;

/**
 * The images folder failing under a write. Tests run as root, for whom a
 * chmod'ed folder is still writable: an unusable folder is simulated by a
 * regular file in its place (ENOTDIR), a full disk by a write that fails with
 * ENOSPC after writing part of the file.
 */
describe("images store faults", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.adminToken();
  });
  afterAll(() => app.close());

  const dir = () => app.services.config.imagesDir;
  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;
  const rest = () => app.http.post("/api/add/news").set("Authorization", token).field("Heading", "h").field("Description", "d").attach("file", files.png2, "a.png");

  it("a full disk answers 507 on GraphQL and REST, writes no record and leaves no partial file", async () => {
    const before = [readdirSync(dir()).sort(), await newsCount()];
    const real = fsp.writeFile;
    const full = jest.spyOn(fsp, "writeFile").mockImplementation(async (file, data, options) => {
      // Half the file reaches the disk, then it is full.
      const bytes = Buffer.from(data as Buffer);
      await real(file, bytes.subarray(0, bytes.length >> 1), options as never);
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    try {
      const res = await app.upload(CREATE_NEWS, { f: null }, { f: files.png2 }, token);
      expect([res.status, errorCode(res), res.body.errors![0].message]).toEqual([507, "INSUFFICIENT_STORAGE", "The images store is full; nothing was saved"]);
      const legacy = await rest();
      expect([legacy.status, legacy.body]).toEqual([507, { message: "The images store is full; nothing was saved" }]);
    } finally {
      full.mockRestore();
    }
    expect([readdirSync(dir()).sort(), await newsCount()]).toEqual(before);
  });

  it("an unusable folder answers 503 on GraphQL and REST, /healthz says so, and it recovers once the folder is back", async () => {
    const count = await newsCount();
    rmSync(dir(), { recursive: true, force: true });
    writeFileSync(dir(), "not a folder");
    try {
      const res = await app.upload(CREATE_NEWS, { f: null }, { f: files.png2 }, token);
      expect([res.status, errorCode(res), res.body.errors![0].message]).toEqual([503, "SERVICE_UNAVAILABLE", "The images store is unavailable; nothing was saved"]);
      expect((await rest()).status).toBe(503);
      const health = await app.http.get("/healthz");
      expect([health.status, health.body]).toEqual([503, { db: "up", images: "down" }]);
      expect(await newsCount()).toBe(count);
    } finally {
      rmSync(dir(), { force: true });
      await app.services.images.init();
    }
    expect((await app.http.get("/healthz")).body).toEqual({ db: "up", images: "up" });
    expect((await app.upload(CREATE_NEWS, { f: null }, { f: files.png2 }, token)).body.data.createNews.imageUri).toMatch(/\.png$/);
  });

  it("a record refused after its image was checked leaves no temporary file", async () => {
    const res = await app.upload(`mutation($f: Upload) { createNews(heading: "${"x".repeat(300)}", file: $f) { id } }`, { f: null }, { f: files.png }, token);
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect(readdirSync(dir()).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
