import { IpWhitelistEntry } from "../../src/resources/ipWhitelistEntry";
import { Pool } from "../../src/resources/pool";
import { About } from "../../src/resources/about";
import { Feature } from "../../src/resources/feature";
import { FeatureDescription } from "../../src/resources/featureDescription";
import { Roadmap } from "../../src/resources/roadmap";
import { files } from "../support/files";
import { expectSectionUpdate, expectWrite, RestApp, startRestApp } from "../support/rest";

/** The legacy REST routes (docs/legacy-api.md), "Farms, features, roadmap, whitelist". */
describe("REST farms, features, roadmap, whitelist", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ seed: true })));
  afterAll(() => app.close());

  const sectionKeys = ["_id", "identifier", "Title", "Heading", "Description", "content", "logoURI", "createdAt", "updatedAt"];

  describe("home block (the Farms screen's 'Add Farm' and 'Home' dialogs)", () => {
    it("GET /api/get/about lists the entries in the legacy shape", async () => {
      const res = await app.get("/api/get/about", false);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(Object.keys(res.body[0]).sort()).toEqual([...sectionKeys].sort());
      expect(res.body[0]).toMatchObject({ identifier: "landing_banner01", Title: "Welcome", logoURI: expect.stringMatching(/\.svg$/) });
    });

    it("POST /api/add/about adds Title, Heading, Description, content (JSON) with the fixed identifier", async () => {
      const data = expectWrite(await app.post("/api/add/about", { Title: "Added", Heading: "H", Description: "D", content: "C" }));
      expect(await app.read(About, data._id)).toMatchObject({
        identifier: "landing_banner01",
        title: "Added",
        heading: "H",
        description: "D",
        content: "C",
      });
      const missing = await app.post("/api/add/about", { Heading: "no title" });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ Title: expect.any(String) });
      expect((await app.post("/api/add/about", { Title: "x" }, false)).status).toBe(401);
    });

    it("POST /api/update/about (multipart) updates fields and the image; omitted fields and image stay", async () => {
      const [first] = await app.readAll(About);
      const data = expectWrite(
        await app.form(
          "/api/update/about",
          {
            _id: first.id,
            identifier: "landing_banner01",
            Title: "New title",
            Heading: "New heading",
            Description: "New description",
            content: "New content",
          },
          { file: files.png },
        ),
      );
      const stored = await app.read(About, first.id);
      expect(stored).toMatchObject({
        title: "New title",
        heading: "New heading",
        description: "New description",
        content: "New content",
        identifier: "landing_banner01",
      });
      expect(stored!.imageUri).toMatch(/\.png$/);
      expect(data.logoURI).toBe(stored!.imageUri);
      expect(await app.imageServed(stored!.imageUri)).toBe(true);

      expectWrite(await app.form("/api/update/about", { _id: first.id, Title: "Only title" }));
      expect(await app.read(About, first.id)).toMatchObject({
        title: "Only title",
        heading: "New heading",
        content: "New content",
        imageUri: stored!.imageUri,
      });
    });

    it("refuses a non PNG/SVG image with 400 { logoURI } and keeps the record", async () => {
      const [first] = await app.readAll(About);
      const res = await app.form("/api/update/about", { _id: first.id, Title: "Refused" }, { file: files.jpg });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ logoURI: "Allowed Only PNG File" });
      expect((await app.read(About, first.id))!.title).toBe(first.title);
    });
  });

  describe("farm pools (the Farms (form list) screen)", () => {
    const token = "0x1111111111111111111111111111111111111111";
    const quote = "0xe9e7cea3dedca5984780bafc599bd69add087d56";
    const lp = "0x2222222222222222222222222222222222222222";
    const poolForm = {
      risk: 5,
      pid: 0,
      lpSymbol: "ABC-BUSD LP",
      alloc: 100,
      isTokenOnly: "true",
      lpAddresses: lp,
      tokenSymbol: "ABC",
      tokenAddresses: token,
      quoteTokenSymbol: "BUSD",
      quoteTokenAdresses: quote,
      depositFee: 250,
    };

    it("POST /api/pool-add (multipart, every field and file) records the pool", async () => {
      const data = expectWrite(await app.form("/api/pool-add", poolForm, { file: files.svg }));
      expect(data).toMatchObject({
        lpSymbol: "ABC-BUSD LP",
        quoteTokenAdresses: "0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56",
        isTokenOnly: true,
      });
      const stored = await app.read(Pool, data._id);
      expect(stored).toMatchObject({
        risk: 5,
        pid: 0,
        lpSymbol: "ABC-BUSD LP",
        alloc: "100",
        isTokenOnly: true,
        tokenSymbol: "ABC",
        tokenAddresses: token,
        quoteTokenSymbol: "BUSD",
        quoteTokenAddresses: "0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56",
        depositFee: "250",
      });
      expect(stored!.imageUri).toMatch(/\.svg$/);
    });

    it("answers 400 with legacy names (quoteTokenAdresses as spelt) and stores nothing", async () => {
      const before = (await app.readAll(Pool)).length;
      const res = await app.form("/api/pool-add", { ...poolForm, quoteTokenAdresses: "0x123", alloc: "lots" }, { file: files.png });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ quoteTokenAdresses: expect.any(String), alloc: expect.any(String) });
      expect((await app.readAll(Pool)).length).toBe(before);
    });

    // The legacy farm pool record (quoteTokenAdresses as spelt), with its id and timestamps.
    const poolKeys =
      "_id pid risk lpSymbol alloc isTokenOnly lpAddresses tokenSymbol tokenAddresses quoteTokenSymbol quoteTokenAdresses depositFee logoURI createdAt updatedAt".split(
        " ",
      );

    it("POST /api/form-data lists the farm pools in their legacy shape, not the home block", async () => {
      const added = expectWrite(await app.form("/api/pool-add", { ...poolForm, lpSymbol: "LISTED-BUSD LP" }, { file: files.svg }));
      const res = await app.post("/api/form-data", undefined, false);
      expect(res.status).toBe(200);
      expect(res.body.every((entry: Record<string, unknown>) => Object.keys(entry).sort().join() === [...poolKeys].sort().join())).toBe(
        true,
      );
      expect(res.body.map((entry: Record<string, unknown>) => entry.identifier)).not.toContain("landing_banner01");
      expect(res.body.find((entry: Record<string, unknown>) => entry._id === added._id)).toMatchObject({
        lpSymbol: "LISTED-BUSD LP",
        tokenAddresses: token,
        quoteTokenAdresses: "0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56",
        depositFee: "250",
        logoURI: expect.stringMatching(/\.svg$/),
      });
    });

    it("POST /api/form-delete deletes farm pools by _id, never a home block", async () => {
      expectWrite(await app.form("/api/pool-add", poolForm));
      const listed = (await app.post("/api/form-data", undefined, false)).body as { _id: number }[];
      expect(listed.length).toBeGreaterThan(0);
      expect((await app.post("/api/form-delete", { _id: listed[0]._id }, false)).status).toBe(401);
      for (const pool of listed) expectWrite(await app.post("/api/form-delete", { _id: pool._id }));
      expect(await app.readAll(Pool)).toEqual([]);
      expect((await app.post("/api/form-data", undefined, false)).body).toEqual([]);
      // No pool is left, so a home block's id can only be refused, and the home block stays.
      const [homeBlock] = await app.readAll(About);
      expect((await app.post("/api/form-delete", { _id: homeBlock.id })).status).toBe(404);
      expect(await app.read(About, homeBlock.id)).not.toBeNull();
    });

    it("POST /api/pool-delete deletes by _id (JSON)", async () => {
      const data = expectWrite(await app.form("/api/pool-add", poolForm));
      expectWrite(await app.post("/api/pool-delete", { _id: data._id }));
      expect(await app.read(Pool, data._id)).toBeNull();
    });
  });

  describe("features", () => {
    it("GET /api/get/Feature lists features; the path is case-sensitive", async () => {
      const res = await app.get("/api/get/Feature", false);
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(2);
      expect(Object.keys(res.body[0]).sort()).toEqual([...sectionKeys].sort());
      expect(res.body[0].identifier).toBe("landing_banner02");
      expect((await app.get("/api/get/feature", false)).status).toBe(404);
    });

    it("POST /api/update/feature (multipart) updates a feature", async () => {
      await expectSectionUpdate(app, "/api/update/feature", Feature, "landing_banner02", files.png2);
    });
  });

  describe("IP whitelist", () => {
    it("POST /api/ip-add (multipart: whitelist) adds an address; invalid or duplicate answer 400 { whitelist }", async () => {
      expectWrite(await app.form("/api/ip-add", { whitelist: "10.0.0.1" }));
      expect((await app.readAll(IpWhitelistEntry)).map((e) => e.address)).toContain("10.0.0.1");
      const duplicate = await app.form("/api/ip-add", { whitelist: "10.0.0.1" });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ whitelist: expect.stringMatching(/already exists/) });
      const invalid = await app.form("/api/ip-add", { whitelist: "not an ip" });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body)).toEqual(["whitelist"]);
      expect((await app.form("/api/ip-add", { whitelist: "10.0.0.2" }, {}, false)).status).toBe(401);
    });
  });

  describe("'road more' descriptions", () => {
    it("GET /api/get/featuredes lists them, with the image the Road More list shows", async () => {
      const res = await app.get("/api/get/featuredes", false);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ identifier: "landing_banner03", Title: "Road more", Heading: "Why stake with us" });
      expect(res.body[0].logoURI).toMatch(/\.png$/);
    });

    it("POST /api/update/featuredes (multipart: _id, identifier, Title, Heading, Description) updates one", async () => {
      const [first] = await app.readAll(FeatureDescription);
      expectWrite(
        await app.form("/api/update/featuredes", {
          _id: first.id,
          identifier: "landing_banner03",
          Title: "R",
          Heading: "RH",
          Description: "RD",
        }),
      );
      expect(await app.read(FeatureDescription, first.id)).toMatchObject({
        title: "R",
        heading: "RH",
        description: "RD",
        identifier: "landing_banner03",
      });
    });
  });

  describe("roadmap", () => {
    it("GET /api/get/Roadmapdes lists roadmap records", async () => {
      const res = await app.get("/api/get/Roadmapdes", false);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body[0]).sort()).toEqual([...sectionKeys].sort());
      expect(res.body[0].identifier).toBe("landing_banner04");
    });

    it("POST /api/update/Roadmapdes (multipart) updates; a Description over 200 characters answers 400 { Description }", async () => {
      const [first] = await app.readAll(Roadmap);
      const tooLong = await app.form("/api/update/Roadmapdes", { _id: first.id, Description: "x".repeat(201) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({ Description: expect.stringMatching(/200/) });
      expectWrite(
        await app.form(
          "/api/update/Roadmapdes",
          { identifier: "landing_banner04", _id: first.id, Title: "RM", Heading: "RMH", Description: "y".repeat(200), content: "RMC" },
          { file: files.svg },
        ),
      );
      const stored = await app.read(Roadmap, first.id);
      expect(stored).toMatchObject({ title: "RM", heading: "RMH", description: "y".repeat(200), content: "RMC" });
      expect(stored!.imageUri).toMatch(/\.svg$/);
    });

    it("POST /api/roadmap-delete deletes by _id and answers a message", async () => {
      const [first] = await app.readAll(Roadmap);
      const res = await app.post("/api/roadmap-delete", { _id: first.id });
      expectWrite(res);
      expect(await app.read(Roadmap, first.id)).toBeNull();
    });
  });
});
