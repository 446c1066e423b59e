import { AuditEvent } from "../../src/resources/auditEvent";
import { applyFilter, applySortAndPage } from "../../src/resources/kit/query";
import { startTestApp, TEST_DB, TestApp } from "../support/testApp";

jest.setTimeout(120_000);

const ROWS = 3000;

/** Events spread over resources, operations, transports and actors, written in a few bulk inserts. */
async function seedEvents(app: TestApp) {
  const repo = app.services.ds.getRepository(AuditEvent.name);
  const start = Date.now() - ROWS * 1000;
  for (let from = 0; from < ROWS; from += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const seq = from + i;
      const at = new Date(start + seq * 1000);
      return {
        actorId: seq % 7,
        actorName: `user ${seq % 7}`,
        transport: ["graphql", "rest", "system", "chain"][seq % 4],
        resource: ["News", "Setting", "Article", "User", "LaunchPad"][seq % 5],
        recordId: String(seq % 97),
        operation: ["create", "update", "delete", "restore", "status"][seq % 5],
        changes: "[]",
        createdAt: at,
        updatedAt: at,
      };
    });
    await repo.insert(rows);
  }
  if (TEST_DB === "mysql") await app.services.ds.query("ANALYZE TABLE audit_events");
  else await app.services.ds.query("ANALYZE");
}

/** The plan of the audit list's id query (as the service builds it) for a filter, by default sorted newest first. */
async function planOf(
  app: TestApp,
  filter: Record<string, unknown>,
  sort: { sortField?: string; sortOrder?: string } = {},
): Promise<string> {
  const qb = app.services.ds.getRepository(AuditEvent.name).createQueryBuilder("r").select("r.id", "id");
  await applyFilter(qb, AuditEvent, filter);
  applySortAndPage(qb, AuditEvent, { perPage: 25, page: 0, ...sort });
  const [sql, params] = qb.getQueryAndParameters();
  const rows: Record<string, unknown>[] = await app.services.ds.query(
    `${TEST_DB === "mysql" ? "EXPLAIN" : "EXPLAIN QUERY PLAN"} ${sql}`,
    params,
  );
  return TEST_DB === "mysql"
    ? rows.map((row) => `key=${row.key} type=${row.type} extra=${row.Extra}`).join("\n")
    : rows.map((row) => String(row.detail)).join("\n");
}

/** The default sort and every filter of the audit list are served by an index, not a scan and a sort. */
describe("audit_events indexes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ admin: false });
    await seedEvents(app);
  });
  afterAll(() => app.close());

  const since = new Date(Date.now() - 100 * 1000);
  it.each([
    ["the default list", {}, "IDX_audit_events_createdAt_id"],
    ["actorId", { actorId: 3 }, "IDX_audit_events_actorId_createdAt_id"],
    ["resource", { resource: "News" }, "IDX_audit_events_resource_createdAt_id"],
    ["resource and recordId", { resource: "News", recordId: "5" }, "IDX_audit_events_resource_recordId_createdAt_id"],
    ["recordId", { recordId: "5" }, "IDX_audit_events_recordId_createdAt_id"],
    ["operation", { operation: "update" }, "IDX_audit_events_operation_createdAt_id"],
    ["transport", { transport: "rest" }, "IDX_audit_events_transport_createdAt_id"],
    ["createdAt range", { createdAt_gte: since, createdAt_lte: new Date() }, "IDX_audit_events_createdAt_id"],
  ])("%s", async (_name, filter, index) => {
    const plan = await planOf(app, filter);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE|filesort|SCAN r\b(?! USING)/i);
  });

  // The Activity screen's sortable columns: each by its own index, both ways.
  it.each(
    ["actorName", "transport", "resource", "operation", "txHash"].flatMap((field) => [
      [field, "ASC"],
      [field, "DESC"],
    ]),
  )("sorted by %s %s", async (sortField, sortOrder) => {
    const plan = await planOf(app, {}, { sortField, sortOrder });
    expect(plan).toContain(`IDX_audit_events_${sortField}_id`);
    expect(plan).not.toMatch(/TEMP B-TREE|filesort|SCAN r\b(?! USING)/i);
  });
});
