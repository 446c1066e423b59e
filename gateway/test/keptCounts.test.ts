import { SYSTEM } from "../src/auth/access";
import { KeptCounts, UNFILTERED as ALL } from "../src/cache/counts";
import { News } from "../src/resources/news";
import { startTestApp, TestApp } from "./support/testApp";

/**
 * The unfiltered count of a public list is kept at the resource's version and
 * carried over this process's own writes (+1, 0, -1); any other move of the
 * version (another replica's write) makes the next read count again, and so
 * does every write for filtered counts. A row inserted behind the service's
 * back (SQL, not counted in any version) tells a kept count from a read one.
 */

const UNFILTERED = {};
const VISIBLE = { visible: true };

/** Inserts a news row without the service (so that no version moves): only a count read again sees it. */
async function insertBehindTheService(app: TestApp, heading: string) {
  const now = new Date();
  await app.services.ds
    .createQueryBuilder()
    .insert()
    .into(News.name)
    .values({ heading, visible: true, createdAt: now, updatedAt: now })
    .execute();
}

const rowsInTable = (app: TestApp) => app.services.ds.getRepository(News.name).count();
const countOf = (app: TestApp, filter: Record<string, unknown> = UNFILTERED) => app.services.resource(News).count(filter, undefined);
const create = (app: TestApp, heading: string) => app.services.resource(News).create({ heading }, SYSTEM);

/** Polls `check` every 20 ms until it holds (bounded). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Creates, updates, deletes and counts at once; answers how many creates went
 * through. SQLite refuses some of them (one writer at a time: "database is
 * locked" across replicas, and TypeORM's transactions on one connection do not
 * nest): a refused write changes nothing, and the counts must stay exact anyway.
 */
async function concurrentWrites(apps: TestApp[], rounds: number): Promise<number> {
  const work: Promise<unknown>[] = [];
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < rounds; i++) {
    const app = apps[i % apps.length];
    const news = app.services.resource(News);
    writes.push(
      news.create({ heading: `busy ${i}` }, SYSTEM).then(async (row) => {
        await countOf(app);
        await news.update(row.id, { heading: `busy ${i} edited` }, SYSTEM);
        if (i % 3 === 0) await news.remove(row.id, SYSTEM);
      }),
    );
    work.push(countOf(app), countOf(app, VISIBLE));
  }
  await Promise.all(work);
  return (await Promise.allSettled(writes)).filter((write) => write.status === "fulfilled").length;
}

describe("kept counts on one process", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ admin: false });
  });
  afterAll(() => app?.close());

  it("carry the unfiltered count over create, update and delete, and read filtered counts again after a write", async () => {
    for (const heading of ["one", "two", "three"]) await create(app, heading);
    expect(await countOf(app)).toBe(3);
    expect(await countOf(app, VISIBLE)).toBe(3);
    await insertBehindTheService(app, "unseen");
    // Kept: neither count reads the table again.
    expect(await countOf(app)).toBe(3);
    expect(await countOf(app, VISIBLE)).toBe(3);

    const added = await create(app, "four");
    expect(await countOf(app)).toBe(4); // carried over the create (read again, it would be 5)
    expect(await countOf(app, VISIBLE)).toBe(5); // a filtered count is read again
    await app.services.resource(News).update(added.id, { heading: "four, edited" }, SYSTEM);
    expect(await countOf(app)).toBe(4);
    await app.services.resource(News).remove(added.id, SYSTEM);
    expect(await countOf(app)).toBe(3);
    expect(await countOf(app, VISIBLE)).toBe(4);
    // A refused write moves no version, but the count is read again (a failed write may have changed rows).
    await expect(create(app, "")).rejects.toThrow();
    expect(await countOf(app)).toBe(4);
    await create(app, "five");
    expect(await countOf(app)).toBe(5);

    // The version moved by something else than this service's write (as another replica's write does): read again.
    await app.services.versions.bump(News.name);
    expect(await countOf(app)).toBe(await rowsInTable(app));
    expect(await countOf(app)).toBe(5);
  });

  it("stay exact under concurrent writes and counts", async () => {
    await countOf(app);
    expect(await concurrentWrites([app], 30)).toBeGreaterThan(0);
    expect(await countOf(app)).toBe(await rowsInTable(app));
    expect(await countOf(app, VISIBLE)).toBe(await rowsInTable(app));
    // Still carried after them (when the last count kept one): a row behind the service's back stays unseen.
    const before = await countOf(app);
    await insertBehindTheService(app, "unseen again");
    expect(await countOf(app)).toBe(before);
  });
});

describe("kept counts on two replicas sharing Redis versions", () => {
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

  /** Both replicas have heard every write. */
  const settled = () =>
    until("versions agree", () => replicaA.services.versions.of(News.name) === replicaB.services.versions.of(News.name));

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
});

describe("the rules of kept counts", () => {
  const FILTER = '{"visible":true}';

  it("keep no count that one of this process's writes overlapped, nor one read across a version move", async () => {
    const counts = new KeptCounts();
    let release!: () => void;
    const ticket = counts.ticket("7");
    const write = counts.during(() => new Promise<void>((resolve) => (release = resolve)));
    counts.keep(ALL, 10, ticket, "7"); // the write started while counting
    expect(counts.get(ALL, "7")).toBeUndefined();
    counts.keep(ALL, 10, counts.ticket("7"), "7"); // counted while it runs
    expect(counts.get(ALL, "7")).toBeUndefined();
    release();
    await write;
    counts.keep(ALL, 10, counts.ticket("7"), "8"); // the version moved while counting
    expect(counts.get(ALL, "8")).toBeUndefined();
    counts.keep(ALL, 10, counts.ticket(undefined), undefined); // versions that cannot be told
    expect(counts.get(ALL, undefined)).toBeUndefined();
    counts.keep(ALL, 10, counts.ticket("8"), "8");
    expect(counts.get(ALL, "8")).toBe(10);
  });

  it("carry the unfiltered count over a move from exactly its version, and drop everything else", async () => {
    const counts = new KeptCounts();
    counts.keep(ALL, 10, counts.ticket("1"), "1");
    counts.keep(FILTER, 4, counts.ticket("1"), "1");
    counts.written(1, { from: "1", to: "2" });
    expect([counts.get(ALL, "2"), counts.get(FILTER, "2"), counts.get(ALL, "1")]).toEqual([11, undefined, undefined]);
    counts.written(-1, { from: "2", to: "3" });
    counts.written(0, { from: "3", to: "4" });
    expect(counts.get(ALL, "4")).toBe(10);
    counts.written(1, { from: "5", to: "6" }); // another replica wrote 4 → 5
    expect(counts.get(ALL, "6")).toBeUndefined();
    counts.keep(ALL, 12, counts.ticket("6"), "6");
    counts.written(1, undefined); // the move is not known (Redis away)
    expect(counts.get(ALL, "7")).toBeUndefined();
    counts.keep(ALL, 13, counts.ticket("7"), "7");
    await expect(counts.during(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(counts.get(ALL, "7")).toBeUndefined(); // a failed write may have changed rows all the same
  });
});
