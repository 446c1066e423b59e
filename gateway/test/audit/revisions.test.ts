import { startSignedIn, TestApp } from "../support/testApp";
import { eventsAfter, lastEventId } from "../support/audit";

jest.setTimeout(120_000);

const revisions = `query($id: ID!) { revisions(resource: "News", id: $id) { eventId createdAt actorName operation fields values } }`;
const restore = `mutation($e: ID!) { restoreRevision(eventId: $e) { id resource recordId operation changes actorName } }`;

/** A record's history, and a revision written back as a new audited change. */
describe("revisions and restoreRevision", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => ({ app, token } = await startSignedIn()));
  afterAll(() => app.close());

  const news = async (id: string) =>
    (await app.gql(`query($id: ID!) { News(id: $id) { heading description version } }`, { id }, token)).body.data.News;

  it("update twice, restore the first revision: the values come back as a restore event", async () => {
    const created = await app.gql(`mutation { createNews(heading: "First", description: "<p>one</p>") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Second") { id } }`, { id }, token);
    await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Third", description: "<p>three</p>") { id } }`, { id }, token);

    const history = (await app.gql(revisions, { id }, token)).body.data.revisions;
    expect(history.map((r: { operation: string }) => r.operation)).toEqual(["update", "update", "create"]);
    expect(history[0].fields.sort()).toEqual(["description", "heading"]);
    expect(JSON.parse(history[1].values)).toMatchObject({ heading: "Second", description: "<p>one</p>" });

    const since = await lastEventId(app);
    const restored = await app.gql(restore, { e: history[1].eventId }, token);
    expect(restored.body.errors).toBeUndefined();
    expect(restored.body.data.restoreRevision).toMatchObject({
      resource: "News",
      recordId: String(id),
      operation: "restore",
      actorName: "admin",
    });
    expect(await news(id)).toEqual({ heading: "Second", description: "<p>one</p>", version: 4 });
    const events = await eventsAfter(app, since);
    expect(events).toHaveLength(1);
    expect(events[0].changes.map((c) => c.field).sort()).toEqual(["description", "heading"]);
    expect((await app.gql(revisions, { id }, token)).body.data.revisions[0].operation).toBe("restore");
  });

  it("restoring a deletion recreates the record with its id", async () => {
    const created = await app.gql(`mutation { createNews(heading: "Deleted then back") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id }, token);
    const history = (await app.gql(revisions, { id }, token)).body.data.revisions;
    expect(history[0].operation).toBe("delete");
    expect(JSON.parse(history[0].values)).toMatchObject({ heading: "Deleted then back" });

    const restored = await app.gql(restore, { e: history[0].eventId }, token);
    expect(restored.body.errors).toBeUndefined();
    expect(restored.body.data.restoreRevision.recordId).toBe(String(id));
    expect((await news(id)).heading).toBe("Deleted then back");
  });

  it("refuses a revision of a deleted record (other than its deletion), and resources without history", async () => {
    const created = await app.gql(`mutation { createNews(heading: "Gone") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    const [createEvent] = (await app.gql(revisions, { id }, token)).body.data.revisions;
    await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id }, token);
    const refused = await app.gql(restore, { e: createEvent.eventId }, token);
    expect(refused.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const users = await app.gql(`{ revisions(resource: "User", id: "1") { eventId } }`, {}, token);
    expect(users.body.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const [userEvent] = await eventsAfter(app, 0);
    expect(userEvent.resource).toBe("User");
    const restoreUser = await app.gql(restore, { e: userEvent.id }, token);
    expect(restoreUser.body.errors?.[0].message).toMatch(/User records have no revisions/);
  });

  it("a restore is validated like any save", async () => {
    const created = await app.gql(`mutation { createSetting(name: "site_title", value: "Old") { id } }`, {}, token);
    const id = created.body.data.createSetting.id;
    const [event] = await eventsAfter(app, (await lastEventId(app)) - 1);
    // Another record takes the name meanwhile: the revision no longer passes uniqueness.
    await app.gql(`mutation($id: ID!) { deleteSetting(id: $id) { id } }`, { id }, token);
    await app.gql(`mutation { createSetting(name: "site_title", value: "New") { id } }`, {}, token);
    const refused = await app.gql(restore, { e: event.id }, token);
    expect(refused.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const deletion = (await app.gql(`query($id: ID!) { revisions(resource: "Setting", id: $id) { eventId operation } }`, { id }, token))
      .body.data.revisions[0];
    const again = await app.gql(restore, { e: deletion.eventId }, token);
    expect(again.body.errors?.[0].extensions?.fieldErrors).toEqual({ name: "Name already exists" });
  });

  it("is for admins only", async () => {
    expect((await app.gql(revisions, { id: "1" })).body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await app.gql(restore, { e: "1" })).body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
