import { migrations } from "@presale/db";
import { startSignedIn, TestApp } from "../support/testApp";

/**
 * `q` as DataTables filters: every space-separated term is a
 * case-insensitive substring of one of the searched columns, served by the
 * trigram indexes (FTS5 trigram tables on SQLite, search_trigrams on
 * MariaDB), which follow inserts, updates and deletes.
 */
describe("search by substring", () => {
  let app: TestApp;
  let token: string;
  const ids: Record<string, string> = {};
  const news = [
    { key: "staking", heading: "Staking rewards announced", description: "The annual staking report is out" },
    { key: "presale", heading: "Presale opens Monday", description: "Token sale details and the hard cap" },
    { key: "farm", heading: "Farm pools updated", description: "New liquidity pools for BUSD" },
    { key: "alpha", heading: "Alpha item", description: "Discount of 50% on fees_total, path C:\\data" },
    { key: "percent", heading: "Fees at 5 percent", description: "fees total of the month" },
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
  /** The rows holding every term as a substring of a column, in any case: what DataTables' filter shows. */
  const holding = (q: string) =>
    news
      .filter((item) =>
        q
          .split(" ")
          .filter(Boolean)
          .every((term) => [item.heading, item.description].some((text) => text.toLowerCase().includes(term.toLowerCase()))),
      )
      .map((item) => ids[item.key]);

  it("finds a term inside a word, in any case", async () => {
    expect(await search("pha")).toEqual([ids.alpha]);
    expect(await search("PHA")).toEqual([ids.alpha]);
    expect(await search("aking")).toEqual([ids.staking]);
    expect(await search("iquidit")).toEqual([ids.farm]);
    for (const term of ["staking", "Token", "pools", "BUSD", "cap", "the", "ool", "NNOUNC", "sale"])
      expect([term, await search(term)]).toEqual([term, holding(term)]);
  });

  it("needs every term, each in any of the searched columns", async () => {
    expect(await search("liquid pool")).toEqual([ids.farm]);
    expect(await search("sale token")).toEqual([ids.presale]);
    expect(await search("Monday hard")).toEqual([ids.presale]);
    expect(await search("sale farm")).toEqual([]);
    expect(await search("  fees   percent  ")).toEqual([ids.percent]);
    expect(await search("pools pools")).toEqual([ids.farm]);
  });

  it("takes LIKE's wildcards and quotes as text", async () => {
    expect(await search("50%")).toEqual([ids.alpha]);
    expect(await search("%")).toEqual([ids.alpha]);
    expect(await search("s_t")).toEqual([ids.alpha]);
    expect(await search("_")).toEqual([ids.alpha]);
    expect(await search("C:\\data")).toEqual([ids.alpha]);
    expect(await search("\\")).toEqual([ids.alpha]);
    expect(await search('"fees"')).toEqual([]);
    expect(await search("%_!")).toEqual([]);
    expect(await search("nothing-like-this")).toEqual([]);
  });

  it("matches a term of 1 or 2 characters as a substring too", async () => {
    expect(await search("Fa")).toEqual(holding("Fa"));
    expect(await search("Fa")).toEqual([ids.farm]);
    expect(await search("5")).toEqual([ids.alpha, ids.percent]);
    expect(await search("y fa")).toEqual([ids.farm]);
    expect(await search("ok to")).toEqual([ids.presale]);
    expect(await search("qz")).toEqual([]);
  });

  it("follows updates and deletes at once", async () => {
    await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "Presale closes Friday") { id } }`, { id: ids.presale }, token);
    expect(await search("opens")).toEqual([]);
    expect(await search("loses")).toEqual([ids.presale]);
    expect(await search("Token")).toEqual([ids.presale]);

    await app.gql(`mutation($id: ID!) { deleteNews(id: $id) { id } }`, { id: ids.farm }, token);
    expect(await search("pools")).toEqual([]);
    expect(await search("liquidity")).toEqual([]);

    const added = await app.gql(`mutation { createNews(heading: "More pools soon") { id } }`, {}, token);
    expect(await search("pools")).toEqual([added.body.data.createNews.id]);
  });

  it("keeps the count in step with the rows found", async () => {
    const res = await app.gql(`{ _allNewsMeta(filter: { q: "taking" }) { count } }`, {}, token);
    expect(res.body.data._allNewsMeta.count).toBe(1);
  });

  it("finds a user by the whole e-mail, not the others whose e-mail or name starts the same", async () => {
    for (const [name, email] of [
      ["admin two", "admin-2@example.com"],
      ["Administrator", "root@example.com"],
    ])
      await app.gql(
        `mutation($n: String!, $e: String!) { createUser(name: $n, email: $e, password: "editor-pass-1", password2: "editor-pass-1") { id } }`,
        { n: name, e: email },
        token,
      );
    const users = async (q: string) => {
      const res = await app.gql(`query($q: String) { allUsers(filter: { q: $q }) { email } }`, { q }, token);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.allUsers.map((row: { email: string }) => row.email).sort();
    };
    expect(await users("admin@example.com")).toEqual(["admin@example.com"]);
    expect(await users("ADMIN-2@")).toEqual(["admin-2@example.com"]);
    expect(await users("dmin")).toEqual(["admin-2@example.com", "admin@example.com", "root@example.com"]);
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

/** The migration to trigram search indexes the rows already there (long texts too), and its down() gives the word indexes back. */
describe("search: the SubstringSearch migration", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
  });
  afterAll(() => app.close());

  const search = async (q: string) => {
    const res = await app.gql(`query($q: String) { allNews(filter: { q: $q }) { heading } }`, { q }, token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.allNews.map((row: { heading: string }) => row.heading);
  };

  it("finds by substring the rows written before it, after a down() and up() again", async () => {
    const ds = app.services.ds;
    const later = migrations.length - migrations.findIndex((migration) => migration.name === "SubstringSearch1733200000000");
    for (let undone = 0; undone < later; undone++) await ds.undoLastMigration();
    const now = new Date().toISOString().slice(0, 19).replace("T", " ");
    for (const [heading, description] of [
      ["Older alpha news", "written before the migration"],
      ["Second older", `${"Long text ".repeat(150)}with Zebrafish at its end`],
    ])
      await ds.query("INSERT INTO news (heading, description, visible, version, createdAt, updatedAt) VALUES (?, ?, 1, 1, ?, ?)", [
        heading,
        description,
        now,
        now,
      ]);
    await ds.runMigrations();
    expect(await search("LPHA")).toEqual(["Older alpha news"]);
    expect(await search("ebrafis")).toEqual(["Second older"]);
  });
});
