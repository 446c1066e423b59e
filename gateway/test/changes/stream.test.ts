import { errorCode } from "../support/testApp";
import { listeningApp, openStream, type Stream } from "../support/changes";

const PASSWORD = "stream-pass-123";

describe("change stream (GraphQL subscription over Server-Sent Events)", () => {
  let product: Awaited<ReturnType<typeof listeningApp>>;
  let admin: string;
  let editor: string;
  let operator: string;
  const streams: Stream[] = [];
  const open = async (...args: Parameters<typeof openStream> extends [number, ...infer Rest] ? Rest : never) => {
    const stream = await openStream(product.port, ...args);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    product = await listeningApp({ SUBSCRIPTIONS_PER_USER: "3", SUBSCRIPTION_RECHECK_MS: "200" });
    admin = await product.app.adminToken();
    const userWith = async (role: string) => {
      const email = `${role}@example.com`;
      const made = await product.app.gql(
        `mutation($e: String!, $r: String!) { createUser(name: $e, email: $e, role: $r, password: "${PASSWORD}") { id } }`,
        { e: email, r: role },
        admin,
      );
      expect(made.body.errors).toBeUndefined();
      const login = await product.app.gql(`mutation($e: String!) { login(email: $e, password: "${PASSWORD}") { token } }`, { e: email });
      return `Bearer ${login.body.data.login.token}`;
    };
    editor = await userWith("editor");
    operator = await userWith("sale-operator");
  }, 60_000);

  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(() => product?.close());

  const write = async (query: string) => {
    const res = await product.app.gql(query, {}, admin);
    expect(res.body.errors).toBeUndefined();
    return res.body.data;
  };

  it("tells each subscriber of the writes they may read, after commit, with who, what and the version", async () => {
    const asEditor = await open(editor);
    const asOperator = await open(operator);
    expect([asEditor.status, asOperator.status]).toEqual([200, 200]);
    const news = await write(`mutation { createNews(heading: "Streamed") { id } }`);
    await write(`mutation { updateNews(id: ${news.createNews.id}, heading: "Streamed again") { id } }`);
    await write(`mutation { createBlocklistEntry(walletAddress: "0x${"ab".repeat(20)}") { id } }`);

    const heard = await asEditor.until((events) => events.length >= 2);
    expect(heard.slice(0, 2)).toEqual([
      { resource: "News", id: news.createNews.id, op: "create", version: 1, actor: "admin", at: expect.any(String) },
      { resource: "News", id: news.createNews.id, op: "update", version: 2, actor: "admin", at: expect.any(String) },
    ]);
    // The sale operator reads the blocklist; the editor may not, and never hears of it: a stream tells in commit order,
    // so once the editor has heard a later write, the blocklist entry would have come before it.
    await asOperator.until((events) => events.some((event) => event.resource === "BlocklistEntry"));
    const later = await write(`mutation { createNews(heading: "After the blocklist") { id } }`);
    await asEditor.until((events) => events.some((event) => event.id === later.createNews.id));
    expect(asEditor.heard.map((event) => event.resource)).toEqual(["News", "News", "News"]);
  });

  it("never tells of contact messages a subscriber may not read (an API token limited to News)", async () => {
    const made = await product.app.gql(
      `mutation { createApiToken(name: "news only", permissions: [{ resource: "News", actions: ["read"] }]) { token } }`,
      {},
      operator,
    );
    const newsOnly = await open(`Bearer ${made.body.data.createApiToken.token}`);
    const everything = await open(admin);
    expect([newsOnly.status, everything.status]).toEqual([200, 200]);
    const { ds } = product.app.services;
    await ds.query("INSERT INTO contact_messages (name, email, comments, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)", [
      "Visitor",
      "visitor@example.com",
      "Private question",
      "2026-01-01 00:00:00",
      "2026-01-01 00:00:00",
    ]);
    const [{ id }] = (await ds.query("SELECT MAX(id) AS id FROM contact_messages")) as { id: number }[];
    await write(`mutation { deleteContactMessage(id: ${id}) { id } }`);
    await write(`mutation { createNews(heading: "Told to both") { id } }`);
    await everything.until((events) => events.some((event) => event.resource === "News"));
    await newsOnly.until((events) => events.some((event) => event.resource === "News"));
    expect(everything.heard.map((event) => event.resource)).toContain("ContactMessage");
    expect(newsOnly.heard.map((event) => event.resource)).toEqual(["News"]);
  });

  it("follows only the resources asked for", async () => {
    const onlyBlocklist = await open(admin, { variables: { r: ["BlocklistEntry"] } });
    await write(`mutation { createNews(heading: "Not asked for") { id } }`);
    await write(`mutation { createBlocklistEntry(walletAddress: "0x${"cd".repeat(20)}") { id } }`);
    // Told in commit order: the news, had it been told, would have come first.
    const heard = await onlyBlocklist.until((events) => events.some((event) => event.resource === "BlocklistEntry"));
    expect(heard.map((event) => event.resource)).toEqual(["BlocklistEntry"]);
  });

  it("tells nothing of a write that was refused or rolled back", async () => {
    const stream = await open(admin, { variables: { r: ["News"] } });
    // Refused by validation: no event, nothing written.
    const refused = await product.app.gql(`mutation { createNews(heading: "") { id } }`, {}, admin);
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: { heading: expect.any(String) } });
    // Appended in a transaction that then fails: the event rolls back with it, and nobody hears of it.
    const { ds, trail } = product.app.services;
    await expect(
      ds.transaction(async (manager) => {
        await trail.append(manager, {
          actor: undefined,
          via: { transport: "graphql" },
          resource: "News",
          recordId: 999,
          operation: "create",
          changes: [],
          snapshot: null,
        });
        throw new Error("the write fails after its event");
      }),
    ).rejects.toThrow("the write fails");
    const after = await write(`mutation { createNews(heading: "After the failures") { id } }`);
    // Told in commit order: anything of the failures would have come before this write.
    const heard = await stream.until((events) => events.some((event) => event.id === after.createNews.id));
    expect(heard.map((event) => [event.op, event.id === "999"])).toEqual([["create", false]]);
  });

  it("ends the stream when its session ends", async () => {
    const login = await product.app.gql(`mutation { login(email: "editor@example.com", password: "${PASSWORD}") { token } }`, {});
    const session = `Bearer ${login.body.data.login.token}`;
    const stream = await open(session);
    expect(stream.status).toBe(200);
    expect((await product.app.gql(`mutation { logout }`, {}, session)).body.data.logout).toBe(true);
    // Its next session check (SUBSCRIPTION_RECHECK_MS) ends it; the ceiling only catches a stream that never ends.
    let ceiling: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise<false>((resolve) => (ceiling = setTimeout(() => resolve(false), 30_000))),
    ]).finally(() => clearTimeout(ceiling));
    if (!ended) throw new Error("waited 30 s for the stream of an ended session to end");
  });

  it("refuses what is not a signed-in subscriber's stream, with a clear message and status", async () => {
    const anonymous = await open(undefined);
    expect([anonymous.status, JSON.parse(anonymous.body).errors[0].extensions.code]).toEqual([401, "UNAUTHENTICATED"]);
    const forged = await open("Bearer not-a-token");
    expect(forged.status).toBe(401);
    const notAStream = await open(admin, { headers: { accept: "application/json" } });
    expect([notAStream.status, JSON.parse(notAStream.body).errors[0].message]).toEqual([406, expect.stringMatching(/text\/event-stream/)]);
    const query = await open(admin, { query: `{ allNews { id } }` });
    expect([query.status, JSON.parse(query.body).errors[0].message]).toEqual([400, expect.stringMatching(/Only subscriptions/)]);
    const reserve = await open(admin, { method: "PUT" });
    expect(reserve.status).toBe(405);
    const unknownField = await open(admin, { query: `subscription { changes { nope } }` });
    // graphql-sse reports a document's validation errors inside the stream (an EventSource would retry a 400 forever).
    expect(unknownField.body).toMatch(/Cannot query field \\"nope\\"/);
    const huge = await open(admin, { query: `subscription { changes { ${"resource ".repeat(6000)} } }` });
    expect([huge.status, errorCode({ status: huge.status, body: JSON.parse(huge.body) })]).toEqual([400, "BAD_USER_INPUT"]);
  });

  it("negotiates Accept: any list that takes text/event-stream (q above 0) opens the stream; the rest is 406", async () => {
    const taken = ["text/event-stream, application/json", "application/json;q=0.9, text/event-stream;q=0.5", "text/*", "*/*"];
    for (const accept of taken) {
      const stream = await open(admin, { headers: { accept }, variables: { r: ["News"] } });
      expect([accept, stream.status, stream.headers["content-type"]]).toEqual([accept, 200, expect.stringMatching(/^text\/event-stream/)]);
      stream.close();
      await stream.ended;
    }
    for (const accept of ["application/json", "text/event-stream;q=0, application/json", "text/event-stream;q=0, */*", "text/html"]) {
      const refused = await open(admin, { headers: { accept } });
      expect([accept, refused.status, JSON.parse(refused.body).errors[0].extensions.code]).toEqual([accept, 406, "NOT_ACCEPTABLE"]);
    }
  });

  it("answers a field error naming the resources no change carries, instead of a stream that never says anything", async () => {
    const stream = await open(admin, { variables: { r: ["News", "Nope", "__proto__"] } });
    await stream.ended;
    const next = /^event: next\ndata: (.*)$/m.exec(stream.body);
    const { errors } = JSON.parse(next![1]) as {
      errors: { message: string; extensions: { code: string; fieldErrors: Record<string, string> } }[];
    };
    expect(errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(errors[0].extensions.fieldErrors.resources).toMatch(/"Nope", "__proto__"/);
    expect(errors[0].message).not.toMatch(/"News"/);
    expect(stream.body).toMatch(/event: complete/);
  });

  it("bounds the streams one user holds open (SUBSCRIPTIONS_PER_USER), answering 429 with Retry-After", async () => {
    const held = await Promise.all([open(operator), open(operator), open(operator)]);
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const fourth = await open(operator);
    expect([fourth.status, JSON.parse(fourth.body).errors[0].extensions.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
    // Closing one gives its place back.
    held[0].close();
    await held[0].ended;
    // The server hears of the close a moment after the client: asked again until it has (for at most 30 s).
    const deadline = Date.now() + 30_000;
    let again = await open(operator);
    while (again.status !== 200) {
      if (Date.now() > deadline) throw new Error(`waited 30 s for a closed stream's place back; still ${again.status} ${again.body}`);
      await new Promise((r) => setTimeout(r, 50));
      again = await open(operator);
    }
  });
});
