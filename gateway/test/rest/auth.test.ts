import { User } from "../../src/resources/user";
import { ADMIN } from "../support/testApp";
import { expectWrite, RestApp, startRestApp } from "../support/rest";

/** The legacy REST routes (docs/legacy-api.md), "Auth and users". */
describe("REST auth and users", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp()));
  afterAll(() => app.close());

  const byEmail = async (email: string) => (await app.readAll(User, { q: email })).find((u) => u.email === email);

  describe("POST /api/login", () => {
    it("answers { token, name }; the token works bare and as Bearer, on REST and GraphQL", async () => {
      const res = await app.post("/api/login", { email: ADMIN.email, password: ADMIN.password }, false);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["name", "token"]);
      expect(res.body.name).toBe(ADMIN.name);
      const me = await app.gql("{ me { email role } }", {}, res.body.token);
      expect(me.body.data.me).toEqual({ email: ADMIN.email, role: "admin" });
      expect((await app.get("/api/user-data", res.body.token)).status).toBe(200);
      expect((await app.get("/api/user-data", `Bearer ${res.body.token}`)).status).toBe(200);
    });

    it("answers 401 { message } for a wrong password and 400 per field for missing ones", async () => {
      const wrong = await app.post("/api/login", { email: ADMIN.email, password: "not-the-password" }, false);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: expect.any(String) });
      const missing = await app.post("/api/login", {}, false);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ email: expect.any(String), password: expect.any(String) });
    });
  });

  describe("POST /api/register", () => {
    it("registers name, email, password, password2 and answers { message, success }", async () => {
      const res = await app.post(
        "/api/register",
        { name: "Reg", email: "reg@example.com", password: "reg-pass-123", password2: "reg-pass-123" },
        false,
      );
      expectWrite(res);
      // REGISTRATION=approval (the default): stored, waiting for approval.
      expect(await byEmail("reg@example.com")).toMatchObject({ name: "Reg", role: "editor", approved: false });
    });

    it("answers 400 { password2 } when the passwords differ, and stores nothing", async () => {
      const res = await app.post(
        "/api/register",
        { name: "X", email: "x@example.com", password: "x-pass-1234", password2: "other-pass" },
        false,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ password2: expect.any(String) });
      expect(await byEmail("x@example.com")).toBeUndefined();
    });
  });

  describe("users", () => {
    it("POST /api/user-add adds a user (admin only) and refuses a duplicate email per field", async () => {
      const body = { name: "Ed", email: "ed@example.com", password: "ed-pass-1234", password2: "ed-pass-1234" };
      expectWrite(await app.post("/api/user-add", body));
      expect(await byEmail("ed@example.com")).toMatchObject({ name: "Ed", approved: true });
      const again = await app.post("/api/user-add", body);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ email: expect.stringMatching(/already exists/) });
      expect((await app.post("/api/user-add", { ...body, email: "no-token@example.com" }, false)).status).toBe(401);
    });

    it("POST /api/update-user changes email and password by _id", async () => {
      expectWrite(
        await app.post("/api/user-add", { name: "Up", email: "up@example.com", password: "up-pass-1234", password2: "up-pass-1234" }),
      );
      const user = await byEmail("up@example.com");
      const res = await app.post("/api/update-user", { _id: user!.id, name: "Up", email: "up2@example.com", password: "new-pass-1234" });
      expectWrite(res);
      expect(await app.read(User, user!.id)).toMatchObject({ email: "up2@example.com", name: "Up" });
      const login = await app.post("/api/login", { email: "up2@example.com", password: "new-pass-1234" }, false);
      expect(login.status).toBe(200);
      expect(login.body.name).toBe("Up");
    });

    it("GET /api/user-data lists users with _id, name, email, date and never a password", async () => {
      const res = await app.get("/api/user-data");
      expect(res.status).toBe(200);
      const admin = res.body.find((u: any) => u.email === ADMIN.email);
      expect(admin).toMatchObject({ _id: expect.any(String), name: ADMIN.name, email: ADMIN.email, date: expect.any(Number) });
      expect(new Date(admin.date).getFullYear()).toBeGreaterThan(2000);
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    });

    it("user routes need a token (401) and the admin role (403)", async () => {
      expect((await app.get("/api/user-data", false)).status).toBe(401);
      expectWrite(
        await app.post("/api/user-add", {
          name: "Editor",
          email: "editor@example.com",
          password: "editor-pass-1",
          password2: "editor-pass-1",
          role: "editor",
        }),
      );
      const editor = (await app.post("/api/login", { email: "editor@example.com", password: "editor-pass-1" }, false)).body.token;
      const denied = await app.get("/api/user-data", editor);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ message: expect.any(String) });
      expect((await app.post("/api/user-delete", { _id: 1 }, editor)).status).toBe(403);
    });

    it("POST /api/user-delete deletes by _id; not yourself (403), not an unknown id (404)", async () => {
      expectWrite(
        await app.post("/api/user-add", { name: "Gone", email: "gone@example.com", password: "gone-pass-123", password2: "gone-pass-123" }),
      );
      const user = await byEmail("gone@example.com");
      expectWrite(await app.post("/api/user-delete", { _id: user!.id }));
      expect(await app.read(User, user!.id)).toBeNull();
      const admin = await byEmail(ADMIN.email);
      expect((await app.post("/api/user-delete", { _id: admin!.id })).status).toBe(403);
      const unknown = await app.post("/api/user-delete", { _id: "99999" });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: expect.any(String) });
    });
  });
});

describe("REST login rate limit", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp()));
  afterAll(() => app.close());

  it("answers 429 { message } after repeated failures, even for the right password", async () => {
    for (let i = 0; i < 10; i++)
      expect((await app.post("/api/login", { email: ADMIN.email, password: `wrong-${i}` }, false)).status).toBe(401);
    const res = await app.post("/api/login", { email: ADMIN.email, password: ADMIN.password }, false);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});
