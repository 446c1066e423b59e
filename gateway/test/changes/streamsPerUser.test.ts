import type { Server } from "http";
import { Redis } from "ioredis";
import type { AddressInfo } from "net";
import { openStream, type Stream } from "../support/changes";
import { closeReplicas, startReplicas, type TestApp } from "../support/testApp";
import { waitFor } from "../support/timing";

/** SUBSCRIPTIONS_PER_USER holds across replicas sharing Redis: a user's streams are counted there, not per process. */
describe("the streams one user holds, counted across replicas", () => {
  const prefix = `presale-test-streams-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  const env = { REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, SUBSCRIPTIONS_PER_USER: "2" };
  let replicas: TestApp[] = [];
  const servers: Server[] = [];
  const ports: number[] = [];
  const streams: Stream[] = [];
  let redis: Redis;
  let admin: string;
  let key: string;

  beforeAll(async () => {
    replicas = await startReplicas(env);
    for (const replica of replicas) {
      const server = replica.express.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      servers.push(server);
      ports.push((server.address() as AddressInfo).port);
    }
    admin = await replicas[0].adminToken();
    const users = await replicas[0].gql(`{ allUsers { id email } }`, {}, admin);
    key = `${prefix}streams:${users.body.data.allUsers.find((user: { email: string }) => user.email === "admin@example.com").id}`;
    redis = new Redis(6379, "127.0.0.1", { maxRetriesPerRequest: 1 });
  }, 60_000);

  afterEach(async () => {
    streams.splice(0).forEach((stream) => stream.close());
    // Every place given back (the servers hear of a close a moment after the clients) before the next test.
    await waitFor("every stream's place back", async () => (await redis.zcard(key)) === 0);
  });

  afterAll(async () => {
    redis?.disconnect();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await closeReplicas(replicas, prefix);
  });

  const open = async (replica: number) => {
    const stream = await openStream(ports[replica], admin, { variables: { r: ["News"] } });
    streams.push(stream);
    return stream;
  };
  const codeOf = (stream: Stream) => (stream.status === 200 ? 200 : JSON.parse(stream.body).errors[0].extensions.code);

  it("refuses a third stream on either replica once one is open on each (429), and gives a closed one's place back", async () => {
    const onA = await open(0);
    const onB = await open(1);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect([codeOf(await open(0)), codeOf(await open(1))]).toEqual(["TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS"]);

    onA.close();
    await onA.ended;
    // B learns of the place through Redis once A heard of the close: asked again until then (30 s at most).
    const again = await waitFor("a place back for B", async () => {
      const stream = await open(1);
      return stream.status === 200 ? stream : undefined;
    });
    expect(again!.status).toBe(200);
  });

  it("stops counting the streams of a process that died (not heard of for 30 s), but counts those still heard of", async () => {
    const long = Date.now() - 60_000;
    await redis.zadd(key, long, "dead-1", long, "dead-2");
    const afterDeath = await open(0);
    expect(afterDeath.status).toBe(200);
    afterDeath.close();
    await waitFor("its place back", async () => (await redis.zcard(key)) === 0);

    // Another replica's streams, heard of just now: they count.
    await redis.zadd(key, Date.now(), "alive-1", Date.now(), "alive-2");
    expect(codeOf(await open(0))).toBe("TOO_MANY_REQUESTS");
    await redis.zrem(key, "alive-1", "alive-2");
  });
});
