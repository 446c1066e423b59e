import { errorCode } from "../support/testApp";
import { listeningApp, openStream, type Stream } from "../support/changes";

const PASSWORD = "presence-pass-123";
const WITH_TAB = `subscription($r: [String!]) { changes(resources: $r) { resource id op version actor at tab } }`;
const ANNOUNCE = `mutation($r: String!, $id: ID!, $open: Boolean!, $tab: String) { announcePresence(resource: $r, id: $id, open: $open, tab: $tab) }`;

describe("presence (who has a record open)", () => {
  let product: Awaited<ReturnType<typeof listeningApp>>;
  let admin: string;
  let editor: string;
  let operator: string;
  const streams: Stream[] = [];
  const open = async (auth: string, resources?: string[]) => {
    const stream = await openStream(product.port, auth, { query: WITH_TAB, variables: { r: resources } });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    product = await listeningApp();
    admin = await product.app.adminToken();
    const userWith = async (role: string, name: string) => {
      const email = `${name}@example.com`;
      const made = await product.app.gql(
        `mutation($n: String!, $e: String!, $r: String!) { createUser(name: $n, email: $e, role: $r, password: "${PASSWORD}") { id } }`,
        { n: name, e: email, r: role },
        admin,
      );
      expect(made.body.errors).toBeUndefined();
      const login = await product.app.gql(`mutation($e: String!) { login(email: $e, password: "${PASSWORD}") { token } }`, { e: email });
      return `Bearer ${login.body.data.login.token}`;
    };
    editor = await userWith("editor", "erin");
    operator = await userWith("sale-operator", "otto");
  }, 60_000);

  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(() => product?.close());

  const announce = (auth: string, variables: Record<string, unknown>) => product.app.gql(ANNOUNCE, variables, auth);

  it("tells who may read the resource that a record is open, then closed, with who and which tab; nothing is written", async () => {
    const asAdmin = await open(admin, ["BlocklistEntry"]);
    const asEditor = await open(editor);
    const eventsBefore = await product.app.gql(`query { _allAuditEventsMeta { count } }`, {}, admin);

    const opened = await announce(operator, { r: "BlocklistEntry", id: "12", open: true, tab: "tab-1" });
    expect(opened.body).toEqual({ data: { announcePresence: true } });
    await announce(operator, { r: "BlocklistEntry", id: "12", open: false, tab: "tab-1" });

    const heard = await asAdmin.until((events) => events.length >= 2);
    expect(heard).toEqual([
      { resource: "BlocklistEntry", id: "12", op: "presence", version: null, actor: "otto", at: expect.any(String), tab: "tab-1" },
      { resource: "BlocklistEntry", id: "12", op: "presence-end", version: null, actor: "otto", at: expect.any(String), tab: "tab-1" },
    ]);
    // The editor may not read the blocklist: never told.
    await new Promise((r) => setTimeout(r, 200));
    expect(asEditor.heard).toEqual([]);
    // Not audited.
    const eventsAfter = await product.app.gql(`query { _allAuditEventsMeta { count } }`, {}, admin);
    expect(eventsAfter.body.data).toEqual(eventsBefore.body.data);
  });

  it("refuses who may not read the resource, an anonymous caller and a malformed resource or tab", async () => {
    const refused = await announce(editor, { r: "BlocklistEntry", id: "1", open: true });
    expect(errorCode(refused)).toBe("FORBIDDEN");
    const anonymous = await product.app.gql(ANNOUNCE, { r: "News", id: "1", open: true });
    expect(errorCode(anonymous)).toBe("UNAUTHENTICATED");
    const badResource = await announce(admin, { r: "news; drop", id: "1", open: true });
    expect(errorCode(badResource)).toBe("BAD_REQUEST");
    const badTab = await announce(admin, { r: "News", id: "1", open: true, tab: "x".repeat(65) });
    expect(errorCode(badTab)).toBe("BAD_REQUEST");
  });
});
