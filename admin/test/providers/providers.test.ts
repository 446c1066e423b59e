import { HttpError } from "react-admin";
import { authProvider } from "../../src/providers/authProvider";
import { createApolloClient } from "../../src/providers/apolloClient";
import type { IntrospectionSchema } from "graphql";
import { defaultOptions, introspectSchema } from "ra-data-graphql";
import { createDataProvider, LIST_OPERATION_NAMES } from "../../src/providers/dataProvider";
import { SCREEN_BOOK } from "../../src/registry";
import schema from "../../src/providers/schema.json";
import { toMutationData } from "../../src/providers/mutationData";
import { readSession, saveSession, takeSignedOutReason } from "../../src/providers/session";
import { fakeToken } from "../support/fakeGateway";
import { gateway } from "../support/setup";

const dataProvider = () => createDataProvider(SCREEN_BOOK.screenOf, createApolloClient("http://localhost/graphql"));

describe("authProvider", () => {
  it("signs in through the login mutation and keeps the token and name", async () => {
    await authProvider.login({ email: "admin@example.com", password: "secret-123" });
    expect(gateway.lastCall("login").variables).toEqual({ email: "admin@example.com", password: "secret-123" });
    expect(readSession()?.name).toBe("admin");
    expect(localStorage.getItem("name")).toBe("admin");
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getIdentity!()).toMatchObject({ fullName: "admin" });
    // The role's permissions, as `me` sent them at sign-in (and kept with the session).
    const permissions = await authProvider.getPermissions!({});
    expect(permissions).toContainEqual({ resource: "User", actions: ["read", "create", "update", "delete", "export"] });
    expect(JSON.parse(localStorage.getItem("permissions")!)).toEqual(permissions);
    expect(gateway.callsOf("me")).toHaveLength(1);
  });

  it("passes the gateway's message and field errors on a failed sign-in", async () => {
    gateway.failNext("login", { message: "Email or password is incorrect", code: "UNAUTHENTICATED", status: 401 });
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toMatchObject({
      message: "Email or password is incorrect",
      code: "UNAUTHENTICATED",
    });
    gateway.failNext("login", { message: "email: Email is required", code: "BAD_USER_INPUT", fieldErrors: { email: "Email is required" } });
    await expect(authProvider.login({ email: "", password: "x" })).rejects.toMatchObject({ fieldErrors: { email: "Email is required" } });
    expect(readSession()).toBeNull();
  });

  it("signs out an expired session at start, remembering why", async () => {
    saveSession(fakeToken({ name: "admin" }, -60), "admin");
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: "/login" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(takeSignedOutReason()).toBe("expired");
  });

  it("signs out on an UNAUTHENTICATED answer, not on FORBIDDEN", async () => {
    saveSession(fakeToken({ name: "admin" }), "admin");
    await expect(authProvider.checkError(new HttpError("Forbidden", 403))).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();
    await expect(authProvider.checkError(new HttpError("Unauthenticated", 401))).rejects.toMatchObject({
      redirectTo: "/login",
      logoutUser: true,
    });
    expect(readSession()).toBeNull();
  });

  it("keeps the session when the refused request was sent with an earlier session's token", async () => {
    const earlier = fakeToken({ name: "admin" });
    saveSession(fakeToken({ name: "admin" }), "admin");
    const stale = Object.assign(new HttpError("Unauthenticated", 401), { sentWith: earlier });
    await expect(authProvider.checkError(stale)).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();
    const current = Object.assign(new HttpError("Unauthenticated", 401), { sentWith: readSession()!.token });
    await expect(authProvider.checkError(current)).rejects.toMatchObject({ redirectTo: "/login" });
    expect(readSession()).toBeNull();
  });

  it("logs out to /login", async () => {
    saveSession(fakeToken(), "admin");
    expect(await authProvider.logout({})).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("name")).toBeNull();
  });
});

describe("dataProvider", () => {
  beforeEach(() => saveSession(fakeToken({ name: "admin" }), "admin"));

  it("finds the same resources and queries from the schema's list queries as ra-data-graphql's pluralized names", async () => {
    const resourcesWith = async (operationNames: object) => {
      const options = { ...defaultOptions.introspection, schema: schema as unknown as IntrospectionSchema };
      const { resources } = await introspectSchema(undefined as never, {
        ...options,
        operationNames: { ...options.operationNames, ...operationNames },
      });
      return Object.fromEntries(
        resources.map(({ type, ...queries }) => [
          type.name,
          Object.fromEntries(Object.entries(queries).map(([op, q]) => [op, (q as { name: string }).name])),
        ]),
      );
    };
    const pluralized = await resourcesWith({});
    expect(Object.keys(pluralized).length).toBeGreaterThanOrEqual(30);
    expect(pluralized.News.GET_LIST).toBe("allNews");
    expect(await resourcesWith(LIST_OPERATION_NAMES)).toEqual(pluralized);
  });

  it("lists through allX and _allXMeta with the list's paging, sort and filter", async () => {
    gateway.seed("News", [
      { heading: "A", visible: true },
      { heading: "B", visible: false },
      { heading: "C", visible: true },
    ]);
    const res = await dataProvider().getList("News", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "heading", order: "DESC" },
      filter: { visible: true },
    });
    expect(res.total).toBe(2);
    expect(res.data.map((r) => r.heading)).toEqual(["C", "A"]);
    const call = gateway.lastCall("allNews");
    expect(call.variables).toEqual({ page: 0, perPage: 2, sortField: "heading", sortOrder: "DESC", filter: { visible: true } });
    expect(call.headers.authorization).toMatch(/^Bearer ey/);
    expect(call.headers["apollo-require-preflight"]).toBe("true");
  });

  it("maps the article image screens to ArticleImage with their slot", async () => {
    gateway.seed("ArticleImage", [
      { slot: 1, imageUri: "a.png" },
      { slot: 2, imageUri: "b.png" },
      { slot: 2, imageUri: "c.png" },
    ]);
    const res = await dataProvider().getList("Articles2", {
      pagination: { page: 1, perPage: 10 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(res.data.map((r) => r.imageUri)).toEqual(["b.png", "c.png"]);
    expect(gateway.lastCall("allArticleImages").variables.filter).toEqual({ slot: 2 });
    const file = new File(["x"], "new.png", { type: "image/png" });
    await dataProvider().create("Articles2", { data: { file: { rawFile: file, src: "blob:x", title: "new.png" } } });
    const call = gateway.lastCall("createArticleImage");
    expect(call.multipart).toBe(true);
    expect(call.variables.slot).toBe(2);
    expect((call.variables.file as File).name).toBe("new.png");
    expect(gateway.rows("ArticleImage").at(-1)).toMatchObject({ slot: 2, imageUri: "new.png" });
  });

  it("sends plain JSON without files, only the schema's arguments, without __typename", async () => {
    gateway.seed("LandingBlock", [
      { identifier: "landing_banner01", title: "T", blocks: [{ title: "b", description: null, imageUri: null }], visible: true },
    ]);
    const dp = dataProvider();
    const { data } = await dp.getOne("Home", { id: "1" });
    await dp.update("Home", {
      id: "1",
      data: { ...data, title: "New", blocks: [{ __typename: "ContentBlock", title: "b2" }] },
      previousData: data,
    });
    const call = gateway.lastCall("updateLandingBlock");
    expect(call.multipart).toBe(false);
    expect(call.variables).toMatchObject({ id: "1", title: "New", blocks: [{ title: "b2" }] });
    expect(gateway.rows("LandingBlock")[0]).toMatchObject({ title: "New", blocks: [{ title: "b2" }] });
  });

  it("turns BAD_USER_INPUT field errors into form errors (imageUri is the file input)", async () => {
    gateway.failNext("createNews", {
      message: "heading: Heading is required; imageUri: Only PNG or SVG images",
      code: "BAD_USER_INPUT",
      fieldErrors: { heading: "Heading is required", imageUri: "Only PNG or SVG images" },
    });
    const error = await dataProvider()
      .create("News", { data: { heading: "" } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ heading: "Heading is required", file: "Only PNG or SVG images" });
  });

  it("reports UNAUTHENTICATED as status 401 so the user is signed out", async () => {
    gateway.failNext("allUsers", { message: "Not signed in", code: "UNAUTHENTICATED", status: 401 });
    const error = await dataProvider()
      .getList("Users", { pagination: { page: 1, perPage: 10 }, sort: { field: "id", order: "ASC" }, filter: {} })
      .catch((e) => e);
    expect(error.status).toBe(401);
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: "/login" });
  });

  it("deletes through deleteX", async () => {
    gateway.seed("ContactMessage", [{ name: "Alice" }, { name: "Bob" }]);
    await dataProvider().delete("ContactUs", { id: "1", previousData: { id: "1" } });
    expect(gateway.rows("ContactMessage").map((r) => r.name)).toEqual(["Bob"]);
  });
});

describe("toMutationData", () => {
  it("replaces react-admin file values by their File and drops __typename and undefined", () => {
    const file = new File(["x"], "a.png");
    expect(
      toMutationData({
        __typename: "News",
        a: undefined,
        file: { rawFile: file, src: "blob:" },
        list: [{ __typename: "B", t: 1 }, { rawFile: file }],
      }),
    ).toEqual({ file, list: [{ t: 1 }, file] });
  });
});
