import { resources } from "../../src/resources";
import { restRoutes } from "../../src/rest/routes";
import { BUILT_IN_ROLES, grants, gridOf, type BuiltInRole } from "../support/builtInGrids";
import { errorCode, startTestApp, type TestApp } from "../support/testApp";

/**
 * Every built-in role (and `staff`, the upgrade's role) × every resource ×
 * every action, over GraphQL, and every REST route of a resource: allowed
 * calls get past the permission check (whatever the operation then answers:
 * a missing record, a field error), refused ones are FORBIDDEN / 403 naming
 * role, action and resource. Cheap calls only: an empty create, an update or
 * delete of a record that does not exist.
 */
const ROLES = BUILT_IN_ROLES;
/** Read by anyone, signed in or not: the public site's content, launchpads and pools. */
const PUBLIC_READS = [
  "About",
  "Feature",
  "FeatureDescription",
  "Roadmap",
  "LandingBlock",
  "HomeImage",
  "HomePage",
  "Setting",
  "News",
  "NewsDescription",
  "Article",
  "ArticleImage",
  "Pool",
  "LaunchPad",
];
/** Read by each person for their own rows (everyone's with the grid's read). */
const OWN_ROWS = ["Session"];
const MISSING = "999999";
const byName = new Map(resources.map((resource) => [resource.name, resource]));

describe("roles: the permission matrix", () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    const admin = await app.adminToken();
    tokens.admin = admin;
    for (const role of ROLES.filter((name) => name !== "admin")) {
      const email = `${role}@example.com`;
      const created = await app.gql(
        `mutation($n: String!, $e: String!, $r: String!) { createUser(name: $n, email: $e, role: $r, password: "role-pass-123") { role } }`,
        { n: role, e: email, r: role },
        admin,
      );
      expect(created.body.data?.createUser).toEqual({ role });
      const login = await app.gql(`mutation($e: String!) { login(email: $e, password: "role-pass-123") { token } }`, { e: email });
      tokens[role] = login.body.data.login.token;
    }
  });
  afterAll(() => app.close());

  /** What a role may do on a resource: its grid, anyone's read of a public resource, and a person's read of their own rows (sessions). */
  const allowed = (role: BuiltInRole, resource: string, action: string) =>
    grants(role, resource, action) || (action === "read" && (PUBLIC_READS.includes(resource) || OWN_ROWS.includes(resource)));

  it("sends each role its grid with me", async () => {
    for (const role of ROLES) {
      const res = await app.gql(`{ me { roleName requireTwoFactor permissions { resource actions } } }`, {}, tokens[role]);
      expect({ role, ...res.body.data.me }).toEqual({
        role,
        roleName: role,
        requireTwoFactor: false,
        permissions: gridOf(role),
      });
    }
  });

  it("allows over GraphQL exactly what each role grants, and refuses the rest naming role, action and resource", async () => {
    const operations = (name: string, action: string): string | undefined => {
      const resource = byName.get(name);
      if (!resource) return name === "SaleInsight" && action === "read" ? `{ chainIndexStatus { confirmations } }` : undefined;
      switch (action) {
        case "read":
          return `{ all${resource.plural}(perPage: 1) { id } }`;
        case "create":
          return `mutation { create${name} { id } }`;
        case "update":
          return `mutation { update${name}(id: "${MISSING}") { id } }`;
        case "delete":
          return `mutation { delete${name}(id: "${MISSING}") { id } }`;
        case "chain":
          // SafeTransaction: allowed, the confirmation is then refused as input (no chain here), not as a permission.
          if (name === "SafeTransaction") return `mutation { confirmSafeTransaction(safeTxHash: "0x00", signature: "0x00") { id } }`;
          return name === "LaunchPad" ? `mutation { reconcileLaunchPads }` : undefined;
        default:
          return undefined; // export: a list read the admin offers by the grid (me.permissions)
      }
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const role of ROLES)
      for (const { resource, actions } of gridOf("admin"))
        for (const action of actions) {
          const query = operations(resource, action);
          if (!query) continue;
          const res = await app.gql(query, {}, tokens[role]);
          const code = errorCode(res);
          const message = res.body.errors?.[0]?.message;
          outcomes.push(`${role} ${action} ${resource}: ${code === "FORBIDDEN" ? `refused (${message})` : "allowed"}`);
          expected.push(
            `${role} ${action} ${resource}: ${allowed(role, resource, action) ? "allowed" : `refused (Your role (${role}) may not ${action} ${resource})`}`,
          );
        }
    expect(outcomes).toEqual(expected);
  });

  it("records a chain transaction only with chain on a chain record", async () => {
    for (const role of ROLES) {
      const res = await app.gql(`mutation { recordChainTransaction(hash: "0x1234") { id } }`, {}, tokens[role]);
      const mayChain = ["LaunchPad", "Pool", "BlocklistEntry"].some((resource) => allowed(role, resource, "chain"));
      expect([role, errorCode(res) === "FORBIDDEN"]).toEqual([role, !mayChain]);
    }
  });

  it("allows over REST exactly what each role grants on every route of a resource", async () => {
    const needs = { list: "read", create: "create", update: "update", remove: "delete" } as const;
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const role of ROLES)
      for (const route of restRoutes) {
        if (!route.resource || !(route.action in needs)) continue;
        const action = needs[route.action as keyof typeof needs];
        const call = route.method === "get" ? app.http.get(`/api${route.path}`) : app.http.post(`/api${route.path}`).send({});
        const res = await call.set("Authorization", `Bearer ${tokens[role]}`);
        outcomes.push(`${role} ${route.method} ${route.path}: ${res.status === 403 ? `403 ${res.body.message}` : "allowed"}`);
        expected.push(
          `${role} ${route.method} ${route.path}: ${
            allowed(role, route.resource.name, action) ? "allowed" : `403 Your role (${role}) may not ${action} ${route.resource.name}`
          }`,
        );
      }
    expect(outcomes).toEqual(expected);
  });

  it("never sends a kept answer to a role that may not read it, before express or after", async () => {
    const post = (token: string) =>
      app.http
        .post("/graphql")
        .set("Content-Type", "application/json")
        .set("Authorization", `Bearer ${token}`)
        .send({ query: `query { allBlocklistEntries(perPage: 5) { walletAddress } }` });
    // staff keeps it (its first answer is built, the second sent from the kept one, before express).
    for (let time = 0; time < 2; time++) {
      const res = await post(tokens.staff);
      expect([res.body.errors, /^"[\w-]+"$/.test(res.headers.etag ?? "")]).toEqual([undefined, true]);
    }
    for (const role of ["editor", "viewer", "sale-operator"] as const) {
      const res = await post(tokens[role]);
      const mayRead = allowed(role, "BlocklistEntry", "read");
      expect([role, errorCode({ status: res.status, body: res.body }) ?? "allowed"]).toEqual([role, mayRead ? "allowed" : "FORBIDDEN"]);
    }
  });

  it("writes nothing on a refusal, and records the attempt in the audit trail", async () => {
    const before = await app.services.ds.query(`SELECT COUNT(*) AS n FROM blocklist`);
    const res = await app.gql(
      `mutation { createBlocklistEntry(walletAddress: "0x000000000000000000000000000000000000dEaD") { id } }`,
      {},
      tokens.editor,
    );
    expect(errorCode(res)).toBe("FORBIDDEN");
    expect(res.body.errors?.[0]?.message).toBe("Your role (editor) may not create BlocklistEntry");
    expect(await app.services.ds.query(`SELECT COUNT(*) AS n FROM blocklist`)).toEqual(before);
    let denied: { actorName: string; operation: string; changes: string; transport: string }[] = [];
    for (let attempt = 0; attempt < 50 && !denied.length; attempt++) {
      denied = await app.services.ds.query(
        `SELECT actorName, operation, changes, transport FROM audit_events WHERE resource = 'BlocklistEntry' AND operation = 'denied' AND actorName = 'editor' AND changes LIKE '%create%'`,
      );
      if (!denied.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(denied[0]).toMatchObject({ actorName: "editor", operation: "denied", transport: "graphql" });
    expect(JSON.parse(denied[0].changes)).toEqual([{ field: "action", before: null, after: "create" }]);
  });
});
