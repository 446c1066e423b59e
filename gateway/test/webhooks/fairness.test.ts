import http from "http";
import type { AddressInfo } from "net";
import { performance } from "perf_hooks";
import { waitFor } from "../support/timing";
import { createWebhook, FAST, webhookApp, write } from "../support/webhooks";

/**
 * A receiver on 127.0.0.1 that notes when each change reached it and how many of its requests were open at once at
 * most; `answers: false` takes requests in and never answers (a hanging endpoint: only the sender's timeout ends them).
 */
async function receiver(answers: boolean) {
  const arrived = new Map<string, number>();
  let open = 0;
  let mostOpen = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    mostOpen = Math.max(mostOpen, ++open);
    req.socket.once("close", () => open--);
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (!answers) return;
      arrived.set((JSON.parse(body) as { change: { id: string } }).change.id, performance.now());
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived,
    stats: () => ({ requests, mostOpen }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: connections to it are refused at once. */
async function deadUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

type App = Awaited<ReturnType<typeof webhookApp>>["app"];

/** Creates `count` news one after another, each once the last reached `healthy`; answers each one's time to arrive there. */
async function latencies(apps: App[], healthy: Awaited<ReturnType<typeof receiver>>, count: number, label: string) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const made = await write(apps[i % apps.length], `mutation($h: String!) { createNews(heading: $h) { id } }`, { h: `${label} ${i}` });
    const id = made.createNews.id as string;
    const arrived = (await waitFor(`${label} ${i} at the healthy endpoint`, () => healthy.arrived.get(id)))!;
    times.push(arrived - started);
  }
  return times;
}

/** An attempt ends after 500 ms (the hanging endpoint's are cut by it); each endpoint has one delivery in flight at most. */
const ENV = { ...FAST, WEBHOOK_TIMEOUT_MS: "500", WEBHOOK_IN_FLIGHT_PER_ENDPOINT: "1" };

describe("webhook fairness: one slow or dead endpoint does not starve the others", () => {
  const products: Awaited<ReturnType<typeof webhookApp>>[] = [];
  const receivers: Awaited<ReturnType<typeof receiver>>[] = [];

  afterEach(async () => {
    // The replicas first: the first app drops the shared database.
    for (const product of products.splice(0).reverse()) await product.close();
    for (const server of receivers.splice(0)) await server.close();
  });

  it("delivers every change to a healthy endpoint beside a hanging and a dead one, about as fast as alone", async () => {
    const product = await webhookApp(ENV);
    products.push(product);
    const healthy = await receiver(true);
    const hanging = await receiver(false);
    receivers.push(healthy, hanging);
    await createWebhook(product.app, healthy.url);
    const alone = await latencies([product.app], healthy, 10, "Alone");

    await createWebhook(product.app, hanging.url);
    await createWebhook(product.app, await deadUrl());
    const beside = await latencies([product.app], healthy, 30, "Beside");
    // The hanging endpoint's attempts end by the timeout and are tried again, one at a time.
    await waitFor("a second attempt at the hanging endpoint", () => hanging.stats().requests >= 2);

    expect(healthy.arrived.size).toBe(40);
    expect(hanging.stats().mostOpen).toBe(1);
    const { ds } = product.app.services;
    const dead = (await ds.query(
      `SELECT MAX(attempts) AS attempts, MAX(lastError) AS lastError FROM webhook_deliveries WHERE webhookId = (SELECT MAX(id) FROM webhooks)`,
    )) as { attempts: unknown; lastError: string }[];
    expect(Number(dead[0].attempts)).toBeGreaterThan(0);
    expect(dead[0].lastError).toMatch(/ECONNREFUSED/);
    const figures = { alone: [percentile(alone, 50), percentile(alone, 99)], beside: [percentile(beside, 50), percentile(beside, 99)] };
    console.log(`healthy endpoint latency ms (p50, p99): ${JSON.stringify(figures)}; hanging ${JSON.stringify(hanging.stats())}`);
    // Not queued behind the others' attempts: the hanging one's alone would make it several times slower than alone.
    expect(percentile(beside, 50)).toBeLessThan(3 * percentile(alone, 50));
  }, 120_000);

  it("keeps an endpoint to its cap in flight across replicas, while each delivers to the healthy one", async () => {
    const first = await webhookApp(ENV);
    products.push(first);
    const second = await webhookApp(ENV, first.app);
    products.push(second);
    const healthy = await receiver(true);
    const hanging = await receiver(false);
    receivers.push(healthy, hanging);
    await createWebhook(first.app, hanging.url);
    await createWebhook(first.app, healthy.url);
    await latencies([first.app, second.app], healthy, 12, "Replicated");
    await waitFor("a second attempt at the hanging endpoint", () => hanging.stats().requests >= 2);
    expect(healthy.arrived.size).toBe(12);
    // Both replicas' workers had its deliveries due all along, yet never two of its requests were open at once.
    expect(hanging.stats().mostOpen).toBe(1);
  }, 120_000);
});
