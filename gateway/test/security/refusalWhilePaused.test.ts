import http from "http";
import net from "net";
import { startTestApp, TestApp } from "../support/testApp";
import { countingServer, type CountingServer, TEST_ID } from "../support/countingServer";
import { waitFor, within } from "../support/timing";

/**
 * A refused upload is answered at once, whatever the client does next: a client that sent the headers and the first
 * 64 KB of a 2 MB file and then pauses receives its whole 401 (status line, headers and body) while still paused.
 * Nothing here measures time: the answer must arrive before the client sends another byte, and within a few round
 * trips of other requests made meanwhile (a server that waited on the paused body, even for a bounded time, would
 * answer dozens of them first).
 */
interface Answer {
  head: string;
  body: string;
}

/** The full HTTP answer in `received` (head, and a body of its Content-Length), once it has all arrived. */
function completeAnswer(received: Buffer): Answer | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = received.subarray(0, end).toString("latin1");
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
  const body = received.subarray(end + 4);
  return Number.isFinite(length) && body.length >= length ? { head, body: body.subarray(0, length).toString("utf8") } : undefined;
}

/** Round trips of a cheap request on another connection, one after the other. */
const ROUND_TRIPS = 20;

const healthz = (port: number) =>
  new Promise<void>((resolve, reject) => {
    http.get({ port, host: "127.0.0.1", path: "/healthz", agent: false }, (res) => res.resume().on("end", resolve)).on("error", reject);
  });

describe("a refused upload from a client that pauses mid-body", () => {
  let app: TestApp;
  let server: CountingServer;
  beforeAll(async () => {
    app = await startTestApp({ env: { MAX_UPLOAD_MB: "10" } });
    server = await countingServer(app);
  });
  afterAll(async () => {
    await server.close();
    await app.close();
  });

  const FILE = 2 * 1024 * 1024;
  const FIRST = 64 * 1024;

  it.each([
    ["/graphql", (body: string) => expect(JSON.parse(body).errors[0].extensions.code).toBe("UNAUTHENTICATED")],
    ["/api/add/news", (body: string) => expect(JSON.parse(body)).toEqual({ message: expect.any(String) })],
  ])("POST %s without a token gets its full 401 before the client sends another byte", async (path, checkBody) => {
    const socket = net.connect(server.port, "127.0.0.1");
    socket.on("error", () => undefined);
    await within("the connection", new Promise((resolve) => socket.once("connect", resolve)));
    const preamble = `--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const length = preamble.length + FILE + "\r\n--zz--\r\n".length;
    const head =
      `POST ${path} HTTP/1.1\r\nHost: gateway\r\napollo-require-preflight: true\r\n${TEST_ID}: ${path}\r\n` +
      `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${length}\r\n\r\n`;
    let sent = 0;
    const write = (data: Buffer | string) =>
      new Promise<void>((resolve, reject) => {
        sent += Buffer.byteLength(data);
        socket.write(data, (e) => (e ? reject(e) : resolve()));
      });
    await write(head);
    await write(preamble);
    await write(Buffer.alloc(FIRST, 65));
    // Paused from here on: the rest of the 2 MB is never sent while the answer is awaited.
    const sentWhenPaused = sent;

    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    await waitFor("the request to reach the app", () => server.socketOf(path));
    let trips = 0;
    while (!completeAnswer(received) && trips < ROUND_TRIPS) {
      await healthz(server.port);
      trips++;
    }
    expect(completeAnswer(received)).toBeDefined();
    const answer = completeAnswer(received)!;
    expect(sent).toBe(sentWhenPaused);
    expect(socket.bytesWritten).toBe(sentWhenPaused);
    expect(answer.head).toMatch(/^HTTP\/1\.1 401 /);
    checkBody(answer.body);
    socket.destroy();
  });
});
