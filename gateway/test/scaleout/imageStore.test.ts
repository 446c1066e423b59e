import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { readdirSync, rmSync, writeFileSync } from "fs";
import net from "net";
import { files } from "../support/files";
import { startS3rver, type LocalS3 } from "../support/s3rver";
import { errorCode, startSignedIn, startTestApp, TEST_DB, type TestApp } from "../support/testApp";

/**
 * One contract for both image stores, run against the disk store and against
 * an S3 store on a local s3rver: what uploads, seeds, /Images and /healthz see
 * must not depend on where the bytes live.
 */
interface StoreUnderTest {
  env: Record<string, string>;
  /** The names of every stored image, looked up behind the gateway's back. */
  names(app: TestApp): Promise<string[]>;
  /** Makes the store unusable, then usable again. */
  breakStore(app: TestApp): Promise<void>;
  repair(app: TestApp): Promise<void>;
  close(): Promise<void>;
}

const disk = async (): Promise<StoreUnderTest> => ({
  env: {},
  names: async (app) => readdirSync(app.services.config.imagesDir).filter((n) => !n.startsWith(".")),
  // Tests run as root, for whom a chmod'ed folder is still writable: a file in its place is unusable.
  async breakStore(app) {
    rmSync(app.services.config.imagesDir, { recursive: true, force: true });
    writeFileSync(app.services.config.imagesDir, "not a folder");
  },
  async repair(app) {
    rmSync(app.services.config.imagesDir, { force: true });
    await app.services.images.init();
  },
  close: async () => {},
});

const s3 = async (): Promise<StoreUnderTest> => {
  const server: LocalS3 = await startS3rver();
  const client = new S3Client({
    endpoint: server.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    env: server.env,
    async names() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    breakStore: () => server.stop(),
    repair: () => server.resume(),
    async close() {
      client.destroy();
      await server.close();
    },
  };
};

const CREATE_NEWS = `mutation($f: Upload) { createNews(heading: "img", description: "d", file: $f) { id imageUri } }`;
const IMAGE_HEADERS = ["content-type", "content-length", "cache-control", "x-content-type-options", "cross-origin-resource-policy"];
/** The headers each store served, compared once both have run. */
const served: Record<string, Record<string, Record<string, string>>> = {};

describe.each([
  ["disk", disk],
  ["s3", s3],
])("the %s image store", (kind, open) => {
  let store: StoreUnderTest;
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    store = await open();
    ({ app, token } = await startSignedIn({ env: store.env }));
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;
  const upload = (bytes: Buffer) => app.upload(CREATE_NEWS, { f: null }, { f: bytes }, token);
  const sorted = async () => (await store.names(app)).sort();

  it("stores an upload under its content-hash name and serves it byte for byte, with the image headers", async () => {
    const before = await sorted();
    const res = await upload(files.png);
    const name = res.body.data.createNews.imageUri;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await sorted()).toEqual([...before, name].sort());

    const image = await app.http.get(`/Images/${name}`).buffer(true);
    expect(image.status).toBe(200);
    expect(Buffer.compare(image.body, files.png)).toBe(0);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["content-length"]).toBe(String(files.png.length));
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(image.headers.etag).toBeTruthy();
    expect(image.headers["last-modified"]).toBeTruthy();
    served[kind] = { png: pick(image.headers) };

    const head = await app.http.head(`/Images/${name}`);
    expect([head.status, head.headers["content-length"], head.headers.etag]).toEqual([200, String(files.png.length), image.headers.etag]);
  });

  it("gives an image's metadata and bytes through the store, and null for a missing or bad name", async () => {
    const { images } = app.services;
    const name = await images.saveTrusted(files.png2);
    expect(await images.stat(name)).toMatchObject({ size: files.png2.length });
    const image = (await images.read(name))!;
    const chunks: Buffer[] = [];
    for await (const chunk of image.body) chunks.push(chunk as Buffer);
    expect([image.size, Buffer.compare(Buffer.concat(chunks), files.png2)]).toEqual([files.png2.length, 0]);
    for (const missing of ["0123456789abcdef0123456789abcdef.png", ".hidden", "../images/" + name]) {
      expect([missing, await images.stat(missing), await images.read(missing)]).toEqual([missing, null, null]);
    }
  });

  it("answers 304 to If-None-Match with the image's ETag, and the image to another tag", async () => {
    const name = (await upload(files.png)).body.data.createNews.imageUri;
    const { etag } = (await app.http.head(`/Images/${name}`)).headers;
    const fresh = await app.http.get(`/Images/${name}`).set("If-None-Match", etag);
    expect([fresh.status, fresh.headers.etag]).toEqual([304, etag]);
    const stale = await app.http.get(`/Images/${name}`).set("If-None-Match", '"another"').buffer(true);
    expect(stale.status).toBe(200);
    expect(Buffer.compare(stale.body, files.png)).toBe(0);
  });

  it("serves a sanitised SVG under the sandboxing Content-Security-Policy", async () => {
    const name = await app.services.images.saveTrusted(files.svg);
    const res = await app.http.get(`/Images/${name}`).buffer(true);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    served[kind].svg = pick(res.headers);
  });

  it("answers 404 JSON for a missing image and for names that are no image names", async () => {
    for (const url of ["/Images/0123456789abcdef0123456789abcdef.png", "/Images/..%2fsecret.txt", "/Images/.hidden", "/Images/a/b.png"]) {
      const res = await app.http.get(url);
      expect([url, res.status, res.body]).toEqual([url, 404, { message: "Image not found" }]);
    }
  });

  it("refuses a file that fails the checks without storing anything", async () => {
    const before = [await sorted(), await newsCount()];
    const res = await upload(files.pngNamedButHtml);
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect([await sorted(), await newsCount()]).toEqual(before);
  });

  it("removes the image a failed record write created, and keeps one an earlier record uses", async () => {
    const kept = (await upload(files.png)).body.data.createNews.imageUri;
    const before = [await sorted(), await newsCount()];
    await refuseNewsInserts(app, true);
    try {
      // The record write fails after the image was committed: the new image goes, the shared one stays.
      expect((await upload(files.png2)).body.data?.createNews).toBeFalsy();
      expect((await upload(files.png)).body.data?.createNews).toBeFalsy();
    } finally {
      await refuseNewsInserts(app, false);
    }
    expect([await sorted(), await newsCount()]).toEqual(before);
    expect((await app.http.get(`/Images/${kept}`)).status).toBe(200);
  });

  it("reports an unusable store: uploads 503 and store nothing, /healthz says so; all recovers once it is back", async () => {
    const stored = (await upload(files.png)).body.data.createNews.imageUri;
    expect((await app.http.get("/healthz")).body).toEqual({ db: "up", images: "up" });
    const before = [await newsCount()];
    await store.breakStore(app);
    try {
      const refused = await upload(files.png2);
      expect([refused.status, errorCode(refused), refused.body.errors?.[0].message]).toEqual([
        503,
        "SERVICE_UNAVAILABLE",
        "The images store is unavailable; nothing was saved",
      ]);
      const health = await app.http.get("/healthz");
      expect([health.status, health.body]).toEqual([503, { db: "up", images: "down" }]);
      expect([await newsCount()]).toEqual(before);
      if (kind === "s3") {
        // The disk store's folder is gone with its files (404); a bucket that does not answer is 503.
        const image = await app.http.get(`/Images/${stored}`);
        expect([image.status, image.body]).toEqual([503, { message: "The images store is unavailable" }]);
        // A name that is no image name is refused before the store is asked.
        expect((await app.http.get("/Images/.hidden")).status).toBe(404);
      }
    } finally {
      await store.repair(app);
    }
    expect((await app.http.get("/healthz")).body).toEqual({ db: "up", images: "up" });
    expect((await upload(files.png2)).body.data.createNews.imageUri).toMatch(/\.png$/);
    if (kind === "s3") expect((await app.http.get(`/Images/${stored}`)).status).toBe(200);
  });
});

describe("both stores", () => {
  it("serve an image with the same headers (bar the validators)", () => {
    expect(Object.keys(served).sort()).toEqual(["disk", "s3"]);
    expect(served.s3).toEqual(served.disk);
  });
});

describe("the s3 store", () => {
  let server: LocalS3;
  beforeAll(async () => {
    server = await startS3rver();
  });
  afterAll(() => server?.close());

  it("serves an image uploaded through one gateway from another sharing the bucket, byte for byte", async () => {
    const uploader = await startSignedIn({ env: server.env });
    // The other one only serves: no admin to create (bcrypt) on it.
    const reader = await startTestApp({ env: server.env, admin: false });
    try {
      const uploaded = await uploader.app.upload(CREATE_NEWS, { f: null }, { f: files.png2 }, uploader.token);
      const name = uploaded.body.data.createNews.imageUri;
      const image = await reader.http.get(`/Images/${name}`).buffer(true);
      expect([image.status, Buffer.compare(image.body, files.png2)]).toEqual([200, 0]);
      expect(image.headers.etag).toBe((await uploader.app.http.head(`/Images/${name}`)).headers.etag);
    } finally {
      await uploader.app.close();
      await reader.close();
    }
  });

  it("takes a missing bucket for an outage: 503 on /Images and /healthz, not 404", async () => {
    const app = await startTestApp({ env: { ...server.env, S3_BUCKET: "no-such-bucket" }, admin: false });
    try {
      const image = await app.http.get("/Images/0123456789abcdef0123456789abcdef.png");
      expect([image.status, image.body]).toEqual([503, { message: "The images store is unavailable" }]);
      expect((await app.http.get("/healthz")).body).toEqual({ db: "up", images: "down" });
    } finally {
      await app.close();
    }
  });

  it("redirects /Images to S3_PUBLIC_URL when it is set, refusing bad names itself", async () => {
    const app = await startTestApp({ env: { ...server.env, S3_PUBLIC_URL: "https://cdn.example.com/images/" }, admin: false });
    try {
      const name = await app.services.images.saveTrusted(files.png);
      const res = await app.http.get(`/Images/${name}`);
      expect([res.status, res.headers.location]).toEqual([302, `https://cdn.example.com/images/${name}`]);
      expect((await app.http.get("/Images/..%2fsecret.txt")).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("answers 503 when the store accepts connections but never answers (S3_TIMEOUT_MS cuts each call), logging no key", async () => {
    const silent = net.createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((r) => silent.once("listening", r));
    const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const lines: string[] = [];
    const keys = { S3_ACCESS_KEY_ID: "ID-NOT-TO-BE-LOGGED", S3_SECRET_ACCESS_KEY: "secret-not-to-be-logged" };
    const env = { ...server.env, ...keys, S3_ENDPOINT: endpoint, S3_TIMEOUT_MS: "300", LOG_LEVEL: "warn" };
    const { app, token } = await startSignedIn({ env, logTo: { write: (line) => void lines.push(line) } });
    try {
      // The store never answers, so each answer below comes only because its calls are cut (at 300 ms, with one
      // retry): nothing waits for the socket. The ceiling turns a request that waits for ever into a failure naming it.
      const answer = async <T>(what: string, request: PromiseLike<T>): Promise<T> => {
        let ceiling: NodeJS.Timeout | undefined;
        return Promise.race([
          Promise.resolve(request),
          new Promise<never>((_, reject) => (ceiling = setTimeout(() => reject(new Error(`waited 30 s for ${what}`)), 30_000))),
        ]).finally(() => clearTimeout(ceiling));
      };
      const image = await answer("/Images while the store is silent", app.http.get("/Images/0123456789abcdef0123456789abcdef.png"));
      expect([image.status, image.body]).toEqual([503, { message: "The images store is unavailable" }]);
      const refused = await answer("an upload while the store is silent", app.upload(CREATE_NEWS, { f: null }, { f: files.png }, token));
      expect([refused.status, errorCode(refused)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect((await answer("/healthz while the store is silent", app.http.get("/healthz"))).status).toBe(503);
      const log = lines.join("");
      expect(log).toContain("images store call failed");
      expect(log).not.toContain(keys.S3_ACCESS_KEY_ID);
      expect(log).not.toContain(keys.S3_SECRET_ACCESS_KEY);
    } finally {
      await app.close();
      silent.close();
    }
  }, 120_000);
});

const pick = (headers: Record<string, string>) => Object.fromEntries(IMAGE_HEADERS.map((h) => [h, headers[h]]));

/** A real failure of the record write, after its images were committed: a trigger refusing inserts into news. */
async function refuseNewsInserts(app: TestApp, refuse: boolean) {
  const { ds } = app.services;
  if (!refuse) return void (await ds.query("DROP TRIGGER IF EXISTS refuse_news"));
  await ds.query(
    TEST_DB === "mysql"
      ? "CREATE TRIGGER refuse_news BEFORE INSERT ON news FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'"
      : "CREATE TRIGGER refuse_news BEFORE INSERT ON news BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
  );
}
