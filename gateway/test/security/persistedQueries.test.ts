import { startTestApp, TestApp } from "../support/testApp";

/**
 * The gateway does not offer automatic persisted queries (the admin sends the query text, and kept answers are keyed by
 * it): a request that carries a persistedQuery extension, well-formed or not, is the client's mistake, answered 400
 * with a code and a message, never a 500 or an error-level log line.
 */
describe("persisted-query extensions", () => {
  let app: TestApp;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    app = await startTestApp({ logTo: { write: (line) => lines.push(JSON.parse(line)) }, env: { LOG_LEVEL: "info" } });
  });
  afterAll(() => app.close());

  const PINO_ERROR = 50;

  it.each([
    ["a hash that does not match the query", { query: "{ me { id } }", extensions: { persistedQuery: { version: 1, sha256Hash: "zz" } } }],
    ["an unknown version", { query: "{ me { id } }", extensions: { persistedQuery: { version: 2, sha256Hash: "zz" } } }],
    ["an extension that is not an object", { query: "{ me { id } }", extensions: { persistedQuery: "x" } }],
    ["a hash without a query", { extensions: { persistedQuery: { version: 1, sha256Hash: "ab".repeat(32) } } }],
    ["a public read", { query: "{ allNews { id } }", extensions: { persistedQuery: { version: 1, sha256Hash: "zz" } } }],
  ])("answers %s with 400 PERSISTED_QUERY_NOT_SUPPORTED and a message, logging no error", async (_label, body) => {
    const before = lines.length;
    const res = await app.http.post("/graphql").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      { message: expect.stringMatching(/persisted queries are not supported/i), extensions: { code: "PERSISTED_QUERY_NOT_SUPPORTED" } },
    ]);
    expect(lines.slice(before).filter((l) => l.level >= PINO_ERROR)).toEqual([]);
  });

  it("still answers the same query sent as text", async () => {
    const res = await app.http.post("/graphql").set("Content-Type", "application/json").send({ query: "{ allNews { id } }" });
    expect(res.status).toBe(200);
    expect(res.body.data.allNews).toEqual(expect.any(Array));
  });
});
