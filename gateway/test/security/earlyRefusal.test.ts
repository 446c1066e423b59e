import { execFile } from "child_process";
import http from "http";
import net from "net";
import { promisify } from "util";
import { startSignedIn, TestApp } from "../support/testApp";
import { countingServer, type CountingServer, TEST_ID } from "../support/countingServer";
import { waitFor, within } from "../support/timing";

/**
 * Uploads sent as integrators and the admin send them: Node's own fetch
 * (undici) with a FormData body, from a separate Node process so that nothing
 * of jest's stands between it and the socket. Prints what each request ended
 * with: its status, or the network error's code (EPIPE, ECONNRESET ...).
 */
const FETCH_CLIENT = `
const [url, kind, size, count, authorization] = process.argv.slice(1);
const file = new Blob([new Uint8Array(Number(size)).fill(65)], { type: "image/png" });
const outcomes = {};
for (let i = 0; i < Number(count); i++) {
  const form = new FormData();
  if (kind === "graphql") {
    form.append("operations", JSON.stringify({ query: 'mutation($f: Upload) { createNews(heading: "h", file: $f) { id } }', variables: { f: null } }));
    form.append("map", JSON.stringify({ 0: ["variables.f"] }));
    form.append("0", file, "a.png");
  } else {
    form.append("Heading", "h");
    form.append("file", file, "a.png");
  }
  let outcome;
  try {
    const res = await fetch(url, { method: "POST", body: form, headers: { "apollo-require-preflight": "true", ...(authorization && { authorization }) } });
    await res.text();
    outcome = String(res.status);
  } catch (e) {
    outcome = e.cause?.code ?? e.message;
  }
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
}
console.log(JSON.stringify(outcomes));
`;

async function fetchUploads(
  url: string,
  kind: "rest" | "graphql",
  size: number,
  count: number,
  authorization = "",
): Promise<Record<string, number>> {
  const args = ["--input-type=module", "-e", FETCH_CLIENT, url, kind, String(size), String(count), authorization];
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout);
}

interface RawAnswer {
  status: number;
  connection?: string;
}

/**
 * A raw request named `id` (TEST_ID) that writes `chunks` as fast as the connection takes them and, unless told, never
 * ends its body: a client that has all of its body at hand, so whatever the server refrains from reading is there to read.
 */
function rawUpload(
  port: number,
  id: string,
  headers: Record<string, string | number>,
  chunks: Buffer[],
  path = "/api/add/news",
): Promise<RawAnswer> {
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request({ port, host: "127.0.0.1", method: "POST", path, headers: { ...headers, [TEST_ID]: id } }, (res) => {
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, connection: res.headers.connection });
      });
    });
    let sent = false;
    // Writing into a connection the server closed after its answer fails; the answer is what counts.
    req.on("error", (e) => (sent ? undefined : reject(e)));
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
    sent = true;
  });
  return within(`the answer to request "${id}"`, answer);
}

describe("an upload refused before its body is read still gets its answer", () => {
  let app: TestApp;
  let token: string;
  let server: CountingServer;
  let base: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ env: { MAX_UPLOAD_MB: "1", MAX_JSON_KB: "64" } }));
    server = await countingServer(app);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await app.close();
  });
  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }", {}, token)).body.data._allNewsMeta.count;
  /** Far more than the bound, sent at once: a server that reads what it refuses would read past the bound before answering. */
  const flood = () => Array<Buffer>(100).fill(Buffer.alloc(64 * 1024, 65));
  /** What a server reads before an answer it gives without the body: the head and what came with it, a few socket reads. */
  const UNREAD = 256 * 1024;

  it.each([1024, 100 * 1024])(
    "200 unauthenticated REST uploads of %i bytes through Node's fetch + FormData all receive their 401",
    async (size) => {
      expect(await fetchUploads(`${base}/api/add/news`, "rest", size, 200)).toEqual({ "401": 200 });
    },
    60_000,
  );

  it("so do GraphQL multipart uploads without a token or with a bad one, and nothing is stored", async () => {
    const before = await newsCount();
    expect(await fetchUploads(`${base}/graphql`, "graphql", 100 * 1024, 100)).toEqual({ "401": 100 });
    expect(await fetchUploads(`${base}/graphql`, "graphql", 1024, 100, "Bearer not-a-token")).toEqual({ "401": 100 });
    expect(await fetchUploads(`${base}/api/add/news`, "rest", 1024, 100, "Bearer not-a-token")).toEqual({ "401": 100 });
    expect(await newsCount()).toBe(before);
  }, 60_000);

  it("answers a refused body that fits the limits at once too, and closes: 401 before reading it", async () => {
    const res = await rawUpload(
      server.port,
      "within",
      { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 900 * 1024 },
      [Buffer.from("--zz\r\n"), ...Array<Buffer>(14).fill(Buffer.alloc(64 * 1024, 65))],
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    expect(server.readBeforeAnswer("within")).toBeLessThan(UNREAD);
  });

  it("still refuses a body announced over the bound at once, and closes: 413 before reading it", async () => {
    const res = await rawUpload(
      server.port,
      "announced",
      { Authorization: token, "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 100 * 1024 * 1024 },
      [Buffer.from("--zz\r\n"), ...flood()],
    );
    expect(res.status).toBe(413);
    expect(res.connection).toBe("close");
    expect(server.readBeforeAnswer("announced")).toBeLessThan(UNREAD);
  });

  it("gets that 413 to a client busy sending that reads it only later: the connection lingers instead of resetting", async () => {
    const socket = net.connect(server.port, "127.0.0.1");
    await within("the connection", new Promise((resolve) => socket.once("connect", resolve)));
    // Not reading: what the server sends waits in this side's buffer, where a reset would discard it.
    socket.pause();
    socket.on("error", () => undefined);
    const head =
      `POST /api/add/news HTTP/1.1\r\nHost: gateway\r\nAuthorization: ${token}\r\n${TEST_ID}: busy\r\n` +
      `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n--zz\r\n`;
    let written = Buffer.byteLength(head);
    socket.write(head);
    const send = (chunks: number) => {
      for (let chunk = 0; chunk < chunks; chunk++) {
        socket.write(Buffer.alloc(64 * 1024));
        written += 64 * 1024;
      }
    };
    send(20);
    await waitFor("the 413 to go out", () => server.readBeforeAnswer("busy") !== undefined);
    // Still sending after the answer: a server that closed at once would meet these bytes with a reset.
    send(1);
    const serverSide = server.socketOf("busy")!;
    await waitFor(
      "the server to read what came after its answer, or to close",
      () => serverSide.bytesRead >= written || serverSide.destroyed,
    );
    // Done sending; now the answer is read.
    socket.end();
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => (answer += text));
    socket.resume();
    await within("the answer and the server's FIN", new Promise((resolve) => socket.once("close", resolve).once("end", resolve)));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

  it("an unauthenticated GraphQL upload announced over the bound is answered 401 at once, and closed", async () => {
    const res = await rawUpload(
      server.port,
      "graphql",
      { "apollo-require-preflight": "true", "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 10 * 1024 * 1024 },
      [Buffer.from("--zz\r\n"), ...flood()],
      "/graphql",
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    expect(server.readBeforeAnswer("graphql")).toBeLessThan(UNREAD);
  });

  it("answers a body without an announced length (chunked) at once, and closes", async () => {
    const res = await rawUpload(
      server.port,
      "chunked",
      { "Content-Type": "multipart/form-data; boundary=zz", "Transfer-Encoding": "chunked" },
      flood(),
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    expect(server.readBeforeAnswer("chunked")).toBeLessThan(UNREAD);
  });
});
