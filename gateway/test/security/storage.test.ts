import { promises as fsp, readdirSync, rmSync, writeFileSync } from "fs";
import type { Server } from "http";
import net from "net";
import { tmpdir } from "os";
import { files } from "../support/files";
import { errorCode, startSignedIn, TestApp } from "../support/testApp";
import { waitFor } from "../support/timing";

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
    ({ app, token } = await startSignedIn({ seed: true }));
  });
  afterAll(() => app.close());

  const dir = () => app.services.config.imagesDir;
  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;
  /** A news image sent through GraphQL: the answer's status, error code and message. */
  const graphqlRefusal = async () => {
    const res = await app.upload(CREATE_NEWS, { f: null }, { f: files.png2 }, token);
    return [res.status, errorCode(res), res.body.errors![0].message];
  };
  const rest = () =>
    app.http
      .post("/api/add/news")
      .set("Authorization", token)
      .field("Heading", "h")
      .field("Description", "d")
      .attach("file", files.png2, "a.png");

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
      expect(await graphqlRefusal()).toEqual([507, "INSUFFICIENT_STORAGE", "The images store is full; nothing was saved"]);
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
      expect(await graphqlRefusal()).toEqual([503, "SERVICE_UNAVAILABLE", "The images store is unavailable; nothing was saved"]);
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

  it("a write whose second image cannot be moved into place keeps neither image, nor a record change", async () => {
    const block = async () =>
      (await app.gql(`{ allLandingBlocks(filter: { q: "landing_banner01" }) { id title imageUri blocks { imageUri } } }`)).body.data
        .allLandingBlocks[0];
    const before = [readdirSync(dir()).sort(), await block()];
    expect(before[1]).toMatchObject({ id: expect.anything(), blocks: expect.any(Array) });
    const real = fsp.rename;
    let renames = 0;
    const failing = jest.spyOn(fsp, "rename").mockImplementation(async (from, to) => {
      if (++renames === 2) throw Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" });
      return real(from, to);
    });
    try {
      // webp and gif are not among the seed images: both are new files, so the first is renamed in before the second fails.
      const res = await app.http
        .post("/api/update/landing")
        .set("Authorization", token)
        .field("Identifier", "landing_banner01")
        .field("Title", "changed")
        .attach("file", files.webp, "a.webp")
        .attach("files0", files.gif, "b.gif");
      expect([res.status, res.body]).toEqual([503, { message: "The images store is unavailable; nothing was saved" }]);
    } finally {
      failing.mockRestore();
    }
    expect(renames).toBe(2);
    expect([readdirSync(dir()).sort(), await block()]).toEqual(before);
  });

  it("a REST upload cut off mid-file leaves no spooled file behind", async () => {
    const spools = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`presale-upload-${process.pid}-`));
    // The uploads of the tests before remove their spooled files once answered, not before: wait for them first.
    await waitFor("the earlier uploads' spooled files to be removed", () => !spools().length);
    const server: Server = app.express.listen(0, "127.0.0.1");
    let socket: net.Socket | undefined;
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const connection = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
      socket = connection;
      await new Promise((resolve) => connection.once("connect", resolve));
      const boundary = "cut-off-boundary";
      socket.write(
        `POST /api/add/news HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="Heading"\r\n\r\nh\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      socket.write(files.png);
      await waitFor("the upload to be spooled", () => spools().length > 0);
      expect(spools()).toHaveLength(1);
      socket.destroy();
      // Before, the parser waited for the rest of the body forever, holding the file open.
      await waitFor("the spooled file to be removed once the client went away", () => !spools().length);
      expect(spools()).toEqual([]);
    } finally {
      // A failed expectation above leaves the cut-off request open: close it, or server.close waits for it.
      socket?.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a record refused after its image was checked leaves no temporary file", async () => {
    const res = await app.upload(
      `mutation($f: Upload) { createNews(heading: "${"x".repeat(300)}", file: $f) { id } }`,
      { f: null },
      { f: files.png },
      token,
    );
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect(readdirSync(dir()).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
