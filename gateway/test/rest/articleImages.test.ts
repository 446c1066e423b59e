import { ArticleImage } from "../../src/resources/articleImage";
import { files } from "../support/files";
import { RestApp, startRestApp } from "../support/rest";

/** The legacy REST routes (docs/legacy-api.md), "Article images, slots 1 to 4": one resource with a slot, four sets of routes. */
describe("REST article images", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ seed: true })));
  afterAll(() => app.close());

  const seeded: Record<number, number> = { 1: 2, 2: 1, 3: 1, 4: 1 };
  const other = (n: number) => (n % 4) + 1;

  describe.each([1, 2, 3, 4])("slot %i", (n) => {
    it(`GET /api/get/aimage${n} lists only slot ${n}, as { _id, logoURI }`, async () => {
      const res = await app.get(`/api/get/aimage${n}`, false);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(seeded[n]);
      for (const record of res.body)
        expect(record).toMatchObject({ _id: expect.any(String), logoURI: expect.stringMatching(/\.png$/), slot: n });
    });

    it(`POST /api/add/aimage${n} (multipart: file) adds to slot ${n} and answers a message`, async () => {
      const res = await app.form(`/api/add/aimage${n}`, {}, { file: files.webp });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      const stored = await app.read(ArticleImage, res.body.data._id);
      expect(stored).toMatchObject({ slot: n, imageUri: expect.stringMatching(/\.webp$/) });
      expect(await app.imageServed(stored!.imageUri)).toBe(true);
      expect((await app.get(`/api/get/aimage${n}`, false)).body).toHaveLength(seeded[n] + 1);
      expect((await app.form(`/api/add/aimage${n}`, {}, { file: files.webp }, false)).status).toBe(401);
    });

    it(`POST /api/add/aimage${n} answers 400 keyed logoURI without a file or with a non-image`, async () => {
      const before = (await app.readAll(ArticleImage)).length;
      const none = await app.form(`/api/add/aimage${n}`, {});
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ logoURI: expect.any(String) });
      const text = await app.form(`/api/add/aimage${n}`, {}, { file: files.pngNamedButHtml });
      expect(text.status).toBe(400);
      expect(text.body).toEqual({ logoURI: expect.stringMatching(/^Allowed Only/) });
      expect((await app.readAll(ArticleImage)).length).toBe(before);
    });

    it(`POST /api/update/aimage${n} (multipart: _id, file) replaces the image and answers message and success`, async () => {
      const [record] = await app.readAll(ArticleImage, { slot: n });
      const res = await app.form(`/api/update/aimage${n}`, { _id: record.id }, { file: files.gif });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: expect.any(String), success: true });
      expect(await app.read(ArticleImage, record.id)).toMatchObject({ slot: n, imageUri: expect.stringMatching(/\.gif$/) });
      const bad = await app.form(`/api/update/aimage${n}`, { _id: record.id }, { file: files.svgWithScript });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(["logoURI"]);
    });

    it(`POST /api/update/aimage${n} and /api/delete/aimage${n} do not reach another slot's image (404)`, async () => {
      const [foreign] = await app.readAll(ArticleImage, { slot: other(n) });
      expect((await app.form(`/api/update/aimage${n}`, { _id: foreign.id }, { file: files.png })).status).toBe(404);
      expect((await app.post(`/api/delete/aimage${n}`, { _id: foreign.id })).status).toBe(404);
      expect(await app.read(ArticleImage, foreign.id)).toEqual(foreign);
    });

    it(`POST /api/delete/aimage${n} (JSON: _id) deletes and answers a message`, async () => {
      const added = await app.form(`/api/add/aimage${n}`, {}, { file: files.png2 });
      const res = await app.post(`/api/delete/aimage${n}`, { _id: added.body.data._id });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await app.read(ArticleImage, added.body.data._id)).toBeNull();
    });
  });
});
