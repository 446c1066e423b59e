import { readdirSync } from "fs";
import { IMAGE_FIELDS } from "@presale/abis";
import { resources } from "../../../src/resources";
import { errorCode, fieldErrors, startSignedIn, startTestApp, TestApp } from "../../support/testApp";
import { files } from "../../support/files";

describe("validation in the gateway", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
  });
  afterAll(() => app.close());

  const images = () => readdirSync(app.services.config.imagesDir).sort();
  const count = async (table: string) => Number((await app.services.ds.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  /** Sends a create or update with one file; asserts it is refused with these errors and leaves no file and no row. */
  async function refused(
    query: string,
    vars: Record<string, unknown>,
    file: Buffer | undefined,
    table: string,
    expected: Record<string, string>,
  ) {
    const before = [images(), await count(table)];
    const res = file ? await app.upload(query, { ...vars, f: null }, { f: file }, token) : await app.gql(query, vars, token);
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect(fieldErrors(res)).toEqual(expected);
    expect(res.status).toBe(200);
    expect([images(), await count(table)]).toEqual(before);
  }

  const createNews = `mutation($h: String, $d: String, $f: Upload) { createNews(heading: $h, description: $d, file: $f) { id imageUri } }`;

  it("checks images by content, not by name, and keeps no refused file", async () => {
    await refused(createNews, { h: "x" }, files.text, "news", { imageUri: "Allowed Only PNG, JPG, WEBP, GIF, SVG File" });
    await refused(createNews, { h: "x" }, files.pngNamedButHtml, "news", { imageUri: "Allowed Only PNG, JPG, WEBP, GIF, SVG File" });
    await refused(createNews, { h: "x" }, Buffer.alloc(0), "news", { imageUri: "The file is empty" });
  });

  it("refuses SVG with scripts, event handlers or script links", async () => {
    const query = `mutation($f: Upload) { createHomeImage(file: $f) { id } }`;
    await refused(query, {}, files.svgWithScript, "home_images", { imageUri: "SVG scripts are not allowed" });
    await refused(query, {}, files.svgWithHandler, "home_images", { imageUri: "SVG event handlers are not allowed" });
    await refused(query, {}, files.svgWithJsLink, "home_images", { imageUri: "SVG script links are not allowed" });
    const ok = await app.upload(query, { f: null }, { f: files.svg }, token);
    expect(ok.body.data.createHomeImage.id).toBeTruthy();
  });

  it("allows only PNG or SVG for home image, home page, farm, feature, roadmap and news updates", async () => {
    for (const [mutation, table] of [
      ["createHomeImage", "home_images"],
      ['createHomePage(title: "t",', "home_pages"],
      ['createAbout(title: "t",', "abouts"],
      ['createFeature(title: "t",', "features"],
      ['createRoadmap(title: "t",', "roadmaps"],
      ['createPool(pid: 1, lpSymbol: "A-BUSD LP", tokenAddresses: "0x000000000000000000000000000000000000dEaD",', "pools"],
    ]) {
      const call = mutation.includes("(") ? `${mutation} file: $f)` : `${mutation}(file: $f)`;
      await refused(`mutation($f: Upload) { ${call} { id } }`, {}, files.jpg, table, { imageUri: "Allowed Only PNG File" });
    }
    const news = await app.upload(createNews, { h: "jpg news", f: null }, { f: files.jpg }, token);
    expect(news.body.errors).toBeUndefined();
    await refused(
      `mutation($id: ID!, $f: Upload) { updateNews(id: $id, file: $f) { id } }`,
      { id: news.body.data.createNews.id },
      files.gif,
      "news",
      {
        imageUri: "Allowed Only PNG File",
      },
    );
  });

  it("declares every image field with its entry of @presale/abis's IMAGE_FIELDS, the table the admin checks at selection", () => {
    const declared = Object.fromEntries(
      resources.flatMap((resource) =>
        Object.values(resource.fields)
          .filter((spec) => spec.kind === "image")
          .map((spec) => [resource.name, spec.updateRule ? { rule: spec.rule, updateRule: spec.updateRule } : { rule: spec.rule }]),
      ),
    );
    expect(declared).toEqual(IMAGE_FIELDS);
  });

  it("allows JPG, WEBP and PNG for a landing block's main image, and refuses SVG and GIF (GIF is for content-block images)", async () => {
    const query = `mutation($f: Upload) { createLandingBlock(identifier: "landing_x", file: $f) { id imageUri } }`;
    await refused(query, {}, files.svg, "landing_blocks", { imageUri: "Allowed Only JPG, WEBP, PNG File" });
    await refused(query, {}, files.gif, "landing_blocks", { imageUri: "Allowed Only JPG, WEBP, PNG File" });
    for (const [i, bytes] of [files.jpg, files.webp, files.png].entries()) {
      const res = await app.upload(query.replace("landing_x", `landing_ok_${i}`), { f: null }, { f: bytes }, token);
      expect(res.body.errors).toBeUndefined();
    }
  });

  it("stores block images by index and refuses an image for a block that does not exist", async () => {
    const created = await app.gql(
      `mutation { createLandingBlock(identifier: "with_blocks", blocks: [{ title: "A" }, { title: "B" }]) { id } }`,
      {},
      token,
    );
    const id = created.body.data.createLandingBlock.id;
    const res = await app.upload(
      `mutation($id: ID!, $files: [Upload]) { updateLandingBlock(id: $id, blockFiles: $files) { blocks { title imageUri } } }`,
      { id, files: [null, null] },
      { "files.1": files.gif },
      token,
    );
    const blocks = res.body.data.updateLandingBlock.blocks;
    expect(blocks[0]).toEqual({ title: "A", imageUri: null });
    expect(blocks[1].title).toBe("B");
    const served = await app.http.get(`/Images/${blocks[1].imageUri}`).buffer(true);
    expect(Buffer.compare(served.body, files.gif)).toBe(0);
    await refused(
      `mutation($id: ID!, $f: Upload) { updateLandingBlock(id: $id, blockFiles: [null, null, $f]) { id } }`,
      { id },
      files.png2,
      "landing_blocks",
      { blockFiles: "There is no content block 3 for this image" },
    );
  });

  it("keeps a landing identifier and a setting name from changing", async () => {
    const created = await app.gql(`mutation { createSetting(name: "fixed_name", value: "v") { id } }`, {}, token);
    const id = created.body.data.createSetting.id;
    await refused(`mutation($id: ID!) { updateSetting(id: $id, name: "other") { id } }`, { id }, undefined, "settings", {
      name: "Name cannot be changed",
    });
    const same = await app.gql(`mutation($id: ID!) { updateSetting(id: $id, name: "fixed_name", value: "w") { value } }`, { id }, token);
    expect(same.body.data.updateSetting.value).toBe("w");
  });

  it("limits the roadmap description to 200 characters", async () => {
    const query = `mutation($d: String) { createRoadmap(title: "r", description: $d) { description } }`;
    await refused(query, { d: "x".repeat(201) }, undefined, "roadmaps", { description: "Description must be at most 200 characters" });
    expect((await app.gql(query, { d: "x".repeat(200) }, token)).body.data.createRoadmap.description).toHaveLength(200);
  });

  it("requires required fields and checks addresses, numbers, links and IPs", async () => {
    await refused(`mutation { createNews(description: "no heading") { id } }`, {}, undefined, "news", { heading: "Heading is required" });
    await refused(
      `mutation { createLaunchPad(pid: 1, tokenAddress: "0x123", presaleAddress: "nope", hardCap: "-1", priceToken: "1e5", tokenDecimal: 99) { id } }`,
      {},
      undefined,
      "launchpads",
      {
        tokenAddress: "Token address must be a valid address",
        presaleAddress: "Presale address must be a valid address",
        hardCap: "Hard cap must be a non-negative number",
        priceToken: "Price per BNB must be a non-negative number",
        tokenDecimal: "Token decimals must be at most 36",
      },
    );
    await refused(
      `mutation { createLaunchPad(pid: 1, tokenAddress: "0x000000000000000000000000000000000000dEaD", presaleAddress: "0x000000000000000000000000000000000000bEEF", bnbMinimumContribution: "5", bnbMaximumContribution: "1") { id } }`,
      {},
      undefined,
      "launchpads",
      { bnbMinimumContribution: "Minimum contribution cannot exceed the maximum" },
    );
    await refused(
      `mutation { createNewsDescription(title: "t", newsLink: "javascript:alert(1)") { id } }`,
      {},
      undefined,
      "news_descriptions",
      {
        newsLink: "Youtube link must be an http(s) link",
      },
    );
    await refused(`mutation { createIpWhitelistEntry(address: "999.1.1.1") { id } }`, {}, undefined, "ip_whitelist", {
      address: "Address must be an IPv4 or IPv6 address",
    });
    await refused(`mutation { createArticleImage(slot: 5) { id } }`, {}, undefined, "article_images", {
      slot: "Slot must be at most 4",
      imageUri: "Image uri is required",
    });
  });

  it("stores addresses checksummed and refuses a duplicate whatever its case", async () => {
    const addr = "0x52908400098527886e0f7030069857d2e4169ee7";
    const res = await app.gql(`mutation($a: String) { createBlocklistEntry(walletAddress: $a) { walletAddress } }`, { a: addr }, token);
    expect(res.body.data.createBlocklistEntry.walletAddress).toBe("0x52908400098527886E0F7030069857D2E4169EE7");
    await refused(
      `mutation($a: String) { createBlocklistEntry(walletAddress: $a) { id } }`,
      { a: addr.toUpperCase().replace("0X", "0x") },
      undefined,
      "blocklist",
      {
        walletAddress: "Wallet address already exists",
      },
    );
  });

  it("sanitises rich text on write", async () => {
    const res = await app.gql(
      `mutation($d: String) { createArticle(title: "t", description: $d) { description } }`,
      {
        d: `<p style="text-align:center" onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a><img src=x onerror=alert(1)></p>`,
      },
      token,
    );
    expect(res.body.data.createArticle.description).toBe(
      `<p style="text-align:center">Hi <a rel="noopener noreferrer">link</a><img src="x" /></p>`,
    );
  });

  it("answers bad list arguments with BAD_USER_INPUT, not a crash", async () => {
    for (const [args, field] of [
      [`sortField: "passwordHash"`, "sortField"],
      [`sortOrder: "SIDEWAYS"`, "sortOrder"],
      [`perPage: 100000`, "perPage"],
      [`page: -1, perPage: 10`, "page"],
    ]) {
      const res = await app.gql(`{ allUsers(${args}) { id } }`, {}, token);
      expect(errorCode(res)).toBe("BAD_USER_INPUT");
      expect(Object.keys(fieldErrors(res))).toEqual([field]);
    }
    const wrongType = await app.gql(`{ allNews(perPage: "ten") { id } }`);
    expect(wrongType.status).toBe(400);
    expect(errorCode(wrongType)).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("answers a missing record with NOT_FOUND", async () => {
    for (const id of ["999999", "abc", "-1"]) {
      const res = await app.gql(`mutation($id: ID!) { updateNews(id: $id, heading: "x") { id } }`, { id }, token);
      expect(errorCode(res)).toBe("NOT_FOUND");
    }
  });

  it("refuses an upload over MAX_UPLOAD_MB with 413 and keeps nothing", async () => {
    const small = await startTestApp({ env: { MAX_UPLOAD_MB: "0.01" } });
    try {
      const token = await small.adminToken();
      const big = Buffer.concat([files.png, Buffer.alloc(20 * 1024)]);
      const before = readdirSync(small.services.config.imagesDir);
      const res = await small.upload(createNews, { h: "too big", f: null }, { f: big }, token);
      expect(res.status).toBe(413);
      expect(errorCode(res)).toBe("PAYLOAD_TOO_LARGE");
      expect(readdirSync(small.services.config.imagesDir)).toEqual(before);
      const rows = await small.gql(`{ _allNewsMeta { count } }`);
      expect(rows.body.data._allNewsMeta.count).toBe(0);
    } finally {
      await small.close();
    }
  });

  it("never answers malformed requests with a 500", async () => {
    const bodies = [
      app.http.post("/graphql").set("Content-Type", "application/json").send("{not json"),
      app.http.post("/graphql").set("apollo-require-preflight", "true").field("operations", "{bad").field("map", "{}"),
      app.http.post("/graphql").set("Content-Type", "application/json").send({ query: "mutation { createNews(heading: 5) { id } }" }),
      app.http.post("/graphql").set("Content-Type", "application/json").send({ query: "{ allNews(filter: { nope: 1 }) { id } }" }),
    ];
    for (const res of await Promise.all(bodies)) expect(res.status).toBeLessThan(500);
  });
});
