import { ConfigError, loadConfig } from "../../src/config";
import { startSignedIn, TestApp } from "../support/testApp";
import { eventsAfter } from "../support/audit";

jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;

/** AUDIT_RETENTION_DAYS: only events older than the retention go, in bounded batches; none go by default. */
describe("audit retention", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => ({ app, token } = await startSignedIn({ env: { AUDIT_RETENTION_DAYS: "30" } })));
  afterAll(() => app.close());

  it("is validated, and keeps events forever unless set", () => {
    const base = { DATA_DIR: app.dataDir, DATABASE_URL: "sqlite:/tmp/unused.sqlite", JWT_SECRET: "x".repeat(32) };
    expect(loadConfig(base).auditRetentionDays).toBeNull();
    expect(loadConfig({ ...base, AUDIT_RETENTION_DAYS: "90" }).auditRetentionDays).toBe(90);
    for (const bad of ["0", "-1", "ten", "1.5"]) expect(() => loadConfig({ ...base, AUDIT_RETENTION_DAYS: bad })).toThrow(ConfigError);
  });

  it("prunes only the events older than the retention, oldest first in batches, and records the prune", async () => {
    for (const heading of ["one", "two", "three", "four", "five"])
      await app.gql(`mutation($h: String!) { createNews(heading: $h) { id } }`, { h: heading }, token);
    const all = await eventsAfter(app);
    const old = all.slice(0, 4).map((event) => event.id);
    const backdated = new Date(Date.now() - 40 * DAY_MS);
    await app.services.ds.getRepository("AuditEvent").update(old, { createdAt: backdated });
    // Just inside the retention: kept.
    const recent = all[4].id;
    await app.services.ds.getRepository("AuditEvent").update(recent, { createdAt: new Date(Date.now() - 29 * DAY_MS) });

    expect(await app.services.retention.prune(new Date(), 3)).toBe(4);
    const left = await eventsAfter(app);
    expect(left.filter((event) => old.includes(event.id))).toEqual([]);
    expect(left.map((event) => event.id)).toEqual(expect.arrayContaining(all.slice(4).map((event) => event.id)));
    const prune = left[left.length - 1];
    expect(prune).toMatchObject({ resource: "AuditEvent", operation: "delete", actorName: "system", transport: "system" });
    expect(await app.services.retention.prune()).toBe(0);

    const listed = await app.gql(`{ _allAuditEventsMeta { count } }`, {}, token);
    expect(listed.body.data._allAuditEventsMeta.count).toBe(left.length);
  });
});
