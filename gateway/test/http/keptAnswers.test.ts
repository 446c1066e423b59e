import { IncomingMessage } from "http";
import { Socket } from "net";
import type { Response } from "supertest";
import { KnownRequests, tagRequest, versionsOf } from "../../src/cache/knownRequests";
import type { ResourceVersions } from "../../src/cache/versions";
import { registry } from "../../src/metrics";
import { startTestApp, TestApp } from "../support/testApp";

/** What the answer says, besides when it was sent and how its body is framed (a built answer goes chunked, a kept one with its length). */
const shape = (res: Response) => {
  const { date: _date, "content-length": _length, "transfer-encoding": _chunked, ...headers } = res.headers;
  return { status: res.status, headers, text: res.text ?? "" };
};

const LIST = `query($page: Int, $perPage: Int) { items: allNews(page: $page, perPage: $perPage) { id heading } total: _allNewsMeta { count } }`;

/** Each request gets the same id, so that both paths' headers can be compared whole. */
const ID = { "X-Request-Id": "same-id", "Accept-Encoding": "gzip, deflate" };

/** A test app holding three news, and the admin's token. */
async function startWithNews(env: Record<string, string>) {
  const app = await startTestApp({ env });
  const token = await app.adminToken();
  for (const heading of ["First", "Second", "Third"]) {
    await app.gql(`mutation($h: String!) { createNews(heading: $h) { id } }`, { h: heading }, token);
  }
  return { app, token };
}

async function withApp(env: Record<string, string>, run: (app: TestApp, token: string) => Promise<void>) {
  const { app, token } = await startWithNews(env);
  try {
    await run(app, token);
  } finally {
    await app.close();
  }
}

/** Answers sent before express so far, as /metrics counts them. */
async function fastHits(): Promise<number> {
  const lookups = await registry.getSingleMetric("cache_lookups_total")!.get();
  return lookups.values.find((value) => value.labels.path === "fast" && value.labels.result === "hit")?.value ?? 0;
}

/** Sends a request and says whether the fast path answered it. */
async function timed(send: () => Promise<Response>) {
  const before = await fastHits();
  const res = await send();
  return { res, fast: (await fastHits()) > before };
}

describe("kept public answers sent before express (the fast path)", () => {
  // One app for the tests without settings of their own (each start migrates a database); the one that writes comes last.
  let shared: { app: TestApp; token: string };
  beforeAll(async () => {
    shared = await startWithNews({});
  });
  afterAll(() => shared.app.close());
  const withShared = (run: (app: TestApp, token: string) => Promise<void>) => () => run(shared.app, shared.token);

  it(
    "sends a REST list with the headers and body the slow path sent, and 304 as the slow path does",
    withShared(async (app) => {
      const get = (url: string, headers: Record<string, string> = {}) => timed(() => app.http.get(url).set({ ...ID, ...headers }));
      const slow = await get("/api/get/news?page=1&perPage=2");
      const fast = await get("/api/get/news?page=1&perPage=2");
      expect([slow.fast, fast.fast]).toEqual([false, true]);
      expect(shape(fast.res)).toEqual(shape(slow.res));
      expect(fast.res.headers["content-encoding"]).toBe("gzip");
      expect(fast.res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(fast.res.headers.link).toContain('rel="next"');
      expect(fast.res.body.map((row: { Heading: string }) => row.Heading)).toEqual(["Third", "Second"]);

      // The same answer by another URL: the slow path's 304 first, then the fast path's.
      const etag = { "If-None-Match": slow.res.headers.etag! };
      const slow304 = await get("/api/get/news?perPage=2&page=1", etag);
      const fast304 = await get("/api/get/news?perPage=2&page=1", etag);
      expect([slow304.fast, fast304.fast]).toEqual([false, true]);
      expect(fast304.res.status).toBe(304);
      expect(shape(fast304.res)).toEqual(shape(slow304.res));
      // A request id is made when the caller sends none.
      const unnamed = await timed(() => app.http.get("/api/get/news?page=1&perPage=2"));
      expect(unnamed.fast).toBe(true);
      expect(unnamed.res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }),
  );

  it(
    "sends a public GraphQL read with the slow path's headers and body, anonymous or with a checked token",
    withShared(async (app, token) => {
      const body = JSON.stringify({ query: LIST, variables: { page: 0, perPage: 2 } });
      const post = (headers: Record<string, string> = {}, text = body) =>
        timed(() =>
          app.http
            .post("/graphql")
            .set({ ...ID, "Content-Type": "application/json", ...headers })
            .send(text),
        );
      const slow = await post();
      const fast = await post();
      expect([slow.fast, fast.fast]).toEqual([false, true]);
      expect(shape(fast.res)).toEqual(shape(slow.res));
      expect(fast.res.body.data.items.map((row: { heading: string }) => row.heading)).toEqual(["Third", "Second"]);

      const signedIn = await post({ Authorization: token });
      expect(signedIn.fast).toBe(true);
      expect(shape(signedIn.res)).toEqual(shape(slow.res));

      // The same query spaced otherwise is another request: the slow path's 304, then the fast path's.
      const spaced = JSON.stringify(JSON.parse(body), null, 1);
      const etag = { "If-None-Match": slow.res.headers.etag! };
      const slow304 = await post(etag, spaced);
      const fast304 = await post(etag, spaced);
      expect([slow304.fast, fast304.fast]).toEqual([false, true]);
      expect(fast304.res.status).toBe(304);
      expect(shape(fast304.res)).toEqual(shape(slow304.res));
    }),
  );

  it(
    "leaves to express what it does not answer plainly: no gzip, q-values, HEAD, Cache-Control, unknown requests",
    withShared(async (app) => {
      const url = "/api/get/news?page=1&perPage=3";
      const zipped = await timed(() => app.http.get(url).set(ID));
      await timed(() => app.http.get(url).set(ID));
      const identity = await timed(() => app.http.get(url).set({ ...ID, "Accept-Encoding": "identity" }));
      expect(identity.fast).toBe(false);
      expect(identity.res.headers["content-encoding"]).toBeUndefined();
      expect(identity.res.text).toBe(zipped.res.text);
      const refused = await timed(() => app.http.get(url).set({ ...ID, "Accept-Encoding": "gzip;q=0, identity" }));
      expect(refused.fast).toBe(false);
      expect(refused.res.headers["content-encoding"]).toBeUndefined();
      const head = await timed(() => app.http.head(url).set(ID));
      expect([head.fast, head.res.status]).toEqual([false, 200]);
      // Cache-Control: no-cache makes express's freshness check refuse the tag: a whole answer.
      const noCache = await timed(() =>
        app.http.get(url).set({ ...ID, "Cache-Control": "no-cache", "If-None-Match": zipped.res.headers.etag! }),
      );
      expect([noCache.fast, noCache.res.status]).toEqual([false, 200]);
      expect((await timed(() => app.http.get("/api/get/news?page=2&perPage=3").set(ID))).fast).toBe(false);
    }),
  );

  it(
    "hands express a GraphQL body it read: a private query is answered by Apollo, malformed JSON is the usual 400",
    withShared(async (app, token) => {
      const me = await app.http.post("/graphql").set(ID).set("Authorization", token).send({ query: `{ me { email } }` });
      expect(me.status).toBe(200);
      expect(me.body.data.me.email).toBe("admin@example.com");
      const malformed = await app.http
        .post("/graphql")
        .set({ ...ID, "Content-Type": "application/json" })
        .send('{"query": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].message).toBe("Malformed JSON body");
      const notAnObject = await app.http
        .post("/graphql")
        .set({ ...ID, "Content-Type": "application/json" })
        .send('"text"');
      expect(notAnObject.status).toBe(400);
      expect(notAnObject.body.errors[0].message).toBe("Malformed JSON body");
    }),
  );

  it(
    "never sends an answer older than a write: REST and GraphQL see it at once",
    withShared(async (app, token) => {
      const url = "/api/get/news?page=1&perPage=5";
      const body = { query: LIST, variables: { page: 0, perPage: 5 } };
      const read = () => app.http.post("/graphql").set(ID).send(body);
      await app.http.get(url).set(ID);
      await read();
      expect((await timed(() => app.http.get(url).set(ID))).fast).toBe(true);
      expect((await timed(read)).fast).toBe(true);
      await app.gql(`mutation { createNews(heading: "Fourth") { id } }`, {}, token);
      const rest = await timed(() => app.http.get(url).set(ID));
      const graphql = await timed(read);
      expect([rest.fast, graphql.fast]).toEqual([false, false]);
      expect(rest.res.body[0].Heading).toBe("Fourth");
      expect(graphql.res.body.data.items[0].heading).toBe("Fourth");
      expect(graphql.res.body.data.total.count).toBe(4);
      expect((await timed(() => app.http.get(url).set(ID))).fast).toBe(true);
    }),
  );

  it("keeps CORS and https headers as the slow path sets them (an Origin goes to express)", () =>
    withApp({ CORS_ORIGINS: "https://app.example.com", TRUST_PROXY: "true" }, async (app) => {
      const url = "/api/get/news?page=1&perPage=2";
      const https = { ...ID, "X-Forwarded-Proto": "https" };
      const slow = await timed(() => app.http.get(url).set(https));
      const fast = await timed(() => app.http.get(url).set(https));
      expect([slow.fast, fast.fast]).toEqual([false, true]);
      expect(fast.res.headers["strict-transport-security"]).toContain("max-age=31536000");
      expect(shape(fast.res)).toEqual(shape(slow.res));
      const plain = await timed(() => app.http.get(url).set(ID));
      expect(plain.fast).toBe(true);
      expect(plain.res.headers["strict-transport-security"]).toBeUndefined();
      const cross = await timed(() => app.http.get(url).set({ ...ID, Origin: "https://app.example.com" }));
      expect(cross.fast).toBe(false);
      expect(cross.res.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    }));

  it("logs each answer it sends as pino-http does, at info", async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logTo: { write: (line) => lines.push(line) }, env: { LOG_LEVEL: "info" } });
    try {
      await app.http.get("/api/get/news").set(ID);
      const fast = await timed(() => app.http.get("/api/get/news").set({ ...ID, "X-Request-Id": "fast-one" }));
      expect(fast.fast).toBe(true);
      const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.req?.id === "fast-one");
      expect(line).toMatchObject({ msg: "request completed", req: { method: "GET", url: "/api/get/news" }, res: { statusCode: 200 } });
      expect(Object.keys(line.req).sort()).toEqual(["id", "method", "remoteAddress", "url"]);
    } finally {
      await app.close();
    }
  });
});

describe("versions that cannot be told (a shared store out of reach)", () => {
  // ResourceVersions.of answers undefined while Redis is away (test/scaleout/redis.test.ts stops a real one); here only the rule.
  const unreachable: ResourceVersions = { of: (resource: string) => (resource === "News" ? undefined : "4"), bump: () => undefined };

  it("bypass the cache: no versions, no key, so the fast path sends nothing kept", () => {
    expect(versionsOf(unreachable, ["Article"])).toEqual(["4"]);
    expect(versionsOf(unreachable, ["Article", "News"])).toBeUndefined();
    const known = new KnownRequests();
    const req = new IncomingMessage(new Socket());
    tagRequest(req, "GET /api/get/news");
    known.remember(req, ["News"], ([version]) => `news v${version}`);
    expect(known.answerKey("GET /api/get/news", unreachable)).toBeUndefined();
    expect(known.answerKey("GET /api/get/news", { of: () => "2", bump: () => undefined })).toBe("news v2");
  });
});
