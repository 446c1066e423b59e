import { readdirSync } from "fs";
import { News } from "../../src/resources/news";
import { paramsOf } from "../../src/rest/legacy";
import { restRouter } from "../../src/rest/router";
import { normaliseField } from "../../src/resources/kit/validate";
import { PAGING } from "../../src/rest/listAnswer";
import { accessOf, RestRoute, restRoutes } from "../../src/rest/routes";
import { files } from "../support/files";
import { ADMIN } from "../support/testApp";
import { RestApp, startRestApp } from "../support/rest";

/** Every method and path of the legacy REST routes (docs/legacy-api.md), written out independently of the route table. */
const LEGACY_ROUTES = [
  "POST /api/login",
  // Not in the original back-office's routes: added so a session can be ended before its token expires.
  "POST /api/logout",
  "POST /api/register",
  "POST /api/user-add",
  "POST /api/update-user",
  "GET /api/user-data",
  "POST /api/user-delete",
  "POST /api/form-data",
  "POST /api/form-delete",
  "POST /api/add/about",
  "POST /api/update/about",
  "POST /api/pool-add",
  "POST /api/pool-delete",
  "GET /api/get/Feature",
  "POST /api/update/feature",
  "POST /api/ip-add",
  "GET /api/get/featuredes",
  "POST /api/update/featuredes",
  "GET /api/get/Roadmapdes",
  "POST /api/update/Roadmapdes",
  "POST /api/roadmap-delete",
  "POST /api/getCardDetails",
  "POST /api/LaunchPad-data",
  "POST /api/LaunchPad-add",
  "POST /api/LaunchPad-delete",
  "POST /api/get-blocklist",
  "POST /api/add-blocklist",
  "POST /api/remove-blocklist",
  ...["about", "landing", "Homeimage", "Homepage", "setting", "news", "newsdes", "Contact", "articles"].map((p) => `GET /api/get/${p}`),
  "POST /api/update/landing",
  "POST /api/landing/change_status",
  "POST /api/update/homeimage",
  "POST /api/update/homepage",
  "POST /api/update/setting",
  "POST /api/add/news",
  "POST /api/update/news",
  "POST /api/status-mainnews",
  "POST /api/add/newsdes",
  "POST /api/update/newsdes",
  "POST /api/status-news",
  "POST /api/add/articles",
  "POST /api/update/articles",
  "POST /api/status-articals",
  ...[1, 2, 3, 4].flatMap((n) => [
    `GET /api/get/aimage${n}`,
    `POST /api/add/aimage${n}`,
    `POST /api/update/aimage${n}`,
    `POST /api/delete/aimage${n}`,
  ]),
];

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const call = (app: RestApp, method: string, path: string, auth?: string | false) =>
  method.toUpperCase() === "GET" ? app.get(path, auth) : app.post(path, {}, auth);

describe("REST shim", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ seed: true })));
  afterAll(() => app.close());

  it("serves exactly the legacy REST routes", () => {
    expect(restRoutes.map((r) => key(r.method, `/api${r.path}`)).sort()).toEqual([...LEGACY_ROUTES].sort());
  });

  describe("/api/openapi.json", () => {
    let doc: any;
    beforeAll(async () => {
      const res = await app.get("/api/openapi.json", false);
      expect(res.status).toBe(200);
      doc = res.body;
    });
    const operations = () =>
      Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m, path)));

    it("is OpenAPI 3.1 with an operation, a summary and a 200 answer per route", () => {
      expect(doc.openapi).toBe("3.1.0");
      for (const ops of Object.values(doc.paths as Record<string, Record<string, any>>)) {
        for (const op of Object.values(ops)) {
          expect(op.operationId).toEqual(expect.any(String));
          expect(op.responses["200"]).toBeDefined();
        }
      }
      const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
        Object.values(ops).map((o) => o.operationId),
      );
      expect(new Set(ids).size).toBe(ids.length);
      // Every $ref resolves.
      for (const [, name] of JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
        expect(doc.components.schemas[name]).toBeDefined();
    });

    it("documents every served route, and nothing else", () => {
      const served = (restRouter(app.services).stack as any[])
        .filter((layer) => layer.route)
        .flatMap((layer) =>
          Object.keys(layer.route.methods)
            .filter((m) => m !== "_all")
            .map((m) => key(m, `/api${layer.route.path}`)),
        );
      expect(operations().sort()).toEqual([...new Set(served)].sort());
      expect(served).toHaveLength(LEGACY_ROUTES.length + 1);
    });

    it("every route it documents is served (none answers the unknown-route 404 or 405)", async () => {
      const admin = app.token;
      for (const op of operations()) {
        const [method, path] = op.split(" ");
        // Signing out ends the session it is sent with: give it one of its own.
        const token =
          path === "/api/logout"
            ? (await app.http.post("/api/login").send({ email: ADMIN.email, password: ADMIN.password })).body.token
            : admin;
        const res = await call(app, method, path, token);
        expect({ op, status: res.status, unknown: /Unknown API route|not allowed/.test(res.body?.message ?? "") }).toEqual({
          op,
          status: expect.any(Number),
          unknown: false,
        });
        expect(res.status).toBeLessThan(500);
      }
    });

    it("marks private routes with the token scheme and documents the legacy request fields", () => {
      for (const route of restRoutes) {
        const op = doc.paths[`/api${route.path}`][route.method];
        expect({ path: route.path, secured: Boolean(op.security) }).toEqual({ path: route.path, secured: accessOf(route) !== "public" });
        const params = paramsOf(route).map((p) => (p.kind === "files" ? `^${p.name}[0-9]+$` : p.name));
        const body = op.requestBody && Object.values(op.requestBody.content as Record<string, any>)[0].schema;
        expect([...Object.keys(body?.properties ?? {}), ...Object.keys(body?.patternProperties ?? {})].sort()).toEqual(params.sort());
      }
      const pool = doc.paths["/api/pool-add"].post.requestBody.content["multipart/form-data"].schema.properties;
      expect(Object.keys(pool).sort()).toEqual(
        [
          "risk",
          "pid",
          "lpSymbol",
          "alloc",
          "isTokenOnly",
          "lpAddresses",
          "tokenSymbol",
          "tokenAddresses",
          "quoteTokenSymbol",
          "quoteTokenAdresses",
          "depositFee",
          "file",
        ].sort(),
      );
      expect(doc.paths["/api/update/landing"].post.requestBody.content["multipart/form-data"].schema.patternProperties).toHaveProperty([
        "^files[0-9]+$",
      ]);
    });
  });

  describe("the OpenAPI document agrees with the validation", () => {
    let doc: any;
    beforeAll(async () => (doc = (await app.get("/api/openapi.json", false)).body));
    const bodyOf = (route: RestRoute) => {
      const content = doc.paths[`/api${route.path}`][route.method].requestBody?.content as Record<string, any> | undefined;
      return content && Object.values(content)[0].schema;
    };

    it("gives minLength 1 to every value the validation refuses empty, a pattern to those refused blank, and to no other", () => {
      for (const route of restRoutes) {
        for (const param of paramsOf(route)) {
          if (param.kind !== "value") continue;
          const stated = bodyOf(route).properties[param.name];
          const refused = (raw: string) => "error" in normaliseField(param.field, param.spec, raw);
          expect({ route: route.path, param: param.name, minLength: stated.minLength, pattern: stated.pattern }).toEqual({
            route: route.path,
            param: param.name,
            minLength: refused("") ? 1 : undefined,
            pattern: refused("  ") ? "\\S" : undefined,
          });
        }
      }
    });

    it("every field it lists as required is refused when sent empty, and says minLength 1", async () => {
      for (const route of restRoutes.filter((r) => r.method === "post")) {
        const body = bodyOf(route);
        for (const name of (body?.required ?? []) as string[]) {
          const param = paramsOf(route).find((p) => p.name === name)!;
          if (param.kind === "file") continue;
          expect({ route: route.path, name, minLength: body.properties[name].minLength }).toEqual({
            route: route.path,
            name,
            minLength: 1,
          });
          // Registration may be closed (403) before its fields are read; its fields are the users service's, checked on /user-add.
          if (route.action === "register") continue;
          const others = route.action === "login" ? { email: ADMIN.email, password: ADMIN.password } : {};
          const res = await app.post(`/api${route.path}`, { ...others, [name]: "" });
          expect({ route: route.path, name, status: res.status, said: Boolean(res.body[name]) }).toEqual({
            route: route.path,
            name,
            status: 400,
            said: true,
          });
        }
      }
    });

    it("states page's maximum, which the lists enforce", async () => {
      const [page] = doc.paths["/api/get/news"].get.parameters;
      expect(page).toMatchObject({ name: "page", schema: { minimum: 1, maximum: PAGING.page.maximum } });
      expect(Number.isSafeInteger(PAGING.page.maximum * PAGING.perPage.maximum)).toBe(true);
      const at = await app.get(`/api/get/news?page=${PAGING.page.maximum}&perPage=${PAGING.perPage.maximum}`, false);
      expect([at.status, at.body]).toEqual([200, []]);
      const past = await app.get(`/api/get/news?page=${PAGING.page.maximum + 1}`, false);
      expect([past.status, past.body.page]).toEqual([400, expect.stringContaining(String(PAGING.page.maximum))]);
    });
  });

  describe("auth", () => {
    const privateRoutes = restRoutes.filter((r) => accessOf(r) !== "public");

    it("covers every write and the private reads (users, contact messages, blocklist)", () => {
      const publicRoutes = restRoutes.filter((r) => accessOf(r) === "public").map((r) => key(r.method, r.path));
      for (const publicRoute of publicRoutes)
        expect(publicRoute).toMatch(/^GET \/get\/|^POST \/(login|register|form-data|getCardDetails|LaunchPad-data)$/);
      for (const privateRoute of ["GET /user-data", "GET /get/Contact", "POST /get-blocklist"])
        expect(privateRoutes.map((p) => key(p.method, p.path))).toContain(privateRoute);
    });

    it.each(privateRoutes.map((r) => [key(r.method, `/api${r.path}`)]))("%s answers 401 { message } without a valid token", async (op) => {
      const [method, path] = op.split(" ");
      for (const auth of [false, "not-a-token", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."] as const) {
        const res = await call(app, method, path, auth);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: expect.any(String) });
      }
    });
  });

  describe("errors", () => {
    it.each(["/api", "/api/", "/api/nope", "/api/get/FEATURE", "/api/get/news/extra", "/api/login/x", "/api/Login"])(
      "GET and POST %s answer 404 JSON",
      async (path) => {
        for (const res of [await app.http.get(path), await app.http.post(path)]) {
          expect(res.status).toBe(404);
          expect(res.headers["content-type"]).toMatch(/json/);
          expect(res.body).toEqual({ message: expect.any(String) });
        }
      },
    );

    it("a known path with the wrong method answers 405 with Allow", async () => {
      const res = await app.http.post("/api/get/news");
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET");
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    it("malformed JSON and multipart answer 400", async () => {
      const json = await app.http.post("/api/login").set("Content-Type", "application/json").send("{ not json");
      expect(json.status).toBe(400);
      expect(json.body).toEqual({ message: expect.any(String) });
      const addNews = (contentType: string, body: string) =>
        app.http.post("/api/add/news").set("Authorization", app.token).set("Content-Type", contentType).send(body);
      const multipart = await addNews("multipart/form-data", "garbage");
      expect(multipart.status).toBe(400);
      const truncated = await addNews(
        "multipart/form-data; boundary=XYZ",
        '--XYZ\r\nContent-Disposition: form-data; name="Heading"\r\n\r\nunfinished',
      );
      expect(truncated.status).toBe(400);
    });

    it("reads urlencoded bodies too", async () => {
      const res = await app.http
        .post("/api/add-blocklist")
        .set("Authorization", app.token)
        .type("form")
        .send("walletaddress=0x000000000000000000000000000000000000dEaD");
      expect(res.status).toBe(200);
      expect(res.body.data.walletaddress).toBe("0x000000000000000000000000000000000000dEaD");
    });

    it("never answers 500 to bad input on any route", async () => {
      const junk: unknown[] = [{ a: 1 }, ["x"], null, -1, 0, true, "", "x".repeat(70_000), "0x", "1 OR 1=1", "../../etc/passwd"];
      for (const route of restRoutes) {
        const path = `/api${route.path}`;
        const params = paramsOf(route);
        const bodies: (Record<string, unknown> | string)[] = [
          '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
          {},
          ...junk.map((v) => Object.fromEntries(params.map((p) => [p.kind === "files" ? `${p.name}0` : p.name, v]))),
        ];
        for (const body of bodies) {
          const res =
            route.method === "get"
              ? await app.get(path)
              : await app.http
                  .post(path)
                  .set("Authorization", app.token)
                  .set("Content-Type", "application/json")
                  .send(typeof body === "string" ? body : JSON.stringify(body));
          const shown = (typeof body === "string" ? body : JSON.stringify(body)).slice(0, 80);
          expect({ path, body: shown, status: res.status < 500 }).toEqual({ path, body: shown, status: true });
        }
        if (route.method === "post") {
          const fields = Object.fromEntries(params.filter((p) => p.kind !== "file" && p.kind !== "files").map((p) => [p.name, "garbage"]));
          const uploads = Object.fromEntries(
            params
              .filter((p) => p.kind === "file" || p.kind === "files")
              .map((p) => [p.kind === "files" ? `${p.name}0` : p.name, files.text]),
          );
          const res = await app.form(path, fields, { ...uploads, unexpected: files.png });
          expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});

describe("REST uploads of an empty file", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp()));
  afterAll(() => app.close());

  it("refuses a chosen file of 0 bytes as GraphQL does (400, 'The file is empty') and stores nothing", async () => {
    const images = readdirSync(app.services.config.imagesDir).sort();
    const before = await app.readAll(News);
    const res = await app.form("/api/add/news", { Heading: "Empty file" }, { file: Buffer.alloc(0) });
    expect([res.status, res.body]).toEqual([400, { logoURI: "The file is empty" }]);
    expect(await app.readAll(News)).toEqual(before);
    expect(readdirSync(app.services.config.imagesDir).sort()).toEqual(images);
    const graphql = await app.upload(
      'mutation($f: Upload) { createNews(heading: "Empty file", file: $f) { id } }',
      { f: null },
      { f: Buffer.alloc(0) },
      await app.adminToken(),
    );
    expect(graphql.body.errors?.[0].extensions?.fieldErrors).toEqual({ imageUri: "The file is empty" });
  });

  it("still reads a file input left empty (no file name, no bytes) as no file chosen", async () => {
    // As a browser sends it: the file part with an empty file name and no bytes.
    const res = await app.http
      .post("/api/add/news")
      .set("Authorization", app.token)
      .set("Content-Type", "multipart/form-data; boundary=nofile")
      .send(
        '--nofile\r\nContent-Disposition: form-data; name="Heading"\r\n\r\nNo file chosen\r\n' +
          '--nofile\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
          "--nofile--\r\n",
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ Heading: "No file chosen", logoURI: null });
  });
});

describe("REST uploads over MAX_UPLOAD_MB", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp({ env: { MAX_UPLOAD_MB: "1" } })));
  afterAll(() => app.close());

  const big = Buffer.concat([files.png, Buffer.alloc(1024 * 1024 + 10, 1)]);
  const images = () => readdirSync(app.services.config.imagesDir).sort();

  it("answers 413 { message } and stores nothing, neither record nor file", async () => {
    const before = images();
    const res = await app.form("/api/add/news", { Heading: "Too big" }, { file: big });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.stringMatching(/1 MB/) });
    expect(await app.readAll(News)).toEqual([]);
    expect(images()).toEqual(before);
  });

  it("answers 413 when one of several files is too big, and keeps the record as it was", async () => {
    const added = await app.form("/api/add/news", { Heading: "Small" }, { file: files.png });
    expect(added.status).toBe(200);
    const before = await app.read(News, added.body.data._id);
    const res = await app.form("/api/update/news", { _id: added.body.data._id, Heading: "Changed" }, { file: big, other: files.png2 });
    expect(res.status).toBe(413);
    expect(await app.read(News, added.body.data._id)).toEqual(before);
  });

  it("still takes a file just under the limit", async () => {
    const fits = Buffer.concat([files.png, Buffer.alloc(1024 * 1024 - files.png.length - 1, 0)]);
    const res = await app.form("/api/add/news", { Heading: "Fits" }, { file: fits });
    expect(res.status).toBe(200);
  });
});
