import { startSignedIn, TestApp } from "./support/testApp";

/**
 * `q` by the search index (FTS5 on SQLite, FULLTEXT on MariaDB): whole words
 * find what LIKE found, a word's beginning finds the word, and the index
 * follows inserts, updates and deletes.
 */
describe("search by index", () => {
  let app: TestApp;
  let token: string;
  const ids: Record<string, string> = {};
  const news = [
    { key: "staking", heading: "Staking rewards announced", description: "The annual staking report is out" },
    { key: "presale", heading: "Presale opens Monday", description: "Token sale details and the hard cap" },
    { key: "farm", heading: "Farm pools updated", description: "New liquidity pools for BUSD" },
  ];

  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
    for (const item of news) {
      const res = await app.gql(
        `mutation($h: String, $d: String) { createNews(heading: $h, description: $d) { id } }`,
        { h: item.heading, d: item.description },
        token,
      );
      ids[item.key] = res.body.data.createNews.id;
    }
  });
  afterAll(() => app.close());

  const search = async (q: string) => {
    const res = await app.gql(
      `query($q: String) { allNews(filter: { q: $q }, sortField: "id", sortOrder: "ASC") { id heading } }`,
      { q },
      token,
    );
    expect(res.body.errors).toBeUndefined();
    return res.body.data.allNews.map((row: { id: string }) => row.id);
  };
  /** The rows holding the word, as LIKE over the same columns would have found them. */
  const holding = (word: string) =>
    news.filter((item) => new RegExp(`\\b${word}\\b`, "i").test(`${item.heading} ${item.description}`)).map((item) => ids[item.key]);

  it("finds by whole words what LIKE found, in any of the searched columns and any case", async () => {
    for (const word of ["staking", "Token", "pools", "BUSD", "cap", "the"])
      expect([word, await search(word)]).toEqual([word, holding(word)]);
  });

  it("finds a word from its beginning, and needs every word given", async () => {
    expect(await search("annou")).toEqual([ids.staking]);
    expect(await search("liquid pool")).toEqual([ids.farm]);
    expect(await search("sale token")).toEqual([ids.presale]);
    expect(await search("sale farm")).toEqual([]);
    expect(await search("Fa")).toEqual([ids.farm]);
  });

  it("finds nothing for text no row holds, punctuation included", async () => {
    expect(await search("nothing-like-this")).toEqual([]);
    expect(await search("%_!")).toEqual([]);
  });

  it("follows updates and deletes at once", async () => {
    await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Presale closes Friday") { id } }`, { id: ids.presale }, token);
    expect(await search("opens")).toEqual([]);
    expect(await search("closes")).toEqual([ids.presale]);
    expect(await search("Token")).toEqual([ids.presale]);

    await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: ids.farm }, token);
    expect(await search("pools")).toEqual([]);
    expect(await search("liquidity")).toEqual([]);

    const added = await app.gql(`mutation { createNews(heading: "More pools soon") { id } }`, {}, token);
    expect(await search("pools")).toEqual([added.body.data.createNews.id]);
  });

  it("keeps the count in step with the rows found", async () => {
    const res = await app.gql(`{ _allNewsMeta(filter: { q: "staking" }) { count } }`, {}, token);
    expect(res.body.data._allNewsMeta.count).toBe(1);
  });
});

/**
 * Records without text columns (home images, article images): the filter box
 * matches what their row shows, a part of the image's file name, or the id.
 */
describe("search on records without text columns", () => {
  let seeded: { app: TestApp; token: string };
  beforeAll(async () => {
    seeded = await startSignedIn({ seed: true });
  });
  afterAll(() => seeded.app.close());

  const list = async (query: string, q: string) => {
    const res = await seeded.app.gql(
      `query($q: String) { rows: ${query.replace("$FILTER", "q: $q")} { id imageUri } }`,
      { q },
      seeded.token,
    );
    expect(res.body.errors).toBeUndefined();
    return res.body.data.rows as { id: string; imageUri: string }[];
  };
  const count = async (query: string, q: string) => {
    const res = await seeded.app.gql(`query($q: String) { meta: ${query.replace("$FILTER", "q: $q")} { count } }`, { q }, seeded.token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.meta.count as number;
  };

  it.each([
    ["home images", "allHomeImages(filter: { $FILTER })", "_allHomeImagesMeta(filter: { $FILTER })"],
    ["article images of slot 2", "allArticleImages(filter: { $FILTER, slot: 2 })", "_allArticleImagesMeta(filter: { $FILTER, slot: 2 })"],
  ])("%s: by a part of the file name in any case, by id, and nothing for other text", async (_name, allQuery, metaQuery) => {
    const every = await list(allQuery, "");
    expect(every.length).toBeGreaterThan(0);
    const [first] = every;
    const part = first.imageUri.slice(1, -2).toUpperCase();
    const byName = await list(allQuery, part);
    expect(byName.map((row) => row.id)).toContain(first.id);
    expect(byName.every((row) => row.imageUri.toUpperCase().includes(part))).toBe(true);
    expect(await count(metaQuery, part)).toBe(byName.length);
    expect((await list(allQuery, first.id)).map((row) => row.id)).toContain(first.id);
    expect(await list(allQuery, "no-such-image-name")).toEqual([]);
    expect(await count(metaQuery, "no-such-image-name")).toBe(0);
    // LIKE's wildcards are text here, not patterns.
    expect(await list(allQuery, "%")).toEqual([]);
  });
});
