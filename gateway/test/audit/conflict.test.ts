import { startSignedIn, TestApp } from "../support/testApp";

jest.setTimeout(120_000);

const update = `mutation($id: ID!, $h: String, $v: Int) { updateNews(id: $id, heading: $h, expectedVersion: $v) { id heading version } }`;

/** Two people edit the same record: the second save, based on the version both opened, is refused. */
describe("version and CONFLICT", () => {
  let app: TestApp;
  let token: string;
  let other: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
    await app.gql(
      `mutation { createUser(name: "Editor", email: "ed@example.com", password: "editor-pass-1", password2: "editor-pass-1", role: "editor") { id } }`,
      {},
      token,
    );
    const login = await app.gql(`mutation { login(email: "ed@example.com", password: "editor-pass-1") { token } }`);
    other = `Bearer ${login.body.data.login.token}`;
  });
  afterAll(() => app.close());

  it("GraphQL: the stale save gets CONFLICT with who saved and when", async () => {
    const created = await app.gql(`mutation { createNews(heading: "Opened by two") { id version } }`, {}, token);
    const { id, version } = created.body.data.createNews;
    const first = await app.gql(update, { id, h: "Editor's", v: version }, other);
    expect(first.body.data.updateNews.version).toBe(2);
    const second = await app.gql(update, { id, h: "Admin's", v: version }, token);
    const error = second.body.errors?.[0];
    expect(error?.extensions).toMatchObject({ code: "CONFLICT", savedBy: "Editor", currentVersion: 2 });
    expect(error?.message).toBe(`Someone else changed this record since you opened it (saved by Editor at ${error?.extensions?.savedAt})`);
    expect(Number.isNaN(Date.parse(error?.extensions?.savedAt))).toBe(false);
    const now = await app.gql(`query($id: ID!) { News(id: $id) { heading version } }`, { id }, token);
    expect(now.body.data.News).toEqual({ heading: "Editor's", version: 2 });
  });

  it("two concurrent saves of the same version: exactly one passes", async () => {
    const created = await app.gql(`mutation { createNews(heading: "Raced") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    const results = await Promise.all([app.gql(update, { id, h: "A", v: 1 }, token), app.gql(update, { id, h: "B", v: 1 }, other)]);
    const codes = results.map((r) => r.body.errors?.[0]?.extensions?.code ?? "OK").sort();
    expect(codes).toEqual(["CONFLICT", "OK"]);
  });

  it("REST: a stale expectedVersion answers 409; without it the save goes through as before", async () => {
    const created = await app.gql(`mutation { createNews(heading: "By REST") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    await app.gql(update, { id, h: "Newer", v: 1 }, other);
    const stale = await app.http
      .post("/api/update/news")
      .set("Authorization", token)
      .field("_id", id)
      .field("Heading", "Stale")
      .field("expectedVersion", "1");
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone else changed this record since you opened it \(saved by Editor at .+\)$/);
    const current = await app.http
      .post("/api/update/news")
      .set("Authorization", token)
      .field("_id", id)
      .field("Heading", "Current")
      .field("expectedVersion", "2");
    expect(current.status).toBe(200);
    const legacy = await app.http.post("/api/update/news").set("Authorization", token).field("_id", id).field("Heading", "Legacy");
    expect(legacy.status).toBe(200);
    const now = await app.gql(`query($id: ID!) { News(id: $id) { heading version } }`, { id }, token);
    expect(now.body.data.News).toEqual({ heading: "Legacy", version: 4 });
    const bad = await app.http.post("/api/update/news").set("Authorization", token).field("_id", id).field("expectedVersion", "soon");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ expectedVersion: "Expected version must be a positive whole number" });
  });
});
