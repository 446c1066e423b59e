import { startSignedIn, type TestApp } from "../support/testApp";
import { CREATE_WEBHOOK } from "../support/webhooks";

const PASSWORD = "hooks-pass-123";
const LOG = `{ allWebhookDeliveries(perPage: 100, sortOrder: "ASC") { id eventType body bodyHidden } }`;

interface Logged {
  id: string;
  eventType: string;
  body: string;
  bodyHidden: boolean;
}

/** No worker runs here: the deliveries stay in the outbox, nothing is sent anywhere. */
describe("a delivery's body is shown only to whoever may read the record it carries", () => {
  let app: TestApp;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    ({ app, token: admin } = await startSignedIn());
    const ok = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
      const res = await app.gql(query, variables, token);
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    await ok(CREATE_WEBHOOK, { url: "https://hooks.example.com/in", resources: ["User", "News"] });
    await ok(`mutation { createNews(heading: "Public heading") { id } }`);
    await ok(`mutation { createUser(name: "Carol", email: "carol@example.com", role: "editor", password: "${PASSWORD}") { id } }`);
    // Manages webhooks and reads news, but not people.
    await ok(
      `mutation { createRole(name: "hook-keeper", permissions: [{ resource: "Webhook", actions: ["read", "update"] }, { resource: "News", actions: ["read"] }]) { id } }`,
    );
    await ok(`mutation { createUser(name: "Hank", email: "hank@example.com", role: "hook-keeper", password: "${PASSWORD}") { id } }`);
    const login = await ok(`mutation { login(email: "hank@example.com", password: "${PASSWORD}") { token } }`, {}, undefined);
    reader = `Bearer ${login.login.token}`;
  });
  afterAll(() => app?.close());

  const log = async (token: string) => {
    const res = await app.gql(LOG, {}, token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.allWebhookDeliveries as Logged[];
  };

  it("hides a User.create body (e-mail, role) from a role that reads webhooks and news but not users, and names why", async () => {
    const seen = await log(reader);
    const users = seen.filter((delivery) => delivery.eventType === "User.create");
    expect(users.length).toBeGreaterThan(0);
    for (const delivery of users) expect(delivery).toMatchObject({ bodyHidden: true, body: "Hidden: your role may not read User" });
    expect(JSON.stringify(seen)).not.toContain("carol@example.com");
    const news = seen.find((delivery) => delivery.eventType === "News.create");
    expect(news).toMatchObject({ bodyHidden: false });
    expect(JSON.parse(news!.body).data.heading).toBe("Public heading");
  });

  it("shows the same bodies whole to the admin, who reads users", async () => {
    const seen = await log(admin);
    const carol = seen.find((delivery) => delivery.eventType === "User.create" && delivery.body.includes("carol@example.com"));
    expect(carol).toMatchObject({ bodyHidden: false });
    expect(JSON.parse(carol!.body).data).toMatchObject({ email: "carol@example.com", role: "editor" });
  });

  it("hides it too in what a redelivery answers", async () => {
    const carol = (await log(admin)).find((delivery) => delivery.body.includes("carol@example.com"))!;
    const res = await app.gql(`mutation($d: ID!) { redeliverWebhook(deliveryId: $d) { id body bodyHidden } }`, { d: carol.id }, reader);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.redeliverWebhook).toEqual({ id: carol.id, body: "Hidden: your role may not read User", bodyHidden: true });
  });
});
