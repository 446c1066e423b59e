import { execFile } from "child_process";
import http from "http";
import net, { type AddressInfo } from "net";
import { promisify } from "util";
import { startSignedIn, TestApp } from "../support/testApp";
import { REFUSE_MS, timed } from "./timing";

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
  /** Bytes of the body written when the answer came. */
  sentBytes: number;
}

/** A raw request that writes `chunks` (5 ms apart) and, unless told, never ends its body: what the gateway answers, and when. */
function rawUpload(port: number, headers: Record<string, string | number>, chunks: Buffer[], path = "/api/add/news"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = http.request({ port, host: "127.0.0.1", method: "POST", path, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, connection: res.headers.connection, sentBytes });
      });
    });
    req.on("error", (e) => (sentBytes ? undefined : reject(e)));
    let next = 0;
    const write = () => {
      if (req.destroyed || next >= chunks.length) return;
      sentBytes += chunks[next].length;
      req.write(chunks[next++], () => setTimeout(write, 5));
    };
    write();
  });
}

describe("an upload refused before its body is read still gets its answer", () => {
  let app: TestApp;
  let token: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // Drained up to 1 MB + 64 KB: small enough that the oversize cases stay quick.
    ({ app, token } = await startSignedIn({ env: { MAX_UPLOAD_MB: "1", MAX_JSON_KB: "64" } }));
    server = app.express.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.close();
  });
  const port = () => Number(new URL(base).port);
  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }", {}, token)).body.data._allNewsMeta.count;

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

  it("keeps the connection open after reading a refused body within the bound", async () => {
    const body = Buffer.alloc(200 * 1024, 65);
    const res = await rawUpload(port(), { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": body.length }, [body]);
    expect(res.status).toBe(401);
    expect(res.connection).not.toBe("close");
  });

  it("still refuses a body announced over the bound at once, and closes: 413 fast", async () => {
    const declared = 100 * 1024 * 1024;
    const { res, ms } = await timed(() =>
      rawUpload(port(), { Authorization: token, "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": declared }, [
        Buffer.from("--zz\r\n"),
        ...Array(100).fill(Buffer.alloc(64 * 1024)),
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.connection).toBe("close");
    expect(ms).toBeLessThan(REFUSE_MS);
    expect(res.sentBytes).toBeLessThan(declared / 10);
  });

  it("gets that 413 to a client busy sending that reads it only later: the connection lingers instead of resetting", async () => {
    const socket = net.connect(port(), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    // Not reading: what the server sends waits in this side's buffer, where a reset would discard it.
    socket.pause();
    socket.on("error", () => undefined);
    socket.write(
      `POST /api/add/news HTTP/1.1\r\nHost: gateway\r\nAuthorization: ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n--zz\r\n`,
    );
    for (let chunk = 0; chunk < 20; chunk++) {
      socket.write(Buffer.alloc(64 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => (answer += text));
    socket.resume();
    // The answer, then the server's FIN (or its close after the linger bound): within a few seconds either way.
    await new Promise((resolve) => {
      socket.once("close", resolve).once("end", resolve);
      setTimeout(resolve, 5000);
    });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

  it("an unauthenticated GraphQL upload announced over the bound is answered 401 at once, and closed", async () => {
    const { res, ms } = await timed(() =>
      rawUpload(
        port(),
        { "apollo-require-preflight": "true", "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 10 * 1024 * 1024 },
        [Buffer.from("--zz\r\n"), ...Array(100).fill(Buffer.alloc(64 * 1024))],
        "/graphql",
      ),
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    expect(ms).toBeLessThan(REFUSE_MS);
  });

  it("gives up on a body that grows past the bound without announcing its length (chunked), and closes", async () => {
    const { res, ms } = await timed(() =>
      rawUpload(port(), { "Content-Type": "multipart/form-data; boundary=zz", "Transfer-Encoding": "chunked" }, [
        ...Array(100).fill(Buffer.alloc(64 * 1024)),
      ]),
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    // Read up to the bound (1 MB + 64 KB), not the 6.4 MB offered, and well before the time bound.
    expect(res.sentBytes).toBeLessThan(3 * 1024 * 1024);
    expect(ms).toBeLessThan(1900);
  });

  it("waits at most about two seconds for a body that stalls, then answers and closes", async () => {
    const { res, ms } = await timed(() =>
      rawUpload(port(), { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": 100 * 1024 }, [Buffer.alloc(1024)]),
    );
    expect([res.status, res.connection]).toEqual([401, "close"]);
    expect(ms).toBeGreaterThan(1900);
    expect(ms).toBeLessThan(4000);
  });
});
