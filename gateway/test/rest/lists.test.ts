import { SYSTEM } from "../../src/auth/access";
import { BlocklistEntry } from "../../src/resources/blocklistEntry";
import { News } from "../../src/resources/news";
import { RestApp, startRestApp } from "../support/rest";

/** More rows than one batch of the streamed list (500), so that the answer is stitched from several. */
const ROWS = 1234;

describe("legacy lists: the whole list, streamed, or one page", () => {
  let app: RestApp;
  beforeAll(async () => {
    app = await startRestApp();
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: ROWS }, (_, at) => ({
      heading: `News ${at}`,
      visible: at % 2 === 0,
      // Pairs share a timestamp: the id breaks the tie, as in every list.
      createdAt: new Date(base + Math.floor(at / 2) * 1000),
      updatedAt: new Date(base),
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await app.services.ds
        .createQueryBuilder()
        .insert()
        .into(News.name)
        .values(rows.slice(start, start + 100))
        .execute();
    }
    const wallets = [
      "0x1111111111111111111111111111111111111111",
      "0x2222222222222222222222222222222222222222",
      "0x3333333333333333333333333333333333333333",
    ];
    for (const walletAddress of wallets) await app.services.resource(BlocklistEntry).create({ walletAddress }, SYSTEM);
  }, 60_000);
  afterAll(() => app.close());

  /** The ids in list order (newest first, then id), straight from the database. */
  const expectedOrder = async () =>
    (await app.services.ds.query(`SELECT id FROM news ORDER BY createdAt DESC, id DESC`)).map((row: { id: number }) => String(row.id));

  it("answers every row, in list order, in the legacy shape", async () => {
    const res = await app.get("/api/get/news", false);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(ROWS);
    expect(res.body.map((row: { _id: string }) => row._id)).toEqual(await expectedOrder());
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      Heading: expect.stringMatching(/^News \d+$/),
      Description: null,
      logoURI: null,
      status: expect.any(Number),
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
  });

  it("is gzip-compressed for clients that ask, and unchanged once decompressed (the client decompresses it)", async () => {
    const plain = await app.http.get("/api/get/news").set("Accept-Encoding", "identity");
    const zipped = await app.http.get("/api/get/news").set("Accept-Encoding", "gzip");
    expect([plain.headers["content-encoding"], zipped.headers["content-encoding"]]).toEqual([undefined, "gzip"]);
    expect(zipped.body).toEqual(plain.body);
    expect(zipped.body).toHaveLength(ROWS);
  });

  it("answers one page with ?page=&perPage= (from 1) and links the others (RFC 8288)", async () => {
    const order = await expectedOrder();
    const res = await app.get("/api/get/news?page=3&perPage=100", false);
    expect(res.status).toBe(200);
    expect(res.body.map((row: { _id: string }) => row._id)).toEqual(order.slice(200, 300));
    const links = Object.fromEntries(
      String(res.headers.link)
        .split(", ")
        .map((link) => {
          const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(link)!;
          return [rel, url];
        }),
    );
    expect(links).toEqual({
      first: "/api/get/news?page=1&perPage=100",
      prev: "/api/get/news?page=2&perPage=100",
      next: "/api/get/news?page=4&perPage=100",
      last: `/api/get/news?page=${Math.ceil(ROWS / 100)}&perPage=100`,
    });
    const last = await app.get(`/api/get/news?page=${Math.ceil(ROWS / 100)}&perPage=100`, false);
    expect(last.body).toHaveLength(ROWS % 100);
    expect(last.headers.link).not.toMatch(/rel="next"/);
  });

  it("refuses a page or page size out of range with 400 and says which", async () => {
    expect(await app.get("/api/get/news?perPage=0", false)).toMatchObject({
      status: 400,
      body: { perPage: expect.stringMatching(/1 to 1000/) },
    });
    expect(await app.get("/api/get/news?perPage=5000", false)).toMatchObject({ status: 400, body: { perPage: expect.any(String) } });
    expect(await app.get("/api/get/news?page=0&perPage=10", false)).toMatchObject({ status: 400, body: { page: expect.any(String) } });
  });

  it("keeps the { type, data } answer of the blocklist, streamed or paged, and its sign-in", async () => {
    expect((await app.post("/api/get-blocklist", {}, false)).status).toBe(401);
    const whole = await app.post("/api/get-blocklist", {});
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual({ type: "success", data: expect.any(Array) });
    expect(whole.body.data).toHaveLength(3);
    const paged = await app.http.post("/api/get-blocklist?page=2&perPage=2").set("Authorization", app.token).send({});
    expect(paged.body).toEqual({ type: "success", data: [whole.body.data[2]] });
  });

  describe("public lists are built once per version of their resource", () => {
    it("carry an ETag and answer 304 to If-None-Match while nothing changed", async () => {
      const first = await app.http.get("/api/get/news?page=1&perPage=5");
      const again = await app.http.get("/api/get/news?page=1&perPage=5");
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.body).toEqual(first.body);
      const revalidated = await app.http.get("/api/get/news?page=1&perPage=5").set("If-None-Match", first.headers.etag);
      expect(revalidated.status).toBe(304);
      expect(revalidated.text ?? "").toBe("");
    });

    it("show a write at once: the next answer holds it, with a new ETag, whichever way it was written", async () => {
      const before = await app.http.get("/api/get/news?page=1&perPage=5");
      const created = await app.post("/api/add/news", { Heading: "Fresh from REST" });
      expect(created.status).toBe(200);
      const afterRest = await app.http.get("/api/get/news?page=1&perPage=5");
      expect(afterRest.headers.etag).not.toBe(before.headers.etag);
      expect(afterRest.body[0]).toMatchObject({ Heading: "Fresh from REST" });
      expect((await app.http.get("/api/get/news?page=1&perPage=5").set("If-None-Match", before.headers.etag)).status).toBe(200);

      const token = await app.adminToken();
      const viaGraphql = await app.gql(`mutation { createNews(heading: "Fresh from GraphQL") { id } }`, {}, token);
      const id = viaGraphql.body.data.createNews.id;
      const whole = await app.get("/api/get/news", false);
      expect(whole.body).toHaveLength(ROWS + 2);
      expect(whole.body[0]).toMatchObject({ _id: id, Heading: "Fresh from GraphQL" });

      await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id }, token);
      const afterDelete = await app.get("/api/get/news", false);
      expect(afterDelete.body).toHaveLength(ROWS + 1);
      expect(afterDelete.body.map((row: { _id: string }) => row._id)).not.toContain(id);
    });

    it("share one build between concurrent requests, and all get the same answer", async () => {
      await app.post("/api/add/news", { Heading: "Concurrent" });
      const answers = await Promise.all(Array.from({ length: 6 }, () => app.http.get("/api/get/news")));
      expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
      for (const answer of answers) expect(answer.body[0]).toMatchObject({ Heading: "Concurrent" });
    });

    it("keep counts right across writes (kept until the next write) and deep pages in order", async () => {
      const token = await app.adminToken();
      const count = async (filter = {}) =>
        (await app.gql(`query($f: NewsFilter) { _allNewsMeta(filter: $f) { count } }`, { f: filter }, token)).body.data._allNewsMeta.count;
      const before = await count();
      const visibleBefore = await count({ visible: true });
      expect(await count()).toBe(before);
      const created = await app.gql(`mutation { createNews(heading: "Counted", visible: true) { id } }`, {}, token);
      expect([await count(), await count({ visible: true })]).toEqual([before + 1, visibleBefore + 1]);
      await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: created.body.data.createNews.id }, token);
      expect([await count(), await count({ visible: true })]).toEqual([before, visibleBefore]);

      const order = (await app.services.ds.query(`SELECT id FROM news ORDER BY heading ASC, id ASC`)).map((row: { id: number }) =>
        String(row.id),
      );
      const deep = await app.gql(`{ allNews(page: 11, perPage: 100, sortField: "heading", sortOrder: "ASC") { id } }`, {}, token);
      expect(deep.body.data.allNews.map((row: { id: string }) => row.id)).toEqual(order.slice(1100, 1200));
    });

    it("leave private lists to their caller: no shared answer, no ETag", async () => {
      const res = await app.post("/api/get-blocklist", {});
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBeUndefined();
    });
  });
});

describe("legacy lists with PUBLIC_CACHE_MB=0", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ env: { PUBLIC_CACHE_MB: "0" } })));
  afterAll(() => app.close());

  it("build every answer, and still show each write at once", async () => {
    expect((await app.get("/api/get/news", false)).body).toEqual([]);
    await app.post("/api/add/news", { Heading: "Uncached" });
    expect((await app.get("/api/get/news", false)).body).toEqual([expect.objectContaining({ Heading: "Uncached" })]);
  });
});
