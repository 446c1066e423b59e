import { errorCode, fieldErrors, startSignedIn, type TestApp } from "../support/testApp";

/**
 * Every text an API token operation takes is valid Unicode or refused: a lone UTF-16 surrogate (JSON's "\ud800") is a
 * 400 BAD_USER_INPUT naming the field, and nothing is stored, as the resources' own writes refuse it.
 */
describe("API token text inputs", () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => ({ app, token: admin } = await startSignedIn()));
  afterAll(() => app.close());

  const tokenCount = async () => (await app.gql(`{ _allApiTokensMeta { count } }`, {}, admin)).body.data._allApiTokensMeta.count;

  // JSON.stringify writes a lone surrogate as the escape "\ud800", which the server's JSON parser decodes unpaired again.
  const gql = (query: string, variables: Record<string, unknown>) => app.gql(query, variables, admin);

  const CREATE = `mutation($name: String!, $description: String, $permissions: [PermissionInput!]) {
    createApiToken(name: $name, description: $description, permissions: $permissions) { apiToken { id } }
  }`;

  it.each([
    ["name", { name: "tok\ud800" }],
    ["name", { name: "\udc00tok" }],
    ["description", { name: "tok", description: "about \ud800" }],
    ["permissions", { name: "tok", permissions: [{ resource: "News\ud800", actions: ["read"] }] }],
    ["permissions", { name: "tok", permissions: [{ resource: "News", actions: ["read\udfff"] }] }],
  ])("createApiToken refuses a lone surrogate in %s (400, named), storing nothing", async (field, variables) => {
    const before = await tokenCount();
    const res = await gql(CREATE, variables);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect(res.body.errors![0].message).toMatch(new RegExp(`^${field}: ${field} holds an unpaired UTF-16 surrogate`));
    expect(Object.keys(fieldErrors(res))).toEqual([field]);
    expect(await tokenCount()).toBe(before);
  });

  it.each([
    ["q", `query($v: String) { allApiTokens(filter: { q: $v }) { id } }`],
    ["q", `query($v: String) { _allApiTokensMeta(filter: { q: $v }) { count } }`],
    ["sortField", `query($v: String) { allApiTokens(sortField: $v) { id } }`],
    ["sortOrder", `query($v: String) { allApiTokens(sortOrder: $v) { id } }`],
  ])("the token list refuses a lone surrogate in %s (400, named)", async (field, query) => {
    const res = await gql(query, { v: "a\ud800" });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("BAD_USER_INPUT");
    expect(fieldErrors(res)).toEqual({ [field]: expect.stringMatching(/unpaired UTF-16 surrogate/) });
  });

  it("still takes text with paired surrogates (an emoji) as sent", async () => {
    const res = await gql(CREATE, { name: "tok 😀", description: "𝄞 clef" });
    expect(res.body.errors).toBeUndefined();
    const listed = await app.gql(`{ allApiTokens { name description } }`, {}, admin);
    expect(listed.body.data.allApiTokens).toContainEqual({ name: "tok 😀", description: "𝄞 clef" });
  });
});
