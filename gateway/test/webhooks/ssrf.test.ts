import type { LookupAddress } from "dns";
import { guardedLookup, isRefusedAddress } from "../../src/webhooks/addresses";
import { createWebhook, CREATE_WEBHOOK, FAST, once, startReceiver, webhookApp, write } from "../support/webhooks";

const token = (app: Awaited<ReturnType<typeof webhookApp>>["app"]) => app.adminToken();

describe("webhook targets (no SSRF)", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let product: Awaited<ReturnType<typeof webhookApp>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Plain http allowed (the receiver has no TLS); private addresses not.
    product = await webhookApp({ ...FAST, WEBHOOK_ALLOW_PRIVATE: "false" });
  });
  afterAll(async () => {
    await product?.close();
    await receiver?.close();
  });

  it("refuses, when sent, a name that resolves to 127.0.0.1: the receiver is never called", async () => {
    await createWebhook(product.app, `http://localhost:${receiver.port}/hook`);
    await write(product.app, `mutation { createNews(heading: "Not to localhost") { id } }`);
    const delivery = await once(
      "the delivery tried twice",
      async () =>
        (await product.app.gql(`{ allWebhookDeliveries { attempts lastError } }`, {}, await token(product.app))).body.data
          .allWebhookDeliveries[0] as { attempts: number; lastError: string | null } | undefined,
      (delivery) => (delivery?.attempts ?? 0) >= 2,
    );
    expect(delivery?.lastError).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private or reserved address$/);
    expect(receiver.received).toEqual([]);
  });

  it("refuses literal private, loopback and metadata addresses when the endpoint is saved", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data",
      `http://127.0.0.1:${receiver.port}/hook`,
      "http://[::1]/",
      "https://10.0.0.7/",
    ]) {
      const res = await product.app.gql(CREATE_WEBHOOK, { url, resources: ["News"] }, await token(product.app));
      expect(res.body.errors?.[0]?.extensions?.fieldErrors?.url).toMatch(/private or reserved/);
    }
  });

  it("checks every resolved address, and hands the socket the checked one", async () => {
    const fake = (answers: LookupAddress[]) => (_host: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
      callback(null, answers);
    const lookup = (allowPrivate: boolean, answers: LookupAddress[], options: object = {}) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(allowPrivate, fake(answers))("hooks.example", options as never, (error, address) => resolve(error ?? address)),
      );
    const metadata = await lookup(false, [{ address: "169.254.169.254", family: 4 }]);
    expect(String(metadata)).toMatch(/hooks.example resolves to 169.254.169.254/);
    // One public and one private address: refused (a rebinding name could answer either).
    expect(
      String(
        await lookup(false, [
          { address: "93.184.215.14", family: 4 },
          { address: "10.1.2.3", family: 4 },
        ]),
      ),
    ).toMatch(/10.1.2.3/);
    expect(await lookup(false, [{ address: "93.184.215.14", family: 4 }])).toBe("93.184.215.14");
    expect(await lookup(true, [{ address: "169.254.169.254", family: 4 }])).toBe("169.254.169.254");
    expect(await lookup(false, [{ address: "93.184.215.14", family: 4 }], { all: true })).toEqual([
      { address: "93.184.215.14", family: 4 },
    ]);
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
    ])
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    for (const address of ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])
      expect([address, isRefusedAddress(address)]).toEqual([address, false]);
  });
});

describe("webhook URLs without WEBHOOK_ALLOW_HTTP", () => {
  it("refuses http:// and takes https://", async () => {
    const product = await webhookApp({ WEBHOOK_POLL_MS: "50" }, undefined, false);
    try {
      const auth = await token(product.app);
      const plain = await product.app.gql(CREATE_WEBHOOK, { url: "http://hooks.example.com/in", resources: ["News"] }, auth);
      expect(plain.body.errors?.[0]?.extensions?.fieldErrors?.url).toBe("The URL must start with https:// (plain http:// is not allowed)");
      const tls = await product.app.gql(CREATE_WEBHOOK, { url: "https://hooks.example.com/in", resources: ["News"] }, auth);
      expect(tls.body.errors).toBeUndefined();
    } finally {
      await product.close();
    }
  });
});
