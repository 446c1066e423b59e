import { getIntrospectionQuery } from "graphql";
import { errorCode, fieldErrors, startTestApp, TestApp } from "../support/testApp";

/** graphql-js's lexer and executor, as every parser and Apollo use them: what a request made the gateway do. */
const { Lexer } = require("graphql/language/lexer.js") as { Lexer: { prototype: { advance(): unknown } } };
const execution = require("graphql/execution/execute.js") as { execute(...args: unknown[]): unknown };

/**
 * GraphQL documents that would freeze or exhaust the gateway are refused before
 * anything runs, with a 400 that says which limit was hit. What ran is counted
 * (tokens read, operations executed, database queries), not timed: the work a
 * refusal spares takes seconds on any machine, but so can a refusal on a loaded one.
 */
describe("GraphQL abuse limits", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp({ seed: true })));
  afterAll(() => app.close());

  const post = (body: unknown) =>
    app.http
      .post("/graphql")
      .set("Content-Type", "application/json")
      .send(body as object);

  /**
   * Sends an attack and counts what the gateway did for it: nothing is read from the database, and no operation runs
   * unless the refusal is an argument's own check (`inResolver`). Gives the answer and the tokens its parsers read.
   */
  async function attack(body: unknown, { inResolver = false } = {}) {
    const tokens = jest.spyOn(Lexer.prototype, "advance");
    const executions = jest.spyOn(execution, "execute");
    const queries = jest.spyOn(app.services.ds.logger, "logQuery");
    try {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(queries.mock.calls.map(([sql]) => sql)).toEqual([]);
      if (!inResolver) expect(executions.mock.calls.length).toBe(0);
      return Object.assign(res, { tokensRead: tokens.mock.calls.length });
    } finally {
      for (const spy of [tokens, executions, queries]) spy.mockRestore();
    }
  }

  it.each([
    ["24 KB: one field repeated 8,000 times", `{ allNews { ${"id ".repeat(8000)} } }`],
    ["150 KB: one field repeated 50,000 times", `{ allNews { ${"heading ".repeat(18750)} } }`],
    ["1.9 MB of __typename", `{ ${"__typename ".repeat(172_000)} }`],
  ])("refuses a document past the token limit (%s), reading no more of it than the limit", async (_label, query) => {
    const res = await attack({ query });
    expect(res.body.errors[0].message).toMatch(/Token limit of 5000 exceeded/);
    // The parser stops at the limit: a document of megabytes costs what one of 5,000 tokens does.
    expect(res.tokensRead).toBeGreaterThan(5000);
    expect(res.tokensRead).toBeLessThanOrEqual(5001);
  });

  it.each([
    ["1,000 copies of one field", `{ allNews { ${"id ".repeat(1000)} } }`, '"id" is selected 1000 times'],
    ["the field again in 250 inline fragments", `{ allNews { ${"id ...on News { id } ".repeat(250)} } }`, '"id" is selected 500 times'],
    [
      "one fragment spread 1,000 times",
      `fragment F on News { id heading } { allNews { ${"...F ".repeat(1000)} } }`,
      '"...F" is selected 1000 times',
    ],
  ])("refuses a selection that repeats itself under the token limit (%s)", async (_label, query, message) => {
    const res = await attack({ query });
    expect(res.body.errors[0].message).toContain(message);
    expect(res.body.errors[0].message).toContain("the limit is 10");
  });

  it("refuses 100 aliases of a 1,000-row list without growing the heap", async () => {
    const query = `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: allNews(perPage: 1000) { id heading description }`).join(" ")} }`;
    const before = process.memoryUsage().heapUsed;
    const res = await attack({ query });
    expect(res.body.errors[0].message).toBe("Query refused: Aliases limit of 30 exceeded, found 100.");
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("counts perPage: more than GRAPHQL_MAX_COST rows in one request is refused", async () => {
    const query = `query($n: Int) { ${Array.from({ length: 6 }, (_, i) => `a${i}: allNews(perPage: $n) { id }`).join(" ")} }`;
    const res = await attack({ query, variables: { n: 1000 } });
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(res.body.errors[0].message).toMatch(/asks for up to 6000 rows, the limit is 5000/);
    // The same document with small pages is fine.
    const ok = await post({ query, variables: { n: 10 } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.a5.length).toBeGreaterThan(0);
  });

  it("refuses too many directives and too deep a document", async () => {
    const directives = await attack({ query: `{ __typename ${"@include(if: true) ".repeat(50)} }` });
    expect(directives.body.errors[0].message).toMatch(/Directives limit of 20 exceeded/);
    const nest = (n: number): string => (n === 0 ? "name" : `name ofType { ${nest(n - 1)} }`);
    const deep = await attack({ query: `{ __schema { types { ${nest(30)} } } }` });
    expect(deep.body.errors[0].message).toMatch(/Query depth limit of \d+ exceeded/);
  });

  it("lets the standard introspection query and the admin's list queries through", async () => {
    const introspection = await post({ query: getIntrospectionQuery() });
    expect(introspection.status).toBe(200);
    expect(introspection.body.data.__schema.types.length).toBeGreaterThan(50);
    const list = await post({
      query: `query($f: NewsFilter) { items: allNews(page: 0, perPage: 50, sortField: "id", sortOrder: "DESC", filter: $f) { id heading } total: _allNewsMeta(filter: $f) { count } }`,
      variables: { f: { q: "a" } },
    });
    expect(list.status).toBe(200);
  });

  it("refuses batched requests and JSON bodies over MAX_JSON_KB", async () => {
    const batch = await post([{ query: "{ __typename }" }, { query: "{ __typename }" }]);
    expect(batch.status).toBe(400);
    const big = await post({ query: "{ __typename }", variables: { pad: "x".repeat(2100 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.errors[0].message).toBe("Request too large");
  });

  describe("engine limits are input errors", () => {
    it.each([
      [
        "40,000 ids in the variables",
        { ids: Array.from({ length: 40_000 }, (_, i) => String(i + 1)) },
        "query",
        /at most 1000 items/,
        false,
      ],
      // Checked by the list's own argument check, before its query.
      ["a 60,000-character search", { q: "x".repeat(60_000) }, "q", /at most 200 characters/, true],
    ])("%s → 400 BAD_USER_INPUT with fieldErrors", async (_label, filter, field, message, inResolver) => {
      const res = await attack(
        { query: `query($f: NewsFilter) { allNews(filter: $f) { id } _allNewsMeta(filter: $f) { count } }`, variables: { f: filter } },
        { inResolver },
      );
      expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(res.body.errors[0].extensions.fieldErrors[field]).toMatch(message);
    });

    it("a document accepted before is still refused for its variables, and a refused one stays refused", async () => {
      const query = `query($f: NewsFilter) { allNews(filter: $f) { id } }`;
      expect((await post({ query, variables: { f: { ids: ["1"] } } })).status).toBe(200);
      const long = await attack({ query, variables: { f: { ids: Array.from({ length: 40_000 }, (_, i) => String(i + 1)) } } });
      expect(long.body.errors[0].message).toBe("Query refused: ids has 40000 items, at most 1000");
      const repeated = `{ allNews { ${"id ".repeat(1000)} } }`;
      for (let time = 0; time < 2; time++)
        expect((await attack({ query: repeated })).body.errors[0].message).toContain('"id" is selected 1000 times');
    });

    it("1,001 ids written in the document itself are refused by the list, with HTTP 400", async () => {
      const ids = Array.from({ length: 1001 }, (_, i) => `"${i + 1}"`).join(",");
      const res = await attack({ query: `{ allNews(filter: { ids: [${ids}] }) { id } }` }, { inResolver: true });
      expect(res.body.errors[0].extensions.fieldErrors.ids).toMatch(/At most 1000 ids/);
    });

    it("bounds a text filter by its field's declared maximum", async () => {
      const res = await app.gql(
        `query($f: UserFilter) { allUsers(filter: $f) { id } }`,
        { f: { email: "x".repeat(300) } },
        await app.adminToken(),
      );
      expect(errorCode(res)).toBe("BAD_USER_INPUT");
      expect(fieldErrors(res)?.email).toMatch(/at most 190 characters/);
    });

    it("a search of exactly 200 characters and 1,000 ids are accepted", async () => {
      const res = await post({
        query: `query($a: NewsFilter, $b: NewsFilter) { a: allNews(filter: $a) { id } b: allNews(filter: $b) { id } }`,
        variables: { a: { q: "y".repeat(200) }, b: { ids: Array.from({ length: 1000 }, (_, i) => String(i + 1)) } },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.a).toEqual([]);
    });
  });

  it("answers an internal error with HTTP 500, not 200", async () => {
    const broken = await startTestApp();
    try {
      await broken.services.ds.query("DROP TABLE news");
      const res = await broken.gql("{ allNews { id } }");
      expect(res.status).toBe(500);
      expect(errorCode(res)).toBe("INTERNAL_SERVER_ERROR");
      expect(res.body.errors![0].message).toBe("Internal server error");
    } finally {
      await broken.close();
    }
  });
});

describe("schema exposure", () => {
  it("production defaults: no introspection, no suggestions, no explorer", async () => {
    const app = await startTestApp({ env: { NODE_ENV: "production" } });
    try {
      const introspection = await app.gql("{ __schema { types { name } } }");
      expect(introspection.status).toBe(400);
      expect(introspection.body.errors![0].message).toMatch(/introspection/i);
      const typo = await app.gql("{ allNewz { id } }");
      expect(typo.status).toBe(400);
      expect(typo.body.errors![0].message).not.toMatch(/Did you mean/);
      const page = await app.http.get("/graphql").set("Accept", "text/html");
      expect(page.text).not.toMatch(/apollographql\.com/);
    } finally {
      await app.close();
    }
  });

  it("development defaults: introspection, suggestions and the explorer; each can be set", async () => {
    const dev = await startTestApp();
    try {
      expect((await dev.gql("{ __schema { queryType { name } } }")).status).toBe(200);
      expect((await dev.gql("{ allNewz { id } }")).body.errors![0].message).toMatch(/Did you mean "allNews"/);
      expect((await dev.http.get("/graphql").set("Accept", "text/html")).text).toMatch(/apollographql\.com/);
    } finally {
      await dev.close();
    }
    const closed = await startTestApp({ env: { GRAPHQL_INTROSPECTION: "false", GRAPHQL_EXPLORER: "false" } });
    try {
      expect((await closed.gql("{ __schema { queryType { name } } }")).status).toBe(400);
      expect((await closed.gql("{ allNewz { id } }")).body.errors![0].message).not.toMatch(/Did you mean/);
    } finally {
      await closed.close();
    }
  });
});
