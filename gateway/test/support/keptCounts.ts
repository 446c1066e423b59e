import { SYSTEM } from "../../src/auth/access";
import { News } from "../../src/resources/news";
import type { TestApp } from "./testApp";

/** What the kept-count tests share: rows written with and without the service, counts, and concurrent writes. */

export const UNFILTERED = {};
export const VISIBLE = { visible: true };

/** Inserts a news row without the service (so that no version moves): only a count read again sees it. */
export async function insertBehindTheService(app: TestApp, heading: string) {
  const now = new Date();
  await app.services.ds
    .createQueryBuilder()
    .insert()
    .into(News.name)
    .values({ heading, visible: true, createdAt: now, updatedAt: now })
    .execute();
}

export const rowsInTable = (app: TestApp) => app.services.ds.getRepository(News.name).count();
export const countOf = (app: TestApp, filter: Record<string, unknown> = UNFILTERED) => app.services.resource(News).count(filter, undefined);
export const create = (app: TestApp, heading: string) => app.services.resource(News).create({ heading }, SYSTEM);

/**
 * Polls `check` every 20 ms until it holds (bounded: generous, since a replica whose version reads come back late
 * stops trusting its mirror until they do, which on a heavily loaded machine lasted seconds).
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
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
export async function concurrentWrites(apps: TestApp[], rounds: number): Promise<number> {
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
