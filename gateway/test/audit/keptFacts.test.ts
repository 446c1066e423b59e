import { SYSTEM } from "../../src/auth/access";
import { AuditEvent } from "../../src/resources/auditEvent";
import { News } from "../../src/resources/news";
import { startTestApp, TestApp } from "../support/testApp";

/**
 * The count and the deep pages of the audit trail (the Activity screen) are
 * kept at the AuditEvent version like those of public lists: each write that
 * appends one event carries them over it (+1, the marks one place on), and
 * anything else (a prune, another replica's event) makes them read again. An
 * event inserted behind the trail's back (no version moves) tells a kept
 * answer from a read one.
 */

const DEEP = 300;
const PAGE = 10;

describe("kept counts and page marks of audit events", () => {
  let app: TestApp;
  const events = () => app.services.resource(AuditEvent);
  const count = () => events().count({}, SYSTEM);
  const rowsInTable = () => app.services.ds.getRepository(AuditEvent.name).count();
  const page = async (offset: number) => (await events().list({ page: offset / PAGE, perPage: PAGE }, SYSTEM)).map((row) => row.id);
  /** The page the walk gives, newest first, as the table holds it now. */
  const walked = async (offset: number) =>
    (
      await app.services.ds
        .getRepository(AuditEvent.name)
        .createQueryBuilder("e")
        .select("e.id", "id")
        .orderBy("e.createdAt", "DESC")
        .addOrderBy("e.id", "DESC")
        .offset(offset)
        .limit(PAGE)
        .getRawMany<{ id: number | string }>()
    ).map((row) => Number(row.id));
  /** An event the trail does not know of (no version moves), older than every other: after every mark. */
  const behindTheTrail = async (at = new Date(Date.UTC(2020, 0, 1))) => {
    await app.services.ds.getRepository(AuditEvent.name).insert({
      actorName: "nobody",
      transport: "system",
      resource: "News",
      operation: "create",
      changes: "[]",
      createdAt: at,
      updatedAt: at,
    });
  };

  beforeAll(async () => {
    app = await startTestApp({ admin: false, env: { AUDIT_RETENTION_DAYS: "30" } });
    const start = Date.UTC(2025, 0, 1);
    for (let from = 0; from < 600; from += 100) {
      await app.services.ds.getRepository(AuditEvent.name).insert(
        Array.from({ length: 100 }, (_, i) => ({
          actorName: "seed",
          transport: "system",
          resource: "News",
          operation: "update",
          changes: "[]",
          createdAt: new Date(start + Math.floor((from + i) / 2) * 1000),
          updatedAt: new Date(start),
        })),
      );
    }
    await app.services.versions.bump(AuditEvent.name);
  });
  afterAll(() => app?.close());

  it("carry the count over each write's event, and read it again after anything else", async () => {
    expect(await count()).toBe(600);
    await behindTheTrail();
    expect(await count()).toBe(600); // kept
    const news = await app.services.resource(News).create({ heading: "one event" }, SYSTEM);
    expect(await count()).toBe(601); // carried over the create's event (read again, it would be 602)
    await app.services.resource(News).remove(news.id, SYSTEM);
    expect(await count()).toBe(602);
    // Another replica's event moves the version past the kept count: read again.
    await app.services.versions.bump(AuditEvent.name);
    expect(await count()).toBe(await rowsInTable());
  });

  it("let deep pages seek from marks carried over each write's event", async () => {
    expect(await page(DEEP)).toEqual(await walked(DEEP));
    const news = await app.services.resource(News).create({ heading: "newest event" }, SYSTEM);
    await app.services.resource(News).update(news.id, { heading: "and another" }, SYSTEM);
    expect(await page(DEEP + PAGE)).toEqual(await walked(DEEP + PAGE));
    // A newer event behind the trail's back (before the marks) is not counted by a page read from a mark.
    await behindTheTrail(new Date());
    expect(await page(DEEP + 2 * PAGE)).toEqual(await walked(DEEP + 2 * PAGE + 1));
    await app.services.versions.bump(AuditEvent.name);
    expect(await page(DEEP + 2 * PAGE)).toEqual(await walked(DEEP + 2 * PAGE));
  });

  it("stay exact under concurrent writes, and are read again after a prune", async () => {
    await count();
    const writes = Array.from({ length: 12 }, (_, i) => app.services.resource(News).create({ heading: `busy ${i}` }, SYSTEM));
    const reads = Array.from({ length: 12 }, () => count());
    await Promise.allSettled([...writes, ...reads]);
    expect(await count()).toBe(await rowsInTable());
    expect(await page(DEEP)).toEqual(await walked(DEEP));

    // Every seeded event is older than the retention: the prune drops what was kept.
    await page(DEEP);
    expect(await app.services.retention.prune()).toBeGreaterThan(0);
    expect(await count()).toBe(await rowsInTable());
    expect(await page(0)).toEqual(await walked(0));
  });
});
