import { LandingBlock } from "../../src/resources/landingBlock";
import { HomePage } from "../../src/resources/homePage";
import { Article } from "../../src/resources/article";
import { HomeImage } from "../../src/resources/homeImage";
import { News } from "../../src/resources/news";
import { NewsDescription } from "../../src/resources/newsDescription";
import { Setting } from "../../src/resources/setting";
import { files } from "../support/files";
import { expectSectionUpdate, expectWrite, RestApp, startRestApp } from "../support/rest";

/** The legacy REST routes (docs/legacy-api.md), "Site content". */
describe("REST site content", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ seed: true })));
  afterAll(() => app.close());

  const keys = (o: object) => Object.keys(o).sort();
  const stamps = ["_id", "createdAt", "updatedAt"];

  describe("GET lists (public, except contact messages)", () => {
    const shapes: [string, string[]][] = [
      ["/api/get/about", ["identifier", "Title", "Heading", "Description", "content", "logoURI"]],
      ["/api/get/landing", ["Identifier", "PageName", "Title", "Description", "ContentArray", "ImageURI", "Status"]],
      ["/api/get/Homeimage", ["logoURI"]],
      ["/api/get/Homepage", ["identifier", "Title", "Heading", "Description", "content", "logoURI"]],
      ["/api/get/setting", ["Heading", "Description"]],
      ["/api/get/news", ["Heading", "Description", "logoURI", "status"]],
      ["/api/get/newsdes", ["Title", "Heading", "Description", "NewsLink", "VimeoLink", "logoURI", "status"]],
      [
        "/api/get/articles",
        [
          "Title",
          "Heading",
          "Description",
          "Description1",
          "Description2",
          "Description3",
          "NewsLink",
          "NewsLink1",
          "NewsLink2",
          "NewsLink3",
          "VimeoLink",
          "VimeoLink1",
          "VimeoLink2",
          "VimeoLink3",
          "logoURI",
          "status",
        ],
      ],
    ];
    it.each(shapes)("GET %s answers records with the legacy fields", async (path, fields) => {
      const res = await app.get(path, false);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      for (const record of res.body) expect(keys(record)).toEqual([...fields, ...stamps].sort());
    });

    it("GET /api/get/landing gives ContentArray blocks as { Title, Description, ImageURI } and Status as 'true'/'false'", async () => {
      const res = await app.get("/api/get/landing", false);
      const second = res.body.find((b: any) => b.Identifier === "landing_banner02");
      expect(second.ContentArray[0]).toEqual({
        Title: "BNB or USDT",
        Description: "Contribute in either currency.",
        ImageURI: expect.stringMatching(/\.png$/),
      });
      expect(second.Status).toBe("true");
      expect(res.body.find((b: any) => b.Identifier === "landing_banner04").Status).toBe("false");
    });

    it("GET /api/get/news gives status 1 for shown and 0 for hidden", async () => {
      const res = await app.get("/api/get/news", false);
      expect(res.body.find((n: any) => n.Heading === "Staking v2 is live").status).toBe(1);
      expect(res.body.find((n: any) => n.Heading === "Farms paused for upgrade").status).toBe(0);
    });

    it("GET /api/get/Contact is private and gives name, Email, website, Comments, updatedAt in milliseconds", async () => {
      expect((await app.get("/api/get/Contact", false)).status).toBe(401);
      const res = await app.get("/api/get/Contact");
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      for (const message of res.body) expect(keys(message)).toEqual(["Comments", "Email", "name", "website", ...stamps].sort());
      const alice = res.body.find((m: any) => m.name === "Alice Moreau");
      expect(alice).toMatchObject({
        Email: "alice@example.com",
        website: "https://alice.example.com",
        Comments: "When does the next presale open?",
      });
      expect(typeof alice.updatedAt).toBe("number");
      expect(Math.abs(alice.updatedAt - Date.now())).toBeLessThan(365 * 24 * 3600 * 1000);
    });
  });

  describe("landing blocks", () => {
    it("POST /api/update/landing (multipart: Identifier, Title, Description, Content, files0.., file) updates by identifier", async () => {
      const [before] = await app.readAll(LandingBlock, { identifier: "landing_banner02" });
      const content = [
        { Title: "Kept image", Description: "first", ImageURI: before.blocks[0].imageUri },
        { Title: "New image", Description: "second" },
        { Title: "No image" },
      ];
      const res = await app.form(
        "/api/update/landing",
        { Identifier: "landing_banner02", Title: "Landing title", Description: "Landing description", Content: JSON.stringify(content) },
        { files1: files.gif, file: files.webp },
      );
      const data = expectWrite(res);
      const stored = await app.read(LandingBlock, before.id);
      expect(stored).toMatchObject({ identifier: "landing_banner02", title: "Landing title", description: "Landing description" });
      expect(stored!.imageUri).toMatch(/\.webp$/);
      expect(stored!.blocks).toEqual([
        { title: "Kept image", description: "first", imageUri: before.blocks[0].imageUri },
        { title: "New image", description: "second", imageUri: expect.stringMatching(/\.gif$/) },
        { title: "No image", description: null, imageUri: null },
      ]);
      expect(await app.imageServed(stored!.blocks[1].imageUri)).toBe(true);
      expect(data.ContentArray[1]).toEqual({ Title: "New image", Description: "second", ImageURI: stored!.blocks[1].imageUri });
    });

    it("answers 400 keyed files0 / ImageURI / Content for bad block images, record images and content; nothing changes", async () => {
      const [before] = await app.readAll(LandingBlock, { identifier: "landing_banner01" });
      const badBlock = await app.form("/api/update/landing", { Identifier: "landing_banner01", Title: "no" }, { files0: files.svg });
      expect(badBlock.status).toBe(400);
      expect(badBlock.body).toEqual({ files0: "Allowed Only JPG, WEBP, PNG File" });
      const badImage = await app.form("/api/update/landing", { Identifier: "landing_banner01" }, { file: files.text });
      expect(badImage.status).toBe(400);
      expect(badImage.body).toEqual({ ImageURI: "Allowed Only JPG, WEBP, PNG File" });
      const badContent = await app.form("/api/update/landing", { Identifier: "landing_banner01", Content: "{not json" });
      expect(badContent.status).toBe(400);
      expect(Object.keys(badContent.body)).toEqual(["Content"]);
      expect(await app.read(LandingBlock, before.id)).toEqual(before);
      const unknown = await app.form("/api/update/landing", { Identifier: "landing_banner99", Title: "x" });
      expect(unknown.status).toBe(404);
    });

    it("POST /api/landing/change_status takes { identifier, status: 'true'|'false' } and answers { status: 1, message }", async () => {
      const hide = await app.post("/api/landing/change_status", { identifier: "landing_banner01", status: "false" });
      expect(hide.status).toBe(200);
      expect(hide.body).toEqual({ status: 1, message: expect.any(String) });
      expect((await app.readAll(LandingBlock, { identifier: "landing_banner01" }))[0].visible).toBe(false);
      expect((await app.get("/api/get/landing", false)).body.find((b: any) => b.Identifier === "landing_banner01").Status).toBe("false");
      await app.post("/api/landing/change_status", { identifier: "landing_banner01", status: "true" });
      expect((await app.readAll(LandingBlock, { identifier: "landing_banner01" }))[0].visible).toBe(true);
      const bad = await app.post("/api/landing/change_status", { identifier: "landing_banner01", status: "maybe" });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(["status"]);
      expect((await app.post("/api/landing/change_status", { identifier: "landing_banner01", status: "false" }, false)).status).toBe(401);
    });
  });

  describe("home image, home page, settings", () => {
    it("POST /api/update/homeimage (multipart: _id, file) replaces the image; only PNG or SVG", async () => {
      const [image] = await app.readAll(HomeImage);
      expectWrite(await app.form("/api/update/homeimage", { _id: image.id }, { file: files.svg }));
      const stored = await app.read(HomeImage, image.id);
      expect(stored!.imageUri).toMatch(/\.svg$/);
      const refused = await app.form("/api/update/homeimage", { _id: image.id }, { file: files.gif });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ logoURI: "Allowed Only PNG File" });
      expect((await app.read(HomeImage, image.id))!.imageUri).toBe(stored!.imageUri);
    });

    it("POST /api/update/homepage (multipart: identifier, _id, Title, Heading, Description, content, file)", async () => {
      await expectSectionUpdate(app, "/api/update/homepage", HomePage, "Landing_page2", files.png2);
    });

    it("POST /api/update/setting (multipart: _id, Heading, Description) changes the value; the name cannot change", async () => {
      const [setting] = await app.readAll(Setting, { name: "site_name" });
      expectWrite(await app.form("/api/update/setting", { _id: setting.id, Heading: "site_name", Description: "New site" }));
      expect(await app.read(Setting, setting.id)).toMatchObject({ name: "site_name", value: "New site" });
      const renamed = await app.form("/api/update/setting", { _id: setting.id, Heading: "other_name", Description: "x" });
      expect(renamed.status).toBe(400);
      expect(renamed.body).toEqual({ Heading: expect.any(String) });
      expect((await app.read(Setting, setting.id))!.value).toBe("New site");
    });
  });

  describe("news", () => {
    let id: string;
    it("POST /api/add/news (multipart: Heading, Description, file) adds a shown item", async () => {
      const data = expectWrite(await app.form("/api/add/news", { Heading: "Fresh", Description: "Fresh news" }, { file: files.jpg }));
      id = data._id;
      const stored = await app.read(News, id);
      expect(stored).toMatchObject({ heading: "Fresh", description: "Fresh news", visible: true });
      expect(stored!.imageUri).toMatch(/\.jpg$/);
      expect(data.status).toBe(1);
    });

    it("POST /api/update/news (multipart: _id, Heading, Description, file) updates it", async () => {
      expectWrite(await app.form("/api/update/news", { _id: id, Heading: "Fresher", Description: "Updated" }, { file: files.png }));
      const stored = await app.read(News, id);
      expect(stored).toMatchObject({ heading: "Fresher", description: "Updated" });
      expect(stored!.imageUri).toMatch(/\.png$/);
    });

    it("POST /api/status-mainnews (JSON: _id, status) hides with false and shows with true", async () => {
      expectWrite(await app.post("/api/status-mainnews", { _id: id, status: false }));
      expect((await app.read(News, id))!.visible).toBe(false);
      expect((await app.get("/api/get/news", false)).body.find((n: any) => n._id === id).status).toBe(0);
      expectWrite(await app.post("/api/status-mainnews", { _id: id, status: true }));
      expect((await app.read(News, id))!.visible).toBe(true);
      const before = await app.read(News, id);
      // Only the status is written by the toggle.
      expectWrite(await app.post("/api/status-mainnews", { _id: id, status: false, Heading: "ignored" }));
      expect((await app.read(News, id))!.heading).toBe(before!.heading);
    });
  });

  describe("news descriptions", () => {
    let id: string;
    it("POST /api/add/newsdes (multipart: Title, Heading, Description, NewsLink, VimeoLink, file)", async () => {
      const data = expectWrite(
        await app.form(
          "/api/add/newsdes",
          {
            Title: "ND",
            Heading: "NDH",
            Description: "<p>Rich <script>alert(1)</script><b>text</b></p>",
            NewsLink: "https://youtu.be/x",
            VimeoLink: "https://vimeo.com/1",
          },
          { file: files.webp },
        ),
      );
      id = data._id;
      const stored = await app.read(NewsDescription, id);
      expect(stored).toMatchObject({
        title: "ND",
        heading: "NDH",
        newsLink: "https://youtu.be/x",
        vimeoLink: "https://vimeo.com/1",
        visible: true,
      });
      expect(stored!.description).toContain("<b>text</b>");
      expect(stored!.description).not.toContain("script");
      const badLink = await app.form("/api/add/newsdes", { Title: "ND", NewsLink: "javascript:alert(1)" });
      expect(badLink.status).toBe(400);
      expect(badLink.body).toEqual({ NewsLink: expect.any(String) });
    });

    it("POST /api/update/newsdes (multipart: _id, Title, Heading, Description, NewsLink, VimeoLink, file)", async () => {
      expectWrite(
        await app.form(
          "/api/update/newsdes",
          {
            _id: id,
            Title: "ND2",
            Heading: "NDH2",
            Description: "<p>2</p>",
            NewsLink: "https://youtu.be/y",
            VimeoLink: "https://vimeo.com/2",
          },
          { file: files.gif },
        ),
      );
      const stored = await app.read(NewsDescription, id);
      expect(stored).toMatchObject({
        title: "ND2",
        heading: "NDH2",
        description: "<p>2</p>",
        newsLink: "https://youtu.be/y",
        vimeoLink: "https://vimeo.com/2",
      });
      expect(stored!.imageUri).toMatch(/\.gif$/);
    });

    it("POST /api/status-news (JSON: _id, status)", async () => {
      expectWrite(await app.post("/api/status-news", { _id: id, status: false }));
      expect((await app.read(NewsDescription, id))!.visible).toBe(false);
      expectWrite(await app.post("/api/status-news", { _id: id, status: "true" }));
      expect((await app.read(NewsDescription, id))!.visible).toBe(true);
    });
  });

  describe("articles", () => {
    let id: string;
    const full = {
      Title: "Art",
      Heading: "Art",
      Description: "<p>d0</p>",
      Description1: "<p>d1</p>",
      Description2: "<p>d2</p>",
      Description3: "<p>d3</p>",
      NewsLink: "https://youtu.be/0",
      NewsLink1: "https://youtu.be/1",
      NewsLink2: "https://youtu.be/2",
      NewsLink3: "https://youtu.be/3",
      VimeoLink: "https://vimeo.com/0",
      VimeoLink1: "https://vimeo.com/1",
      VimeoLink2: "https://vimeo.com/2",
      VimeoLink3: "https://vimeo.com/3",
      status: 1,
    };
    const model = {
      title: "Art",
      heading: "Art",
      description: "<p>d0</p>",
      description1: "<p>d1</p>",
      description2: "<p>d2</p>",
      description3: "<p>d3</p>",
      newsLink: "https://youtu.be/0",
      newsLink1: "https://youtu.be/1",
      newsLink2: "https://youtu.be/2",
      newsLink3: "https://youtu.be/3",
      vimeoLink: "https://vimeo.com/0",
      vimeoLink1: "https://vimeo.com/1",
      vimeoLink2: "https://vimeo.com/2",
      vimeoLink3: "https://vimeo.com/3",
    };

    it("POST /api/add/articles (multipart with every field, status and file)", async () => {
      const data = expectWrite(await app.form("/api/add/articles", full, { file: files.png }));
      id = data._id;
      const stored = await app.read(Article, id);
      expect(stored).toMatchObject({ ...model, visible: true });
      expect(stored!.imageUri).toMatch(/\.png$/);
      const hidden = expectWrite(await app.form("/api/add/articles", { ...full, status: 0 }));
      expect((await app.read(Article, hidden._id))!.visible).toBe(false);
    });

    it("POST /api/update/articles (multipart: _id, fields, status, file)", async () => {
      expectWrite(
        await app.form(
          "/api/update/articles",
          { _id: id, Title: "Art 2", Description2: "<p>new</p>", VimeoLink3: "https://vimeo.com/33", status: "false" },
          { file: files.svg },
        ),
      );
      const stored = await app.read(Article, id);
      expect(stored).toMatchObject({
        ...model,
        title: "Art 2",
        description2: "<p>new</p>",
        vimeoLink3: "https://vimeo.com/33",
        visible: false,
      });
      expect(stored!.imageUri).toMatch(/\.svg$/);
    });

    it("POST /api/status-articals (JSON: _id, status)", async () => {
      expectWrite(await app.post("/api/status-articals", { _id: id, status: true }));
      expect((await app.read(Article, id))!.visible).toBe(true);
      expectWrite(await app.post("/api/status-articals", { _id: id, status: false }));
      expect((await app.read(Article, id))!.visible).toBe(false);
      expect((await app.post("/api/status-articals", { _id: "123456", status: true })).status).toBe(404);
    });
  });
});
