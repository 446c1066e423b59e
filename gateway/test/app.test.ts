import { startTestApp, TestApp } from "./support/testApp";

describe("HTTP", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp()));
  afterAll(() => app.close());

  it("compresses responses for clients that accept it", async () => {
    const res = await app.http
      .post("/graphql")
      .set("Accept-Encoding", "gzip")
      .send({ query: "{ __schema { types { name fields { name } } } }" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.data.__schema.types.length).toBeGreaterThan(50);
  });

  it("answers unknown paths with 404 JSON", async () => {
    const res = await app.http.get("/no/such/thing").set("Accept", "application/json");
    expect([res.status, res.body]).toEqual([404, { message: "Not found" }]);
  });
});
