import { errorCode, fieldErrors, startSignedIn, type TestApp } from "../support/testApp";
import { CREATE_WEBHOOK } from "../support/webhooks";

const URL = "https://hooks.example.com/in";

describe("webhooks API (createWebhook, updateWebhook, deleteWebhook, allWebhooks, allWebhookDeliveries)", () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    ({ app, token: admin } = await startSignedIn());
  });
  afterAll(() => app?.close());

  const create = (variables: Record<string, unknown>, auth = admin) =>
    app.gql(CREATE_WEBHOOK, { url: URL, resources: ["News"], ...variables }, auth);

  it("shows the secret once: whsec_ and base64, never in the endpoint's fields", async () => {
    const made = await create({});
    expect(made.body.data.createWebhook).toEqual({
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      webhook: {
        id: expect.any(String),
        url: URL,
        resources: ["News"],
        operations: ["create", "update", "delete", "restore"],
        enabled: true,
      },
    });
    const listed = await app.gql(`{ allWebhooks { id url } _allWebhooksMeta { count } }`, {}, admin);
    expect(listed.body.data._allWebhooksMeta.count).toBeGreaterThan(0);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.data.createWebhook.secret);
    const asked = await app.gql(`{ allWebhooks { secret } }`, {}, admin);
    expect(asked.body.errors?.[0]?.message).toMatch(/Cannot query field "secret"/);
  });

  it("refuses what an endpoint cannot follow, field by field", async () => {
    expect(fieldErrors(await create({ resources: [] }))).toEqual({ resources: "Choose at least one resource" });
    expect(fieldErrors(await create({ resources: ["Webhook", "AuditEvent"] }))).toEqual({
      resources: "Not a resource a webhook can follow: Webhook, AuditEvent",
    });
    expect(fieldErrors(await create({ operations: ["status"] }))).toEqual({
      operations: "Operations are among create, update, delete, restore",
    });
    expect(fieldErrors(await create({ url: "ftp://hooks.example.com" }))).toEqual({ url: "The URL must start with https://" });
    expect(fieldErrors(await create({ url: "https://user:pw@hooks.example.com" }))).toEqual({
      url: "The URL may not hold a user name or password",
    });
  });

  it("refuses a lone UTF-16 surrogate in every text input, naming the field, and stores nothing", async () => {
    const lone = "d\ud800";
    const surrogate = (field: string) => ({ [field]: `${field} holds an unpaired UTF-16 surrogate (invalid Unicode text)` });
    const before = await app.services.ds.query(`SELECT COUNT(*) AS n FROM webhooks`);
    const made = await app.gql(
      `mutation($d: String) { createWebhook(url: "${URL}", resources: ["News"], description: $d) { webhook { id } } }`,
      { d: lone },
      admin,
    );
    expect([errorCode(made), fieldErrors(made)]).toEqual(["BAD_USER_INPUT", surrogate("description")]);
    for (const [field, value] of [
      ["url", `${URL}/${lone}`],
      ["resources", ["News", lone]],
      ["operations", [lone]],
    ] as const) {
      const res = await create({ [field]: value });
      expect([field, errorCode(res), fieldErrors(res)]).toEqual([field, "BAD_USER_INPUT", surrogate(field)]);
    }
    expect(await app.services.ds.query(`SELECT COUNT(*) AS n FROM webhooks`)).toEqual(before);
    const id = (await create({})).body.data.createWebhook.webhook.id as string;
    const updated = await app.gql(
      `mutation($id: ID!, $d: String) { updateWebhook(id: $id, description: $d) { id } }`,
      { id, d: lone },
      admin,
    );
    expect([errorCode(updated), fieldErrors(updated)]).toEqual(["BAD_USER_INPUT", surrogate("description")]);
    const searched = await app.gql(`query($q: String) { allWebhooks(filter: { q: $q }) { id } }`, { q: lone }, admin);
    expect([errorCode(searched), fieldErrors(searched)]).toEqual(["BAD_USER_INPUT", surrogate("q")]);
    const logged = await app.gql(`query($s: String) { allWebhookDeliveries(filter: { status: $s }) { id } }`, { s: lone }, admin);
    expect([errorCode(logged), fieldErrors(logged)]).toEqual(["BAD_USER_INPUT", surrogate("status")]);
  });

  it("is the admin's: an editor is refused, and so is an API token", async () => {
    await app.gql(
      `mutation { createUser(name: "ed", email: "ed@example.com", role: "editor", password: "editor-pass-123") { id } }`,
      {},
      admin,
    );
    const login = await app.gql(`mutation { login(email: "ed@example.com", password: "editor-pass-123") { token } }`);
    const editor = `Bearer ${login.body.data.login.token}`;
    expect(errorCode(await app.gql(`{ allWebhooks { id } }`, {}, editor))).toBe("FORBIDDEN");
    expect(errorCode(await create({}, editor))).toBe("FORBIDDEN");
    const token = await app.gql(`mutation { createApiToken(name: "integration") { token } }`, {}, admin);
    const bearer = `Bearer ${token.body.data.createApiToken.token}`;
    const refused = await app.gql(`{ allWebhooks { id } }`, {}, bearer);
    expect(refused.body.errors?.[0]?.message).toMatch(/An API token may not read Webhook/);
  });

  it("audits its writes, which feed no deliveries; enabling again clears the failures; delete takes the log with it", async () => {
    const made = await create({ resources: ["News", "BlocklistEntry"] });
    const id = made.body.data.createWebhook.webhook.id as string;
    const { ds } = app.services;
    await ds.query(
      `UPDATE webhooks SET enabled = 0, consecutiveFailures = 5, disabledAt = 1, disabledReason = 'Disabled after 5 failed deliveries in a row' WHERE id = ?`,
      [id],
    );
    const updated = await app.gql(
      `mutation($id: ID!) { updateWebhook(id: $id, description: "Shop sync", operations: ["create"], enabled: true) { description operations enabled consecutiveFailures disabledAt disabledReason } }`,
      { id },
      admin,
    );
    expect(updated.body.data.updateWebhook).toEqual({
      description: "Shop sync",
      operations: ["create"],
      enabled: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
    });
    const sent = await app.gql(`mutation($id: ID!) { sendTestWebhook(id: $id) { id status } }`, { id }, admin);
    expect(sent.body.data.sendTestWebhook.status).toBe("pending");
    const log = await app.gql(`query($id: ID) { allWebhookDeliveries(filter: { webhookId: $id }) { eventType } }`, { id }, admin);
    // Only the test event: the endpoint's own writes fed nothing.
    expect(log.body.data.allWebhookDeliveries).toEqual([{ eventType: "webhook.test" }]);
    const deleted = await app.gql(`mutation($id: ID!) { deleteWebhook(id: $id) { id } }`, { id }, admin);
    expect(deleted.body.data.deleteWebhook.id).toBe(id);
    expect(await ds.query(`SELECT id FROM webhook_deliveries WHERE webhookId = ?`, [id])).toEqual([]);
    const events = await ds.query(`SELECT operation, changes FROM audit_events WHERE resource = 'Webhook' AND recordId = ? ORDER BY id`, [
      id,
    ]);
    expect(events.map((event: { operation: string }) => event.operation)).toEqual(["create", "update", "delete"]);
    expect(events.map((event: { changes: string }) => event.changes).join()).not.toMatch(/whsec_/);
  });
});
