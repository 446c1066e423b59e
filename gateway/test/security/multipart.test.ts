import http from "http";
import type { AddressInfo } from "net";
import { files } from "../support/files";
import { startSignedIn, TestApp } from "../support/testApp";
import { REFUSE_MS, timed } from "./timing";

interface RawAnswer {
  status: number;
  body: any;
  /** Bytes of the body the client had written when the answer came. */
  sentBytes: number;
}

/**
 * A raw HTTP request whose body is written in chunks, the way a client on a
 * slow line would: it shows what the gateway answers before reading it all.
 */
function rawRequest(
  port: number,
  headers: Record<string, string | number>,
  chunks: Buffer[],
  opts: { endBody?: boolean; path?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = http.request({ port, host: "127.0.0.1", method: "POST", path: opts.path ?? "/graphql", headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, sentBytes });
      });
    });
    req.on("error", (e) => (sentBytes ? undefined : reject(e)));
    let partIndex = 0;
    const writeNext = () => {
      if (req.destroyed) return;
      if (partIndex < chunks.length) {
        sentBytes += chunks[partIndex].length;
        req.write(chunks[partIndex++], () => setTimeout(writeNext, 5));
      } else if (opts.endBody !== false) req.end();
    };
    writeNext();
  });
}

const operations = JSON.stringify({
  query: 'mutation($file: Upload) { createNews(heading: "h", description: "d", file: $file) { id imageUri } }',
  variables: { file: null },
});

function multipartBody(boundary: string, file: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe("multipart uploads", () => {
  let app: TestApp;
  let server: http.Server;
  let port: number;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
    server = app.express.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.close();
  });

  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;
  const base = { "apollo-require-preflight": "true" };

  it("refuses an unauthenticated upload of 20 × 5 MB before reading it: 401, nothing spooled", async () => {
    const boundary = "b0undary";
    const head = multipartBody(boundary, Buffer.alloc(0)).subarray(0, 400);
    const declared = 20 * 5 * 1024 * 1024;
    const { res, ms } = await timed(() =>
      rawRequest(
        port,
        { ...base, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": declared },
        [head, ...Array(200).fill(Buffer.alloc(64 * 1024))],
        {
          endBody: false,
        },
      ),
    );
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(ms).toBeLessThan(REFUSE_MS);
    // The answer came while almost all of the 100 MB was still unsent.
    expect(res.sentBytes).toBeLessThan(declared / 10);
  });

  it("the REST shim also refuses an unauthenticated 100 MB upload before reading it", async () => {
    const declared = 20 * 5 * 1024 * 1024;
    const { res, ms } = await timed(() =>
      rawRequest(
        port,
        { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": declared },
        [Buffer.from("--zz\r\n"), ...Array(200).fill(Buffer.alloc(64 * 1024))],
        {
          endBody: false,
          path: "/api/add/news",
        },
      ),
    );
    expect(res.status).toBe(401);
    expect(ms).toBeLessThan(REFUSE_MS);
    expect(res.sentBytes).toBeLessThan(declared / 10);
  });

  it("refuses an announced body over the limit at once: 413", async () => {
    const { res, ms } = await timed(() =>
      rawRequest(
        port,
        { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": 500 * 1024 * 1024 },
        [Buffer.from("--x\r\n")],
        {
          endBody: false,
        },
      ),
    );
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(ms).toBeLessThan(REFUSE_MS);
  });

  it.each([
    ["no boundary", "multipart/form-data", "b1"],
    ["an empty boundary", "multipart/form-data; boundary=", "b1"],
    ["a wrong boundary", "multipart/form-data; boundary=not-the-one", "b1"],
  ])("answers a request with %s with 400 within a second", async (_label, contentType, used) => {
    const body = multipartBody(used, files.png);
    const before = await newsCount();
    const { res, ms } = await timed(() =>
      rawRequest(port, { ...base, Authorization: token, "Content-Type": contentType, "Content-Length": body.length }, [body]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Malformed multipart request/);
    expect(ms).toBeLessThan(1000);
    expect(await newsCount()).toBe(before);
  });

  it("answers a truncated body with 400 within a second, storing nothing", async () => {
    const body = multipartBody("b2", files.png);
    const cut = body.subarray(0, body.length - 200);
    const before = await newsCount();
    const { res, ms } = await timed(() =>
      rawRequest(
        port,
        { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=b2", "Content-Length": cut.length },
        [cut],
      ),
    );
    expect(res.status).toBe(400);
    expect(ms).toBeLessThan(1000);
    expect(await newsCount()).toBe(before);
  });

  /** A multipart body whose file part carries `disposition` (its file name) as given, bytes and all. */
  const namedFile = (boundary: string, disposition: string, fields: [string, string][]) =>
    Buffer.concat([
      Buffer.from(
        fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join(""),
      ),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: image/png\r\n\r\n`),
      files.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const graphqlFields: [string, string][] = [
    ["operations", operations],
    ["map", '{"0":["variables.file"]}'],
  ];

  it.each([
    ["raw", 'name="0"; filename="a\u0000b.png"', /control characters such as NUL/],
    ["percent-encoded (RFC 5987)", "name=\"0\"; filename*=UTF-8''a%00b.png", /control characters such as NUL/],
  ])("refuses a NUL in a file name (%s) on GraphQL with 400 and a message, storing nothing", async (_label, disposition, said) => {
    const body = namedFile("bn", disposition, graphqlFields);
    const before = await newsCount();
    const res = await rawRequest(
      port,
      { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=bn", "Content-Length": body.length },
      [body],
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: expect.stringMatching(said), extensions: { code: "BAD_REQUEST" } });
    expect(await newsCount()).toBe(before);
  });

  it.each([
    ["raw", 'name="file"; filename="a\u0000b.png"'],
    ["percent-encoded (RFC 5987)", "name=\"file\"; filename*=UTF-8''a%00b.png"],
  ])("refuses a NUL in a file name (%s) on REST with 400 { message }, storing nothing", async (_label, disposition) => {
    const body = namedFile("bn", disposition, [["Heading", "NUL"]]);
    const before = await newsCount();
    const res = await rawRequest(
      port,
      { Authorization: token, "Content-Type": "multipart/form-data; boundary=bn", "Content-Length": body.length },
      [body],
      { path: "/api/add/news" },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/control characters such as NUL/) });
    expect(await newsCount()).toBe(before);
  });

  it("still takes a well-formed upload from a signed-in admin", async () => {
    const body = multipartBody("b3", files.png);
    const res = await rawRequest(
      port,
      { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=b3", "Content-Length": body.length },
      [body],
    );
    expect(res.status).toBe(200);
    expect(res.body.data.createNews.imageUri).toMatch(/\.png$/);
  });
});
