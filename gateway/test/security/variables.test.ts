import { startRestApp, RestApp } from "../support/rest";

/**
 * What a client puts in a request's variables is its own mistake when it is
 * wrong: a 400 that says what is wrong, nothing written, and no error-level
 * line in the logs (anyone could otherwise fill them, and monitors see 5xx).
 */
describe("bad variables and text are input errors", () => {
  let app: RestApp;
  let token: string;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await startRestApp({ seed: true, logTo: { write: (line) => lines.push(line) } });
    token = await app.adminToken();
  });
  afterAll(() => app.close());
  beforeEach(() => (lines.length = 0));
  /** Lines at pino's error level (50) or above. */
  const errorLines = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level >= 50);

  const post = (body: string | object, auth?: string) => {
    const req = app.http.post("/graphql").set("Content-Type", "application/json");
    return (auth ? req.set("Authorization", auth) : req).send(body);
  };
  const newsCount = async () => (await app.gql(`{ _allNewsMeta { count } }`)).body.data._allNewsMeta.count as number;

  const perPage = "query($p: Int!) { allNews(perPage: $p) { id } }";
  it.each([
    ["a word for an Int", perPage, { p: "abc" }, 'Variable "$p" got invalid value "abc"; Int cannot represent non-integer value: "abc"'],
    ["2^31 for an Int", perPage, { p: 2147483648 }, "Int cannot represent non 32-bit signed integer value: 2147483648"],
    ["1.5 for an Int", perPage, { p: 1.5 }, "Int cannot represent non-integer value: 1.5"],
    ["a missing required variable", perPage, {}, 'Variable "$p" of required type "Int!" was not provided.'],
    [
      "an object for a String",
      "query($s: String) { allNews(sortField: $s) { id } }",
      { s: { a: 1 } },
      "String cannot represent a non string value",
    ],
  ])("%s → 400 BAD_USER_INPUT, no error logged", async (_label, query, variables, message) => {
    const res = await post({ query, variables });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(res.body.errors[0].message).toContain(message);
    expect(errorLines()).toEqual([]);
  });

  it("expectedVersion 2^31 on a save → 400, nothing written, no error logged", async () => {
    const created = await app.gql(`mutation { createNews(heading: "Versioned") { id } }`, {}, token);
    const id = created.body.data.createNews.id;
    lines.length = 0;
    const res = await post(
      {
        query: `mutation($id: ID!, $v: Int) { updateNews(id: $id, heading: "Changed", expectedVersion: $v) { id } }`,
        variables: { id, v: 2147483648 },
      },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('Variable "$v" got invalid value 2147483648');
    expect(errorLines()).toEqual([]);
    expect((await app.gql(`query($id: ID!) { News(id: $id) { heading } }`, { id })).body.data.News.heading).toBe("Versioned");
  });

  it.each([
    ["variables", (deep: string) => `{"query":"query($f: NewsFilter) { allNews(filter: $f) { id } }","variables":{"f":{"q":${deep}}}}`],
    ["extensions", (deep: string) => `{"query":"{ allNews { id } }","extensions":{"x":${deep}}}`],
  ])("%s nested 5,000 deep → 400 with a message, no error logged", async (_where, body) => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    // Twice: the second is the one the answer cache would key from its fast path.
    for (let time = 0; time < 2; time++) {
      const res = await post(body(deep));
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(res.body.errors[0].message).toMatch(/nests more than 16 levels deep/);
    }
    expect(errorLines()).toEqual([]);
  });

  it("a lone UTF-16 surrogate is refused, GraphQL and REST alike, and never stored", async () => {
    const before = await newsCount();
    // JSON's \ud800 decodes to an unpaired surrogate (written inline, the GraphQL parser refuses it itself).
    const gql = await post('{"query":"mutation($h: String!) { createNews(heading: $h) { id } }","variables":{"h":"\\ud800x"}}', token);
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(gql.body.errors[0].extensions.fieldErrors.heading).toMatch(/Heading holds an unpaired UTF-16 surrogate/);
    const rest = await app.http
      .post("/api/add/news")
      .set("Authorization", app.token)
      .set("Content-Type", "application/json")
      .send('{"Heading":"ok \\udfff"}');
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toMatch(/unpaired UTF-16 surrogate/);
    // A pair (an emoji) is text like any other.
    const emoji = await app.gql(`mutation($h: String!) { createNews(heading: $h) { id heading } }`, { h: "Launch 🚀" }, token);
    expect(emoji.body.data.createNews.heading).toBe("Launch 🚀");
    expect(await newsCount()).toBe(before + 1);
    expect(errorLines()).toEqual([]);
  });
});
