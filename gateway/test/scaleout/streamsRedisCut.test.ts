import { Redis } from "ioredis";
import { streamsEnded } from "../../src/graphql/streamWriter";
import { listeningApp, openStream, type Stream } from "../support/changes";
import { freePort, OwnRedis } from "../support/ownRedis";
import { waitFor, within } from "../support/timing";

/**
 * Two replicas (two apps in this process, each listening) sharing one database and a redis-server of this file's own,
 * which is stopped mid-test: pub/sub keeps nothing for a replica cut off from it, so a change stream must end (its
 * client reconnects and re-reads) rather than stay open without the changes it missed.
 */

const CREATE = `mutation($h: String!) { createNews(heading: $h) { id } }`;
const endedForRedis = async () => (await streamsEnded.get()).values.find((value) => value.labels.reason === "redis")?.value ?? 0;

describe("change streams when Redis is cut", () => {
  const prefix = `presale-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}-cut:`;
  let redis: OwnRedis;
  let replicaA: Awaited<ReturnType<typeof listeningApp>>;
  let replicaB: Awaited<ReturnType<typeof listeningApp>>;
  const streams: Stream[] = [];

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const env = { REDIS_URL: `redis://127.0.0.1:${redis.port}`, REDIS_PREFIX: prefix };
    replicaA = await listeningApp(env);
    replicaB = await listeningApp(env, replicaA.app);
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    // B first: A drops the shared database.
    await replicaB?.close();
    await replicaA?.close();
    const client = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
    const keys = await client.keys(`${prefix}*`).catch(() => []);
    if (keys.length) await client.del(...keys);
    client.disconnect();
    await redis?.stop();
  }, 30_000);

  const open = async (port: number, token: string) => {
    const stream = await openStream(port, token, { variables: { r: ["News"] } });
    streams.push(stream);
    return stream;
  };
  const create = async (token: string, heading: string) => {
    const made = await replicaB.app.gql(CREATE, { h: heading }, token);
    expect(made.body.errors).toBeUndefined();
    return made.body.data.createNews.id as string;
  };

  it("ends the streams of both replicas, refuses new ones with 503 while it is away, and hears every change once it is back", async () => {
    // Signed in before the cut: sign-in itself needs Redis.
    const tokenA = await replicaA.app.adminToken();
    const tokenB = await replicaB.app.adminToken();
    const onA = await open(replicaA.port, tokenA);
    const onB = await open(replicaB.port, tokenB);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const before = await create(tokenB, "Before the cut");
    await onA.until((heard) => heard.some((change) => change.id === before));

    const endedBefore = await endedForRedis();
    await redis.stop();
    // Written on B while A cannot hear it: A's stream must not stay open as if it had heard everything.
    await create(tokenB, "During the cut");
    await within("A's stream to end", onA.ended);
    await within("B's stream to end", onB.ended);
    expect(await endedForRedis()).toBeGreaterThanOrEqual(endedBefore + 2);

    const refused = await openStream(replicaA.port, tokenA, { variables: { r: ["News"] } });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({
      errors: [{ message: expect.stringMatching(/cannot hear the other replicas/), extensions: { code: "SERVICE_UNAVAILABLE" } }],
    });

    await redis.start();
    // ioredis reconnects each connection with a growing delay (at most 2 s), on its own schedule. Until B's own
    // connection is back its publishes fail, and once it is, its notice of those ends A's streams then open: either
    // way a stream ends rather than stays silent, and a new one is opened until one hears the change.
    const heard = await waitFor(
      "a stream on A to hear a change made on B",
      async () => {
        const stream = await open(replicaA.port, tokenA);
        if (stream.status !== 200) return undefined;
        let ended = false;
        void stream.ended.then(() => (ended = true));
        const id = await create(tokenB, "After the cut");
        await waitFor("the stream to hear the change or end", () => ended || stream.heard.some((change) => change.id === id));
        return stream.heard.find((change) => change.id === id);
      },
      90_000,
    );
    expect(heard).toEqual(expect.objectContaining({ resource: "News", op: "create" }));
  }, 180_000);
});
