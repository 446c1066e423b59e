import type { LookupAddress } from "dns";
import { guardedLookup, isRefusedAddress } from "../../src/webhooks/addresses";
import { postOnce } from "../../src/webhooks/send";
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
      ...EMBEDDED,
    ])
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    for (const address of ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])
      expect([address, isRefusedAddress(address)]).toEqual([address, false]);
  });
});

/**
 * IPv6 forms a host or gateway turns into an IPv4 address (so a private one is reached), and the deprecated site-local
 * range: IPv4-compatible ::127.0.0.1, IPv4-translated, NAT64 (well-known and local-use), 6to4, Teredo, fec0::/10.
 */
const EMBEDDED = [
  "::127.0.0.1",
  "::10.0.0.1",
  "::ffff:0:127.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::a00:1",
  "2002:7f00:1::1",
  "2002:a9fe:a9fe::1",
  "2001:0:7f00:1::1",
  "fec0::1",
  "feff::1",
];

describe("webhook targets: IPv6 forms that embed a private IPv4 address, and site-local addresses", () => {
  it("refuses them when the endpoint is saved", async () => {
    const product = await webhookApp({ ...FAST, WEBHOOK_ALLOW_PRIVATE: "false" }, undefined, false);
    try {
      const auth = await token(product.app);
      for (const address of EMBEDDED) {
        const res = await product.app.gql(CREATE_WEBHOOK, { url: `https://[${address}]/hook`, resources: ["News"] }, auth);
        expect([address, res.body.errors?.[0]?.extensions?.fieldErrors?.url]).toEqual([
          address,
          expect.stringMatching(/private or reserved/),
        ]);
      }
      expect(await product.app.services.ds.query(`SELECT id FROM webhooks`)).toEqual([]);
    } finally {
      await product.close();
    }
  });

  it("refuses them when sent (an endpoint saved before), before any connection, and when a name resolves to one", async () => {
    const rules = { allowHttp: true, allowPrivate: false, timeoutMs: 1000 };
    for (const address of EMBEDDED) {
      // Refused before connecting: the attempt answers at once, with no status (none came).
      const attempt = await postOnce(`https://[${address}]/hook`, {}, "{}", rules);
      expect([address, attempt.ok, attempt.status, attempt.error]).toEqual([
        address,
        false,
        undefined,
        expect.stringMatching(/private or reserved/),
      ]);
      const resolved = await new Promise<unknown>((resolve) =>
        guardedLookup(false, (_host, callback) => callback(null, [{ address, family: 6 }]))("hooks.example", {}, (error, found) =>
          resolve(error ?? found),
        ),
      );
      expect(String(resolved)).toContain(`resolves to ${address}`);
    }
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
