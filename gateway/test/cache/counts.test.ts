import { SYSTEM } from "../../src/auth/access";
import { KeptCounts, UNFILTERED as ALL } from "../../src/cache/counts";
import { News } from "../../src/resources/news";
import { startTestApp, TestApp } from "../support/testApp";
import { concurrentWrites, countOf, create, insertBehindTheService, rowsInTable, VISIBLE } from "../support/keptCounts";

/**
 * The unfiltered count of a public list is kept at the resource's version and
 * carried over this process's own writes (+1, 0, -1); any other move of the
 * version (another replica's write) makes the next read count again, and so
 * does every write for filtered counts. A row inserted behind the service's
 * back (SQL, not counted in any version) tells a kept count from a read one.
 */

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
    const [created, updated, deleted] = [{ after: { id: 1 } }, { before: { id: 1 }, after: { id: 1 } }, { before: { id: 1 } }];
    counts.keep(ALL, 10, counts.ticket("1"), "1");
    counts.keep(FILTER, 4, counts.ticket("1"), "1");
    counts.written(created, { from: "1", to: "2" });
    expect([counts.get(ALL, "2"), counts.get(FILTER, "2"), counts.get(ALL, "1")]).toEqual([11, undefined, undefined]);
    counts.written(deleted, { from: "2", to: "3" });
    counts.written(updated, { from: "3", to: "4" });
    expect(counts.get(ALL, "4")).toBe(10);
    counts.written(created, { from: "5", to: "6" }); // another replica wrote 4 → 5
    expect(counts.get(ALL, "6")).toBeUndefined();
    counts.keep(ALL, 12, counts.ticket("6"), "6");
    counts.written(created, undefined); // the move is not known (Redis away)
    expect(counts.get(ALL, "7")).toBeUndefined();
    counts.keep(ALL, 13, counts.ticket("7"), "7");
    await expect(counts.during(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(counts.get(ALL, "7")).toBeUndefined(); // a failed write may have changed rows all the same
  });
});
