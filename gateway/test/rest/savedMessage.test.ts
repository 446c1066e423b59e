import { errorCode } from "../support/testApp";
import { expectWrite, RestApp, startRestApp } from "../support/rest";

/** A save answers the same message on both transports: REST's data.message, GraphQL's extensions.message (the admin toasts it). */
describe("the saved message", () => {
  let app: RestApp;
  let token: string;
  beforeAll(async () => {
    app = await startRestApp();
    token = await app.adminToken();
  });
  afterAll(() => app.close());

  it("is REST's message on GraphQL creates, updates and deletes; an error carries none", async () => {
    const rest = expectWrite(await app.post("/api/add/news", { Heading: "Over REST" }));
    expect((await app.post("/api/add/news", { Heading: "Again" })).body.message).toBe("News added successfully");

    const created = await app.gql(`mutation { createNews(heading: "Over GraphQL") { id } }`, {}, token);
    expect(created.body.extensions).toEqual({ message: "News added successfully" });
    const id = created.body.data.createNews.id;
    const updated = await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Renamed") { id } }`, { id }, token);
    expect(updated.body.extensions).toEqual({ message: "News updated successfully" });
    const deleted = await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: rest._id }, token);
    expect(deleted.body.extensions).toEqual({ message: "News deleted successfully" });

    const refused = await app.gql(`mutation { createNews(heading: "") { id } }`, {}, token);
    expect(errorCode(refused)).toBe("BAD_USER_INPUT");
    expect(refused.body.extensions?.message).toBeUndefined();
    const read = await app.gql(`{ allNews { id } }`, {}, token);
    expect(read.body.extensions?.message).toBeUndefined();
  });
});
