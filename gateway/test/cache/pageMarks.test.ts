import { SYSTEM } from "../../src/auth/access";
import { UNFILTERED } from "../../src/cache/counts";
import { KeptMarks, marksKey, MARK_FROM, type PageMark } from "../../src/cache/pageMarks";
import { applySortAndPage } from "../../src/resources/kit/query";
import { News } from "../../src/resources/news";
import { Pool } from "../../src/resources/pool";
import { DEEP, insertNewestBehindTheService, ORDERS, pageOf, PER_PAGE, seedNews, TEST_FILTER, TOKEN, truthOf } from "../support/pageMarks";
import { startTestApp, TEST_DB, TestApp } from "../support/testApp";

/**
 * A deep page of a public list seeks from the nearest page mark learned by an
 * earlier read instead of walking the index from the start. Every page read
 * through marks must be the page the walk gives (the truth, read here by plain
 * OFFSET), after any write of this process. A row inserted behind the
 * service's back (no version moves) tells a page read from a mark (which does
 * not see the row before it) from a walked one.
 */

describe("page marks", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ admin: false });
    await seedNews(app, 600);
  });
  afterAll(() => app?.close());

  it("let a deep page seek from a mark an earlier page left, and are dropped when the version moves otherwise", async () => {
    const newest = ORDERS[0];
    expect(await pageOf(app, News, DEEP, newest)).toEqual(await truthOf(app, News, DEEP, newest));
    await insertNewestBehindTheService(app);
    // Read from the mark at the last row of the page before (DEEP + 9): the unseen row before it does not count.
    const next = await pageOf(app, News, DEEP + PER_PAGE, newest);
    expect(next).toEqual(await truthOf(app, News, DEEP + PER_PAGE + 1, newest, undefined, PER_PAGE));
    expect(next).not.toEqual(await truthOf(app, News, DEEP + PER_PAGE, newest));
    // And backwards from the mark at DEEP, for the page before it.
    expect(await pageOf(app, News, DEEP - PER_PAGE, newest)).toEqual(
      await truthOf(app, News, DEEP - PER_PAGE + 1, newest, undefined, PER_PAGE),
    );
    // Another replica's write moves the version: the marks are gone, the page is walked again.
    await app.services.versions.bump(News.name);
    expect(await pageOf(app, News, DEEP + PER_PAGE, newest)).toEqual(await truthOf(app, News, DEEP + PER_PAGE, newest));
  });

  it("are sought on the sort index by range, not by a scan", async () => {
    await app.services.ds.query(TEST_DB === "mysql" ? "ANALYZE TABLE news" : "ANALYZE");
    const [marked] = await app.services.ds.query("SELECT id, createdAt FROM news ORDER BY createdAt DESC, id DESC LIMIT 1 OFFSET 300");
    // From the mark forward (page 31), and backwards from it (page 28).
    for (const [page, bound] of [
      [31, "<"],
      [28, ">"],
    ] as const) {
      const qb = app.services.ds.getRepository(News.name).createQueryBuilder("r").select("r.id", "id");
      applySortAndPage(qb, News, { page, perPage: PER_PAGE }, { at: 300, id: marked.id, value: marked.createdAt });
      const [sql, params] = qb.getQueryAndParameters();
      const plan: Record<string, unknown>[] = await app.services.ds.query(
        `${TEST_DB === "mysql" ? "EXPLAIN" : "EXPLAIN QUERY PLAN"} ${sql}`,
        params,
      );
      if (TEST_DB === "mysql") expect(plan.map((row) => [row.key, row.type])).toEqual([["IDX_news_createdAt", "range"]]);
      else expect(plan.map((row) => row.detail)).toEqual([`SEARCH r USING COVERING INDEX IDX_news_createdAt (createdAt${bound}?)`]);
    }
  });

  it("give the walked page in every order after this process's creates, updates and deletes", async () => {
    const news = app.services.resource(News);
    const expectEveryOrderRight = async (after: string) => {
      for (const order of ORDERS) {
        for (const offset of [DEEP, DEEP + 5, DEEP + PER_PAGE]) {
          const page = await pageOf(app, News, offset, order);
          expect({ after, order, offset, page }).toEqual({ after, order, offset, page: await truthOf(app, News, offset, order) });
        }
      }
    };
    await expectEveryOrderRight("no write");
    const created = await news.create({ heading: "a new one" }, SYSTEM);
    await expectEveryOrderRight("a create");
    const [early] = await truthOf(app, News, 3, ORDERS[0]);
    await news.update(early, { heading: "news 00 edited, moves first by updatedAt" }, SYSTEM);
    await expectEveryOrderRight("an update before the mark");
    const [late] = await truthOf(app, News, 500, ORDERS[0]);
    await news.update(late, { visible: false }, SYSTEM);
    await expectEveryOrderRight("an update after the mark");
    const [marked] = await truthOf(app, News, DEEP + PER_PAGE - 1, ORDERS[0]);
    await news.remove(marked, SYSTEM);
    await expectEveryOrderRight("the delete of a marked row");
    await news.remove(early, SYSTEM);
    await news.remove(created.id, SYSTEM);
    await expectEveryOrderRight("deletes before the mark");
    await expect(news.create({ heading: "" }, SYSTEM)).rejects.toThrow();
    await expectEveryOrderRight("a refused write");

    // The marks of the newest-first order were carried over all of it: the unseen row is still not counted before them.
    await pageOf(app, News, DEEP, ORDERS[0]);
    await insertNewestBehindTheService(app);
    expect(await pageOf(app, News, DEEP + PER_PAGE, ORDERS[0])).toEqual(
      await truthOf(app, News, DEEP + PER_PAGE + 1, ORDERS[0], undefined, PER_PAGE),
    );
    await app.services.versions.bump(News.name);
  });

  it("are dropped by every write for a filtered list", async () => {
    const visible = { visible: true };
    const offset = 250;
    expect(await pageOf(app, News, offset, ORDERS[0], visible)).toEqual(await truthOf(app, News, offset, ORDERS[0], TEST_FILTER));
    // A row before the marks leaves the filter: nothing but reading again can tell.
    const [early] = await truthOf(app, News, 2, ORDERS[0], TEST_FILTER);
    await app.services.resource(News).update(early, { visible: false }, SYSTEM);
    expect(await pageOf(app, News, offset + PER_PAGE, ORDERS[0], visible)).toEqual(
      await truthOf(app, News, offset + PER_PAGE, ORDERS[0], TEST_FILTER),
    );
  });

  it("stay right under concurrent writes and reads", async () => {
    const news = app.services.resource(News);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      work.push(news.create({ heading: `busy ${i}` }, SYSTEM).then((row) => (i % 2 ? news.remove(row.id, SYSTEM) : row)));
      work.push(pageOf(app, News, DEEP + i, ORDERS[i % 2]));
    }
    // SQLite refuses some writes made at once (one writer); refused or not, the pages must stay right.
    await Promise.allSettled(work);
    for (const order of ORDERS.slice(0, 2)) {
      for (const offset of [DEEP + 3, DEEP + 17])
        expect(await pageOf(app, News, offset, order)).toEqual(await truthOf(app, News, offset, order));
    }
  });

  it("follow a row whose sort column an update moves past them (a whole-number column)", async () => {
    const pools = app.services.resource(Pool);
    for (let start = 0; start < 400; start += 100) {
      const now = new Date();
      await app.services.ds
        .createQueryBuilder()
        .insert()
        .into(Pool.name)
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            pid: start + i,
            lpSymbol: "LP",
            tokenAddresses: TOKEN,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    await app.services.versions.bump(Pool.name);
    const byPid = { sortField: "pid", sortOrder: "ASC" };
    const check = async () => {
      for (const offset of [DEEP, DEEP + 1, DEEP + PER_PAGE])
        expect(await pageOf(app, Pool, offset, byPid)).toEqual(await truthOf(app, Pool, offset, byPid));
    };
    await check();
    const [first] = await truthOf(app, Pool, 0, byPid);
    await pools.update(first, { pid: 1000 }, SYSTEM); // from before every mark to after them
    await check();
    const [last] = await truthOf(app, Pool, 395, byPid);
    await pools.update(last, { pid: 0 }, SYSTEM); // and back before them
    await check();
  });
});

describe("the rules of page marks", () => {
  const NEWEST = marksKey("createdAt", "DESC", UNFILTERED);
  const mark = (at: number, id: number, rank: number): PageMark => ({ at, id, value: rank, rank });
  const row = (id: number, createdAt: number) => ({ id, createdAt: new Date(createdAt) });
  const keep = (marks: KeptMarks, key: string, kept: PageMark[], version: string) => marks.keep(key, kept, marks.ticket(version), version);

  it("move a mark one place for each row that enters or leaves the list before it", () => {
    const marks = new KeptMarks();
    keep(marks, NEWEST, [mark(MARK_FROM, 50, 5000), mark(MARK_FROM + 9, 41, 4100)], "1");
    marks.written({ after: row(900, 9000) }, { from: "1", to: "2" }); // newest: before both
    expect(marks.get(NEWEST, "2")?.map((m) => m.at)).toEqual([MARK_FROM + 1, MARK_FROM + 10]);
    marks.written({ after: row(901, 4500) }, { from: "2", to: "3" }); // between them
    expect(marks.get(NEWEST, "3")?.map((m) => m.at)).toEqual([MARK_FROM + 1, MARK_FROM + 11]);
    marks.written({ before: row(900, 9000) }, { from: "3", to: "4" }); // a row before both leaves
    expect(marks.get(NEWEST, "4")?.map((m) => m.at)).toEqual([MARK_FROM, MARK_FROM + 10]);
    marks.written({ before: row(40, 4000) }, { from: "4", to: "5" }); // after both
    expect(marks.get(NEWEST, "5")?.map((m) => m.at)).toEqual([MARK_FROM, MARK_FROM + 10]);
    marks.written({ before: row(50, 5000), after: row(50, 5000) }, { from: "5", to: "6" }); // a marked row, same place
    expect(marks.get(NEWEST, "6")?.map((m) => m.at)).toEqual([MARK_FROM, MARK_FROM + 10]);
    // Same time as a mark: the id decides (newest first: a higher id comes first).
    marks.written({ after: row(51, 5000) }, { from: "6", to: "7" });
    expect(marks.get(NEWEST, "7")?.map((m) => m.at)).toEqual([MARK_FROM + 1, MARK_FROM + 11]);
    marks.written({ before: row(50, 5000), after: row(50, 5001) }, { from: "7", to: "8" }); // a marked row moves
    expect(marks.get(NEWEST, "8")).toBeUndefined();
  });

  it("drop marks of text orders and filtered lists at every write, and everything on a move not from their version", () => {
    const marks = new KeptMarks();
    const byHeading = marksKey("heading", "ASC", UNFILTERED);
    const filtered = marksKey("createdAt", "DESC", '{"visible":true}');
    keep(marks, NEWEST, [mark(MARK_FROM, 50, 5000)], "1");
    keep(marks, byHeading, [{ at: MARK_FROM, id: 7, value: "m", rank: undefined }], "1");
    keep(marks, filtered, [mark(MARK_FROM, 50, 5000)], "1");
    marks.written({ after: row(900, 9000) }, { from: "1", to: "2" });
    expect([marks.get(NEWEST, "2")?.[0].at, marks.get(byHeading, "2"), marks.get(filtered, "2")]).toEqual([
      MARK_FROM + 1,
      undefined,
      undefined,
    ]);
    marks.written({ after: row(901, 9001) }, { from: "3", to: "4" }); // another replica wrote 2 → 3
    expect(marks.get(NEWEST, "4")).toBeUndefined();
    keep(marks, NEWEST, [mark(MARK_FROM, 50, 5000)], "4");
    marks.written({ after: row(902, 9002) }, undefined); // the move is not known (Redis away)
    expect(marks.get(NEWEST, "5")).toBeUndefined();
  });
});
