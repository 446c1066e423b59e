import http from "http";
import net, { AddressInfo } from "net";
import { createConnection } from "mysql2/promise";
import { drain } from "../../src/http/shutdown";
import { errorCode, startTestApp, TestApp } from "../support/testApp";
import { interleavedRatio, timed, waitFor, within } from "../support/timing";

const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

/**
 * A TCP relay in front of the real MariaDB, so the test can take the database
 * away (every connection cut, new ones refused) and bring it back.
 */
class DatabaseLine {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;

  async up() {
    const target = new URL(MYSQL);
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 3306), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  async down() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((r) => this.server?.close(r));
  }
}

describe("database outage (MariaDB behind a relay, whatever TEST_DB is)", () => {
  const line = new DatabaseLine();
  const name = `presale_outage_${process.pid}`;
  let app: TestApp;

  beforeAll(async () => {
    const conn = await createConnection(MYSQL);
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name}\``);
    await conn.end();
    await line.up();
    app = await startTestApp({ env: { DATABASE_URL: `mysql://root@127.0.0.1:${line.port}/${name}` } });
  });
  afterAll(async () => {
    await app.close();
    await line.down();
    const conn = await createConnection(MYSQL);
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
  });

  it("answers 503 SERVICE_UNAVAILABLE on reads and writes while the database is away, and recovers by itself", async () => {
    const token = await app.adminToken();
    expect((await app.gql("{ allNews { id } }")).status).toBe(200);

    await line.down();
    // A public answer kept before the outage is still current (only a write changes it, and none gets through now).
    expect((await app.gql("{ allNews { id } }")).status).toBe(200);
    const read = await app.gql("{ allNews { id heading } }");
    expect([read.status, errorCode(read)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect(read.body.errors![0].message).toMatch(/database is unavailable/);
    const write = await app.gql(`mutation { createSetting(name: "x", value: "y") { id } }`, {}, token);
    expect([write.status, errorCode(write)]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    const rest = await app.http.get("/api/get/news");
    expect([rest.status, rest.body.message]).toEqual([503, "The database is unavailable; try again shortly"]);
    const health = await app.http.get("/healthz");
    expect([health.status, health.body]).toEqual([503, { db: "down", images: "up" }]);

    await line.up();
    await waitFor("reads to answer 200 again once the database is back", async () => (await app.gql("{ allNews { id } }")).status === 200);
    expect((await app.http.get("/healthz")).body).toEqual({ db: "up", images: "up" });
  });
});

describe("graceful shutdown", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp()));
  afterAll(() => app.close());

  /** Starts a sign-in whose JSON body is held back, so the request is in flight when the shutdown begins. */
  function slowRequest(port: number) {
    const body = Buffer.from(JSON.stringify({ query: "{ _allNewsMeta { count } }" }));
    let finish!: () => void;
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/graphql",
          headers: { "Content-Type": "application/json", "Content-Length": body.length },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.write(body.subarray(0, 5));
      finish = () => req.end(body.subarray(5));
    });
    return { answer, finish: () => finish() };
  }

  /** Whether a connection to `port` is refused (one that is taken is closed at once). */
  const refused = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
    });

  const listen = async () => {
    const server = app.express.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return { server, port: (server.address() as AddressInfo).port };
  };

  it("finishes every in-flight request, then refuses new connections", async () => {
    const { server, port } = await listen();
    // In flight for the server: all 20 read up to their held bodies (a fixed wait was not enough on a loaded machine:
    // a connection still in the backlog when the server closes is reset, as it should be).
    let seen = 0;
    const allSeen = new Promise<void>((resolve) => server.on("request", () => ++seen === 20 && resolve()));
    const inFlight = Array.from({ length: 20 }, () => slowRequest(port));
    await within("the server to read the 20 held requests", allSeen);
    // A grace no machine reaches: the drain ends because every request was answered, not because it ran out.
    const drained = drain(server, 600_000);
    await waitFor("new connections to be refused", () => refused(port));
    inFlight.forEach((r) => r.finish());
    const answers = await within("the held requests' answers", Promise.all(inFlight.map((r) => r.answer)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => typeof a.body.data._allNewsMeta.count === "number")).toBe(true);
    await within("the drain to end once every request was answered", drained);
  });

  it("cuts what is still open after SHUTDOWN_GRACE_MS", async () => {
    const GRACE_MS = 200;
    /** A drain of a server holding a request whose body never comes: only the grace can end it. */
    const drainHoldingOne = async () => {
      const { server, port } = await listen();
      const seen = new Promise((resolve) => server.once("request", resolve));
      const stuck = slowRequest(port);
      stuck.answer.catch(() => undefined);
      await within("the server to read the held request", seen);
      const { ms } = await timed(() => within("the drain to end with a request held open", drain(server, GRACE_MS)));
      await expect(stuck.answer).rejects.toThrow();
      return ms;
    };
    /** A plain timer of the grace, measured alike: what this machine makes of GRACE_MS now. */
    const graceTimer = async () => (await timed(() => new Promise((resolve) => setTimeout(resolve, GRACE_MS)))).ms;
    const { ratio, first: drains } = await interleavedRatio(drainHoldingOne, graceTimer, 15);
    // Never before the grace (on any machine), and about when a timer of the grace fires: not long after.
    expect(Math.min(...drains)).toBeGreaterThanOrEqual(GRACE_MS - 5);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
