import { errorCode } from "../support/testApp";
import { listeningApp, openStream, type Stream } from "../support/changes";

const PASSWORD = "presence-pass-123";
/** Announcements a user may make in a minute here: more than the other tests make as one user. */
const PER_MINUTE = 12;
const WITH_TAB = `subscription($r: [String!]) { changes(resources: $r) { resource id op version actor at tab } }`;
const ANNOUNCE = `mutation($r: String!, $id: ID!, $open: Boolean!, $tab: String) { announcePresence(resource: $r, id: $id, open: $open, tab: $tab) }`;

describe("presence (who has a record open)", () => {
  let product: Awaited<ReturnType<typeof listeningApp>>;
  let admin: string;
  let editor: string;
  let operator: string;
  let userWith: (role: string, name: string) => Promise<string>;
  const streams: Stream[] = [];
  const open = async (auth: string, resources?: string[]) => {
    const stream = await openStream(product.port, auth, { query: WITH_TAB, variables: { r: resources } });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    product = await listeningApp({ PRESENCE_PER_MINUTE: String(PER_MINUTE) });
    admin = await product.app.adminToken();
    userWith = async (role: string, name: string) => {
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

  it("refuses who may not read the resource, an anonymous caller, and an unknown resource, an id no record has or a long tab, telling nobody", async () => {
    const asAdmin = await open(admin);
    const refused = await announce(editor, { r: "BlocklistEntry", id: "1", open: true });
    expect(errorCode(refused)).toBe("FORBIDDEN");
    const anonymous = await product.app.gql(ANNOUNCE, { r: "News", id: "1", open: true });
    expect(errorCode(anonymous)).toBe("UNAUTHENTICATED");
    const malformed = [
      [{ r: "news; drop", id: "1" }, "resource"],
      [{ r: "Nope", id: "1" }, "resource"],
      [{ r: "News", id: "1".repeat(1_900_000) }, "id"],
      [{ r: "News", id: "12345678901234567" }, "id"],
      [{ r: "News", id: "0" }, "id"],
      [{ r: "News", id: "1e3" }, "id"],
      [{ r: "News", id: "1", tab: "x".repeat(65) }, "tab"],
    ] as const;
    for (const [variables, field] of malformed) {
      const res = await announce(admin, { ...variables, open: true });
      expect([res.body.data, errorCode(res), Object.keys(res.body.errors?.[0].extensions?.fieldErrors ?? {})]).toEqual([
        null,
        "BAD_USER_INPUT",
        [field],
      ]);
    }
    // Told in order: had any refused announcement been told, it would have come before this one.
    expect((await announce(admin, { r: "News", id: "7", open: true })).body.data).toEqual({ announcePresence: true });
    const heard = await asAdmin.until((events) => events.some((event) => event.op === "presence"));
    expect(heard.map((event) => [event.resource, event.id])).toEqual([["News", "7"]]);
  });

  it("bounds how often one user announces (PRESENCE_PER_MINUTE, all their tabs together): past it TOO_MANY_REQUESTS, told to nobody", async () => {
    const asAdmin = await open(admin, ["News"]);
    // A user of their own: the other tests' announcements are not counted against them.
    const pia = await userWith("sale-operator", "pia");
    const answers = [];
    for (let n = 1; n <= PER_MINUTE + 3; n++)
      answers.push(await announce(pia, { r: "News", id: String(n), open: true, tab: `tab-${n % 2}` }));
    expect(answers.slice(0, PER_MINUTE).map((res) => res.body.data)).toEqual(Array(PER_MINUTE).fill({ announcePresence: true }));
    for (const refused of answers.slice(PER_MINUTE)) {
      expect([refused.body.data, errorCode(refused)]).toEqual([null, "TOO_MANY_REQUESTS"]);
      expect(refused.body.errors?.[0].extensions?.retryAfter).toBeGreaterThan(0);
    }
    // Another user's announcements are counted apart.
    expect((await announce(admin, { r: "News", id: "999", open: true })).body.data).toEqual({ announcePresence: true });
    const heard = await asAdmin.until((events) => events.some((event) => event.id === "999"));
    expect(heard.filter((event) => event.actor === "pia")).toHaveLength(PER_MINUTE);
  });
});
