import { keptReadsOf, resourcesRead } from "../../src/cache/graphqlAnswers";
import { User } from "../../src/resources/user";
import { resources } from "../../src/resources";
import { startTestApp, TestApp } from "../support/testApp";

/** A kept answer carries the cache's strong ETag (express tags the others W/ by itself). */
const kept = (res: { headers: Record<string, string> }) => /^"[\w-]+"$/.test(res.headers.etag ?? "");

const LIST = `query($page: Int, $perPage: Int) {
  items: allNews(page: $page, perPage: $perPage) { id heading }
  total: _allNewsMeta { count } }`;

describe("public GraphQL reads answered from the versioned answer cache", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    const token = await app.adminToken();
    for (const heading of ["First", "Second", "Third"])
      await app.gql(`mutation($h: String!) { createNews(heading: $h) { id } }`, { h: heading }, token);
  });
  afterAll(() => app.close());

  const post = (body: object, headers: Record<string, string> = {}) => {
    const req = app.http.post("/graphql").set("Content-Type", "application/json");
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send(body);
  };

  it("answers the same query and variables with the same bytes and ETag, gzip-compressed for clients that ask", async () => {
    const body = { query: LIST, variables: { page: 0, perPage: 2 } };
    const first = await post(body, { "Accept-Encoding": "gzip" });
    const again = await post(body, { "Accept-Encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(kept(first)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["content-encoding"]).toBe("gzip");
    expect(again.body).toEqual(first.body);
    expect(first.body.data.items.map((row: { heading: string }) => row.heading)).toEqual(["Third", "Second"]);
    expect(first.body.data.total.count).toBe(3);
    // Other variables are another answer.
    const other = await post({ query: LIST, variables: { page: 1, perPage: 2 } });
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(other.body.data.items.map((row: { heading: string }) => row.heading)).toEqual(["First"]);
  });

  it("answers 304 to If-None-Match while nothing changed, and the whole answer to a stale tag", async () => {
    const body = { query: LIST, variables: { page: 0, perPage: 2 } };
    const first = await post(body);
    const revalidated = await post(body, { "If-None-Match": first.headers.etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text ?? "").toBe("");
    const stale = await post(body, { "If-None-Match": '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it("shares an answer with signed-in callers (it does not depend on them); a token that is not valid reads as nobody", async () => {
    const body = { query: LIST, variables: { page: 0, perPage: 3 } };
    const anonymous = await post(body);
    const signedIn = await post(body, { Authorization: await app.adminToken() });
    expect(kept(anonymous)).toBe(true);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    const unknownToken = await post(body, { Authorization: "Bearer not-a-token" });
    expect(unknownToken.status).toBe(200);
    expect(unknownToken.body).toEqual(anonymous.body);
  });

  it("shows a write at once: a new answer with a new ETag, and the old tag no longer revalidates", async () => {
    const body = { query: LIST, variables: { page: 0, perPage: 5 } };
    const before = await post(body);
    const token = await app.adminToken();
    const created = await app.gql(`mutation { createNews(heading: "Fourth") { id } }`, {}, token);
    const after = await post(body);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.data.items[0].heading).toBe("Fourth");
    expect(after.body.data.total.count).toBe(before.body.data.total.count + 1);
    expect((await post(body, { "If-None-Match": before.headers.etag })).status).toBe(200);

    const one = { query: `query($id: ID!) { News(id: $id) { heading } }`, variables: { id: created.body.data.createNews.id } };
    expect((await post(one)).body.data.News.heading).toBe("Fourth");
    await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Fourth, edited") { id } }`, one.variables, token);
    expect((await post(one)).body.data.News.heading).toBe("Fourth, edited");
    await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, one.variables, token);
    const gone = await post(one);
    expect(gone.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("keeps no read of what callers do not create (contact messages), of users or of `me` (cache/privateAnswers.test.ts: what is kept)", async () => {
    const token = await app.adminToken();
    const privateList = { query: `{ allContactMessages { id } _allContactMessagesMeta { count } }` };
    const signedIn = await post(privateList, { Authorization: token });
    expect(signedIn.status).toBe(200);
    expect(kept(signedIn)).toBe(false);
    const anonymous = await post(privateList);
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(kept(anonymous)).toBe(false);
    // A public read beside one that is never kept is not kept as a whole.
    const mixed = await post({ query: `{ allNews { id } allUsers { id } }` }, { Authorization: token });
    expect(mixed.status).toBe(200);
    expect(kept(mixed)).toBe(false);
    const me = await post({ query: `{ me { email } }` }, { Authorization: token });
    expect(me.status).toBe(200);
    expect(kept(me)).toBe(false);
  });

  it("never keeps an error: a missing record, a refused argument or an invalid query is asked again each time", async () => {
    const missing = { query: `{ News(id: "999999") { id } }` };
    const first = await post(missing);
    expect(first.body.errors[0].extensions.code).toBe("NOT_FOUND");
    expect(kept(first)).toBe(false);
    const badPage = await post({ query: `{ allNews(perPage: 100000) { id } }` });
    expect(badPage.status).toBe(400);
    expect(kept(badPage)).toBe(false);
    const invalid = await post({ query: `{ allNews { noSuchField } }` });
    expect(invalid.status).toBe(400);
    expect(kept(invalid)).toBe(false);
    expect((await post({ query: `{ allNews { noSuchField } }` })).status).toBe(400);
  });

  it("leaves mutations to Apollo, even when their text reads like a public query", async () => {
    const token = await app.adminToken();
    const res = await post({ query: `mutation { createNews(heading: "By mutation") { id } }` }, { Authorization: token });
    expect(res.status).toBe(200);
    expect(kept(res)).toBe(false);
    expect(res.body.data.createNews.id).toBeDefined();
  });
});

describe("which queries are kept reads", () => {
  const reads = keptReadsOf(resources, [User]);

  const publicRead = (...names: string[]) => ({ resources: names, access: "public" });

  it("names the public resources every top-level field reads, through aliases and fragments", () => {
    expect(resourcesRead(`{ a: allNews { id } b: _allArticlesMeta { count } __typename }`, undefined, reads)).toEqual(
      publicRead("Article", "News"),
    );
    expect(resourcesRead(`query Q { ...F } fragment F on Query { News(id: 1) { id } }`, "Q", reads)).toEqual(publicRead("News"));
    expect(resourcesRead(`{ ... on Query { allPools { id } } }`, undefined, reads)).toEqual(publicRead("Pool"));
  });

  it("refuses resources written outside their service, other fields, mutations, introspection and ambiguous or broken documents", () => {
    expect(resourcesRead(`{ allUsers { id } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`{ allNews { id } allSessions { id } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`{ me { id } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`{ __schema { types { name } } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`mutation { deleteNews(id: 1) { id } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`query A { allNews { id } } query B { allNews { id } }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`query A { allNews { id } }`, "B", reads)).toBeUndefined();
    expect(resourcesRead(`{ allNews { id }`, undefined, reads)).toBeUndefined();
    expect(resourcesRead(`{ __typename }`, undefined, reads)).toBeUndefined();
  });
});

describe("public GraphQL reads with PUBLIC_CACHE_MB=0", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp({ env: { PUBLIC_CACHE_MB: "0" } })));
  afterAll(() => app.close());

  it("are answered by Apollo each time, without an ETag", async () => {
    const res = await app.http.post("/graphql").set("Content-Type", "application/json").send({ query: LIST });
    expect(res.status).toBe(200);
    expect(kept(res)).toBe(false);
    expect(res.body.data.total.count).toBe(0);
  });
});
