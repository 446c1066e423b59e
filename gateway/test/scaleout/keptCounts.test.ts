import { SYSTEM } from "../../src/auth/access";
import { News } from "../../src/resources/news";
import { concurrentWrites, countOf, create, insertBehindTheService, rowsInTable, until, VISIBLE } from "../support/keptCounts";
import { DEEP, insertNewestBehindTheService, ORDERS, pageOf, PER_PAGE, seedNews, truthOf } from "../support/pageMarks";
import { startTestApp, TestApp } from "../support/testApp";

/**
 * Kept counts and page marks with two replicas sharing one database and Redis
 * versions: a replica carries its own writes and reads again after the other's. Here with
 * the other scale-out tests (the MariaDB pass): two replicas in one test process
 * on one SQLite file would stall each other, better-sqlite3 waiting for the
 * other's lock synchronously, on the event loop both need.
 */

describe("kept counts and page marks on two replicas sharing Redis versions", () => {
  const prefix = `presale-test-counts-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  let replicaA: TestApp;
  let replicaB: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", REDIS_PREFIX: prefix };
    replicaA = await startTestApp({ admin: false, env });
    replicaB = await startTestApp({ admin: false, env, sameDatabaseAs: replicaA });
    await until(
      "both replicas trust their versions",
      () => replicaA.services.versions.of(News.name) !== undefined && replicaB.services.versions.of(News.name) !== undefined,
    );
  });
  afterAll(async () => {
    await replicaB?.close();
    await replicaA?.close();
  });

  /**
   * Both replicas have heard every write: same epoch and count. A token's middle part, the generation of the replica's
   * trust, is its own (a replica whose version reads came back late once has a later one), so it is not compared.
   */
  const counted = (replica: TestApp) => {
    const [epoch, , count] = replica.services.versions.of(News.name)?.split(".") ?? [];
    return epoch && `${epoch}.${count}`;
  };
  const settled = () => until("versions agree", () => !!counted(replicaA) && counted(replicaA) === counted(replicaB));

  it("carry a replica's own writes, and count again after the other replica's", async () => {
    await create(replicaA, "first");
    await settled();
    expect(await countOf(replicaA)).toBe(1);
    await insertBehindTheService(replicaA, "unseen");
    expect(await countOf(replicaA)).toBe(1);

    const own = await create(replicaA, "second");
    expect(await countOf(replicaA)).toBe(2); // HINCRBY moved the version from exactly the kept one: carried
    await replicaA.services.resource(News).remove(own.id, SYSTEM);
    expect(await countOf(replicaA)).toBe(1);

    await settled();
    expect(await countOf(replicaB)).toBe(2); // b never kept one: it reads the table
    await create(replicaB, "from b");
    await settled();
    expect(await countOf(replicaA)).toBe(3); // a's kept count is at a version b's write moved past: read again
    expect(await countOf(replicaA)).toBe(await rowsInTable(replicaA));

    // a's next write follows b's: its move starts where a kept its count, so it is carried again.
    const after = await create(replicaA, "after b");
    expect(await countOf(replicaA)).toBe(4);
    // b's count was kept before a's write: a's write moved the version past it, so b reads again.
    await settled();
    expect(await countOf(replicaB)).toBe(4);
    await replicaA.services.resource(News).remove(after.id, SYSTEM);
  });

  it("stay exact on both replicas under concurrent writes from both", async () => {
    await Promise.all([countOf(replicaA), countOf(replicaB)]);
    expect(await concurrentWrites([replicaA, replicaB], 30)).toBeGreaterThan(0);
    await settled();
    const rows = await rowsInTable(replicaA);
    expect(await countOf(replicaA)).toBe(rows);
    expect(await countOf(replicaB)).toBe(rows);
    expect(await countOf(replicaA, VISIBLE)).toBe(rows);
    expect(await countOf(replicaB, VISIBLE)).toBe(rows);
  });

  it("let page marks seek after a replica's own writes, and walk again after the other's", async () => {
    const newest = ORDERS[0];
    const next = DEEP + PER_PAGE;
    await seedNews(replicaA, 400);
    await settled();
    await pageOf(replicaA, News, DEEP, newest); // marks at DEEP and DEEP + 9
    const own = await create(replicaA, "a's own");
    await insertNewestBehindTheService(replicaA);
    // Carried over a's write: the row behind the service's back, before the marks, is not counted.
    expect(await pageOf(replicaA, News, next, newest)).toEqual(await truthOf(replicaA, News, next + 1, newest, undefined, PER_PAGE));
    await settled();
    await create(replicaB, "from b");
    await settled();
    // b's write moved the version past a's marks: a walks again.
    expect(await pageOf(replicaA, News, next, newest)).toEqual(await truthOf(replicaA, News, next, newest));
    await replicaA.services.resource(News).remove(own.id, SYSTEM);
  });
});
