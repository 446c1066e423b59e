import type { Server } from "http";
import net, { type AddressInfo, type Socket } from "net";
import { setFlagsFromString } from "v8";
import { runInNewContext } from "vm";
import type { Change } from "../../src/changes/feed";
import { streamsEnded } from "../../src/graphql/streamWriter";
import { SUBSCRIBE } from "../support/changes";
import { startTestApp, type TestApp } from "../support/testApp";
import { waitFor } from "../support/timing";

/**
 * A user opens change streams and never reads them while changes keep coming: the server must not hold what they
 * do not take. Past SUBSCRIPTION_MAX_BUFFERED_KB unsent a stream hands nothing more over, its changes wait, and once
 * SUBSCRIPTION_MAX_BEHIND of them wait the server closes the connection.
 */
const BOUND_KB = 64;
const NOT_READING = 5;
/** Each change carries about two kilobytes, so that a few thousand fill the kernel's socket buffers (a few MB on loopback). */
const PADDING = "x".repeat(2000);
const BATCH = 20;
const MAX_BEHIND = 200;
/** About 17 MB told to each stream: over 80 MB held for the non-reading ones if nothing bounded them. */
const CHANGES = 8_000;
const PASSWORD = "backlog-pass-123";

// The heap is measured after a full collection: jest gives no --expose-gc, V8 lets a flag be turned on at run time.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
/** The heap and the memory outside it that JS objects hold (buffers), after a full collection. */
const heapAfterGc = () => {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** A change stream over a raw socket: counts the events it hears; `paused` stops reading once the stream has begun. */
function rawStream(port: number, auth: string, { paused }: { paused: boolean }) {
  const socket: Socket = net.connect(port, "127.0.0.1");
  const body = JSON.stringify({ query: SUBSCRIBE, variables: { r: ["News"] } });
  socket.write(
    [
      "POST /graphql/stream HTTP/1.1",
      "Host: 127.0.0.1",
      "Accept: text/event-stream",
      "Content-Type: application/json",
      `Authorization: ${auth}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      "",
      body,
    ].join("\r\n"),
  );
  const state = { head: "", events: 0, bytes: 0, ended: false };
  let tail = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    state.bytes += chunk.length;
    if (!state.head) {
      state.head = chunk.split("\r\n")[0];
      // The head and the stream's first comment are in: from here on this client takes nothing.
      if (paused) socket.pause();
    }
    const text = tail + chunk;
    state.events += text.split("event: next").length - 1;
    tail = text.slice(-("event: next".length - 1));
  });
  socket.on("error", () => undefined);
  socket.on("close", () => (state.ended = true));
  return { socket, state };
}

describe("a change stream whose client does not read", () => {
  let app: TestApp | undefined;
  let server: Server | undefined;
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await app?.close();
  });

  it("is ended once it falls behind, holding no more than its bounds meanwhile; a reading stream beside it hears everything", async () => {
    app = await startTestApp({ env: { SUBSCRIPTION_MAX_BUFFERED_KB: String(BOUND_KB), SUBSCRIPTION_MAX_BEHIND: String(MAX_BEHIND) } });
    // The server side of each connection, where a stream's unsent bytes wait.
    const serverSockets: Socket[] = [];
    server = app.express.listen(0, "127.0.0.1").on("connection", (socket: Socket) => serverSockets.push(socket));
    await new Promise((resolve) => server!.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const product = app;
    const admin = await product.adminToken();
    // Someone whose role grants nothing still hears the public site's content (News).
    const role = await product.gql(`mutation { createRole(name: "nothing", permissions: []) { id } }`, {}, admin);
    expect(role.body.errors).toBeUndefined();
    const made = await product.gql(
      `mutation { createUser(name: "nobody", email: "nobody@example.com", role: "nothing", password: "${PASSWORD}") { id } }`,
      {},
      admin,
    );
    expect(made.body.errors).toBeUndefined();
    const login = await product.gql(`mutation { login(email: "nobody@example.com", password: "${PASSWORD}") { token } }`, {});
    const nobody = `Bearer ${login.body.data.login.token}`;

    const heapBefore = heapAfterGc();
    const endedBefore = (await streamsEnded.get()).values.find((value) => value.labels.reason === "behind")?.value ?? 0;

    const stalled = Array.from({ length: NOT_READING }, () => rawStream(port, nobody, { paused: true }));
    const reader = rawStream(port, admin, { paused: false });
    await waitFor("every stream to begin", () => [...stalled, reader].every(({ state }) => state.head));
    expect([...stalled, reader].map(({ state }) => state.head)).toEqual(Array(NOT_READING + 1).fill("HTTP/1.1 200 OK"));

    let told = 0;
    let mostHeld = 0;
    for (let sent = 0; sent < CHANGES; sent += BATCH) {
      for (let n = 0; n < BATCH; n++) {
        const change: Change = {
          resource: "News",
          id: String(++told),
          op: "update",
          version: 1,
          actor: PADDING,
          at: new Date().toISOString(),
        };
        product.services.changes.publish(change);
      }
      // The reader keeps up: what it hears was never held for it.
      await waitFor(`the reading stream to hear ${told} changes`, () => reader.state.events >= told);
      for (const socket of serverSockets) mostHeld = Math.max(mostHeld, socket.writableLength);
    }

    // The server ended each stalled stream (a counter of its own), and the reading one is still open, having heard all.
    const ended = (await streamsEnded.get()).values.find((value) => value.labels.reason === "behind")?.value ?? 0;
    expect(ended - endedBefore).toBe(NOT_READING);
    expect([reader.state.ended, reader.state.events]).toEqual([false, CHANGES]);
    // Nothing handed over past the bound: at most the bound and the events already on their way (two kilobytes each).
    expect(mostHeld).toBeLessThanOrEqual(BOUND_KB * 1024 + 8192);
    const heapGrowth = heapAfterGc() - heapBefore;
    expect(heapGrowth).toBeLessThan(50 * 1024 * 1024);

    // Read at last, each stalled stream gives what the kernel held and then its end: nothing more was kept for it.
    for (const { socket } of stalled) socket.resume();
    await waitFor("the stalled streams to end", () => stalled.every(({ state }) => state.ended));
    for (const { state } of stalled) expect(state.events).toBeLessThan(CHANGES);
    reader.socket.destroy();
  });
});
