import { readdirSync } from "fs";
import { resources } from "../../src/resources";
import { restRoutes } from "../../src/rest/routes";
import { files } from "../support/files";
import { mutationSignature, sampleInput, selection } from "../support/samples";
import { ADMIN, startSignedIn, TEST_DB, TestApp } from "../support/testApp";
import { eventsAfter, lastEventId } from "../support/audit";

jest.setTimeout(240_000);

/**
 * Every mutation of every resource appends exactly one audit event, in the
 * write's transaction, naming who, how and what changed; the events
 * themselves cannot be changed through any API.
 */
describe("audit events", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => ({ app, token } = await startSignedIn()));
  afterAll(() => app.close());

  const writable = resources.filter((r) => r.operations.create || r.operations.update || r.operations.delete);

  it("every GraphQL create, update and delete of every resource appends one event with its changes", async () => {
    for (const resource of writable.filter((declared) => declared.operations.create)) {
      const sel = selection(resource);
      const { decl, pass } = mutationSignature(resource);
      const sample = sampleInput(resource, 7);
      let since = await lastEventId(app);
      const res = await app.upload(
        `mutation(${decl}) { create${resource.name}(${pass}) { ${sel} version } }`,
        sample.vars,
        sample.files,
        token,
      );
      expect(res.body.errors).toBeUndefined();
      const record = res.body.data[`create${resource.name}`];
      expect(record.version).toBe(1);
      let events = await eventsAfter(app, since);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        resource: resource.name,
        recordId: String(record.id),
        operation: "create",
        actorName: ADMIN.name,
        transport: "graphql",
      });
      expect(events[0].requestId).toBeTruthy();
      expect(events[0].ip).toBeTruthy();
      // Images by file name; secrets (the password hash) redacted, never their values.
      for (const [name, spec] of Object.entries(resource.fields)) {
        const change = events[0].changes.find((c) => c.field === name);
        if (spec.kind === "image") expect(change).toEqual({ field: name, before: null, after: record[name] });
        if (spec.hidden && change) expect(change).toEqual({ field: name, redacted: true });
      }
      expect(JSON.stringify(events[0])).not.toContain("a-good-password");

      if (resource.operations.update) {
        const field = Object.entries(resource.fields).find(
          ([, s]) => !s.hidden && !s.readOnly && !s.immutable && !s.unique && s.kind === "string" && !s.oneOf && !s.format,
        )?.[0];
        if (field) {
          since = await lastEventId(app);
          const updated = await app.gql(
            `mutation($id: ID!, $v: String) { update${resource.name}(id: $id, ${field}: $v, expectedVersion: 1) { id version } }`,
            { id: record.id, v: "changed by the audit test" },
            token,
          );
          expect(updated.body.errors).toBeUndefined();
          expect(updated.body.data[`update${resource.name}`].version).toBe(2);
          events = await eventsAfter(app, since);
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({ operation: "update", recordId: String(record.id) });
          expect(events[0].changes).toEqual([{ field, before: record[field], after: "changed by the audit test" }]);
        }
      }
      if (resource.operations.delete) {
        since = await lastEventId(app);
        const removed = await app.gql(`mutation($id: ID!) { delete${resource.name}(id: $id) { id } }`, { id: record.id }, token);
        expect(removed.body.errors).toBeUndefined();
        events = await eventsAfter(app, since);
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ operation: "delete", recordId: String(record.id), resource: resource.name });
      }
    }
  });

  it("an append counts as a write of AuditEvent: cached answers of the event list are dropped", async () => {
    const before = app.services.versions.of("AuditEvent");
    await app.gql(`mutation { createNews(heading: "Bumps the events") { id } }`, {}, token);
    expect(app.services.versions.of("AuditEvent")).not.toBe(before);
  });

  it("rich text is recorded as a compact diff", async () => {
    const long = `<p>${"An unchanged sentence of the news. ".repeat(30)}The old word.</p>`;
    const created = await app.gql(`mutation($d: String) { createNews(heading: "Diffed", description: $d) { id } }`, { d: long }, token);
    const id = created.body.data.createNews.id;
    const since = await lastEventId(app);
    await app.gql(
      `mutation($id: ID!, $d: String) { updateNews(id: $id, description: $d) { id } }`,
      { id, d: long.replace("old", "new") },
      token,
    );
    const [event] = await eventsAfter(app, since);
    const change = event.changes[0] as { field: string; diff: string };
    expect(change.field).toBe("description");
    expect(change.diff).toContain("[-old-]{+new+}");
    expect(change.diff.length).toBeLessThan(120);
  });

  it("a REST write appends one event with transport rest; a show/hide toggle is a status event", async () => {
    const created = await app.gql(`mutation { createNews(heading: "By REST") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    let since = await lastEventId(app);
    const res = await app.http.post("/api/update/news").set("Authorization", token).field("_id", id).field("Heading", "Changed by REST");
    expect(res.status).toBe(200);
    let events = await eventsAfter(app, since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ transport: "rest", operation: "update", actorName: ADMIN.name });
    expect(events[0].changes).toEqual([{ field: "heading", before: "By REST", after: "Changed by REST" }]);

    since = await lastEventId(app);
    const toggled = await app.http.post("/api/status-mainnews").set("Authorization", token).send({ _id: id, status: false });
    expect(toggled.status).toBe(200);
    events = await eventsAfter(app, since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ operation: "status", transport: "rest" });
    expect(events[0].changes).toEqual([{ field: "visible", before: true, after: false }]);
  });

  it("a password change is recorded redacted", async () => {
    const created = await app.gql(
      `mutation { createUser(name: "Pat", email: "pat@example.com", password: "first-password", password2: "first-password") { id } }`,
      {},
      token,
    );
    const since = await lastEventId(app);
    const id = created.body.data.createUser.id;
    await app.gql(`mutation($id: ID!) { updateUser(id: $id, password: "second-password") { id } }`, { id }, token);
    const [event] = await eventsAfter(app, since);
    expect(event.changes).toEqual([{ field: "passwordHash", redacted: true }]);
    expect(JSON.stringify(event)).not.toMatch(/second-password|\$2[aby]\$/);
  });

  it("a failing event insert rolls the change back and leaves no image", async () => {
    const imagesBefore = readdirSync(app.services.config.imagesDir).sort();
    const newsBefore = await app.services.ds.getRepository("News").count();
    await app.services.ds.query(
      TEST_DB === "mysql"
        ? "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'"
        : "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
    try {
      const res = await app.upload(
        `mutation($file: Upload) { createNews(heading: "Never stored", file: $file) { id } }`,
        { file: null },
        { file: files.png },
        token,
      );
      expect(res.body.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      const existing = await app.gql(`{ allNews(perPage: 1) { id heading } }`, {}, token);
      const id = existing.body.data.allNews[0].id;
      const update = await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Never saved") { id } }`, { id }, token);
      expect(update.body.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      const removal = await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id }, token);
      expect(removal.body.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      expect(await app.services.ds.getRepository("News").count()).toBe(newsBefore);
      const after = await app.gql(`query($id: ID!) { News(id: $id) { heading } }`, { id }, token);
      expect(after.body.data.News.heading).toBe(existing.body.data.allNews[0].heading);
      expect(readdirSync(app.services.config.imagesDir).sort()).toEqual(imagesBefore);
    } finally {
      await app.services.ds.query("DROP TRIGGER IF EXISTS refuse_audit");
    }
  });

  it("no API changes an event: no mutation and no REST route for AuditEvent", async () => {
    const schema = await app.gql(`{ __schema { mutationType { fields { name } } } }`, {}, token);
    const mutations = schema.body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name);
    expect(mutations.filter((name: string) => /AuditEvent/.test(name))).toEqual([]);
    expect(restRoutes.filter((route) => route.resource?.name === "AuditEvent")).toEqual([]);
    const res = await app.gql(`mutation { deleteAuditEvent(id: 1) { id } }`, {}, token);
    expect(res.status).toBe(400);
  });

  it("lists events newest first with each filter, for admins only", async () => {
    const list = (filter: Record<string, unknown>, auth = token) =>
      app.gql(
        `query($f: AuditEventFilter) { allAuditEvents(filter: $f, perPage: 5) { id resource operation transport createdAt } _allAuditEventsMeta(filter: $f) { count } }`,
        { f: filter },
        auth,
      );
    const all = await list({});
    const ids = all.body.data.allAuditEvents.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const filter of [{ resource: "News" }, { operation: "status" }, { transport: "rest" }, { actorId: 1 }, { q: "News" }]) {
      const res = await list(filter);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data._allAuditEventsMeta.count).toBeGreaterThan(0);
    }
    expect((await list({ recordId: "no-such-record" })).body.data._allAuditEventsMeta.count).toBe(0);
    expect((await list({}, "")).body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
