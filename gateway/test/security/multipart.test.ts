import http from "http";
import { files } from "../support/files";
import { startSignedIn, TestApp } from "../support/testApp";
import { countingServer, type CountingServer, TEST_ID } from "../support/countingServer";
import { within } from "../support/timing";

interface RawAnswer {
  status: number;
  body: any;
}

/**
 * A raw HTTP request named `id` (TEST_ID) that writes its body as fast as the connection takes it, then ends it unless
 * told not to: what the gateway answers, and (through the counting server) how much it had read by then.
 */
function rawRequest(
  port: number,
  id: string,
  headers: Record<string, string | number>,
  chunks: Buffer[],
  opts: { endBody?: boolean; path?: string } = {},
): Promise<RawAnswer> {
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request(
      { port, host: "127.0.0.1", method: "POST", path: opts.path ?? "/graphql", headers: { ...headers, [TEST_ID]: id } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    let sent = false;
    // Writing into a connection the server closed after its answer fails; the answer is what counts.
    req.on("error", (e) => (sent ? undefined : reject(e)));
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
    if (opts.endBody !== false) req.end();
    sent = true;
  });
  return within(`the answer to request "${id}"`, answer);
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
  let server: CountingServer;
  let port: number;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
    server = await countingServer(app);
    port = server.port;
  });
  afterAll(async () => {
    await server.close();
    await app.close();
  });

  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;
  const base = { "apollo-require-preflight": "true" };
  /** 4 MB sent at once: a gateway that read what it refuses would read far past UNREAD before answering. */
  const flood = () => Array<Buffer>(64).fill(Buffer.alloc(64 * 1024));
  /** What a server reads before an answer it gives without the body: the head and what came with it, a few socket reads. */
  const UNREAD = 256 * 1024;

  it("refuses an unauthenticated upload of 20 × 5 MB before reading it: 401, nothing spooled", async () => {
    const boundary = "b0undary";
    const head = multipartBody(boundary, Buffer.alloc(0)).subarray(0, 400);
    const res = await rawRequest(
      port,
      "graphql-100mb",
      { ...base, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": 20 * 5 * 1024 * 1024 },
      [head, ...flood()],
      { endBody: false },
    );
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    // Answered having read no more than the head and what came with it: nothing of the files was parsed or spooled.
    expect(server.readBeforeAnswer("graphql-100mb")).toBeLessThan(UNREAD);
  });

  it("the REST shim also refuses an unauthenticated 100 MB upload before reading it", async () => {
    const res = await rawRequest(
      port,
      "rest-100mb",
      { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 20 * 5 * 1024 * 1024 },
      [Buffer.from("--zz\r\n"), ...flood()],
      { endBody: false, path: "/api/add/news" },
    );
    expect(res.status).toBe(401);
    expect(server.readBeforeAnswer("rest-100mb")).toBeLessThan(UNREAD);
  });

  it("refuses an announced body over the limit at once: 413 before reading it", async () => {
    const res = await rawRequest(
      port,
      "500mb",
      { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": 500 * 1024 * 1024 },
      [Buffer.from("--x\r\n"), ...flood()],
      { endBody: false },
    );
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(server.readBeforeAnswer("500mb")).toBeLessThan(UNREAD);
  });

  it.each([
    ["no boundary", "multipart/form-data", "b1"],
    ["an empty boundary", "multipart/form-data; boundary=", "b1"],
    ["a wrong boundary", "multipart/form-data; boundary=not-the-one", "b1"],
  ])("answers a request with %s with 400 without waiting for anything more", async (_label, contentType, used) => {
    const body = multipartBody(used, files.png);
    const before = await newsCount();
    // All of the body is sent and the connection stays open: nothing more comes, so a parser that waits for more hangs.
    const res = await rawRequest(
      port,
      "boundary",
      { ...base, Authorization: token, "Content-Type": contentType, "Content-Length": body.length },
      [body],
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Malformed multipart request/);
    expect(await newsCount()).toBe(before);
  });

  it("answers a truncated body with 400 without waiting for anything more, storing nothing", async () => {
    const body = multipartBody("b2", files.png);
    const cut = body.subarray(0, body.length - 200);
    const before = await newsCount();
    const res = await rawRequest(
      port,
      "truncated",
      { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=b2", "Content-Length": cut.length },
      [cut],
    );
    expect(res.status).toBe(400);
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
      "nul",
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
      "rest-nul",
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
      "well-formed",
      { ...base, Authorization: token, "Content-Type": "multipart/form-data; boundary=b3", "Content-Length": body.length },
      [body],
    );
    expect(res.status).toBe(200);
    expect(res.body.data.createNews.imageUri).toMatch(/\.png$/);
  });
});
