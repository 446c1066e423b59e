import http from "http";
import type { AddressInfo } from "net";
import { listeningApp } from "./changes";
import type { TestApp } from "./testApp";

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every request, answers `answer` (200 by default; set it to 503 to
 * fail attempts, or to a redirect), and can be stopped and started again on the same port.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
  let holding = false;
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers as Record<string, string>, body, status: holding ? 0 : answer.status });
      if (!holding) res.writeHead(answer.status, answer.headers).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The requests answered 2xx. */
    delivered: () => received.filter((request) => request.status >= 200 && request.status < 300),
    answer(status: number, headers?: Record<string, string>) {
      answer = { status, headers };
    },
    /** Holding: requests are taken in and never answered (recorded with status 0). */
    hold(on: boolean) {
      holding = on;
    },
    /** Waits until `check` holds of what was received (at most `ms`: generous, it catches a hang, not a slow machine). */
    async until(check: (received: Received[]) => boolean, ms = 30_000) {
      const end = Date.now() + ms;
      while (!check(received)) {
        if (Date.now() > end)
          throw new Error(
            `waited ${ms} ms for the receiver to get ${String(check)}; received ${JSON.stringify(received.map((r) => r.body))}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => (server.listening ? close() : Promise.resolve()),
    /** Down: connections to its port are refused until `restart`. */
    stop: close,
    restart: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
  };
}

/** Settings that let tests deliver to 127.0.0.1 over http, retry after about 100 ms and poll often. */
export const FAST = {
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_RETRY_BASE_MS: "100",
  WEBHOOK_RETRY_MAX_MS: "200",
  WEBHOOK_POLL_MS: "50",
  WEBHOOK_TIMEOUT_MS: "2000",
};

/** A product on a real port with its webhook worker started, as main.ts starts it. */
export async function webhookApp(env: Record<string, string> = FAST, sameDatabaseAs?: TestApp, worker = true) {
  const product = await listeningApp(env, sameDatabaseAs);
  if (worker) product.app.services.webhookWorker.start();
  return product;
}

export const CREATE_WEBHOOK = `mutation($url: String!, $resources: [String!]!, $operations: [String!]) {
  createWebhook(url: $url, resources: $resources, operations: $operations) { secret webhook { id url resources operations enabled } }
}`;

/** Registers an endpoint as the admin; returns its id and secret. */
export async function createWebhook(app: TestApp, url: string, resources = ["News"], operations?: string[]) {
  const res = await app.gql(CREATE_WEBHOOK, { url, resources, operations }, await app.adminToken());
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { id: res.body.data.createWebhook.webhook.id as string, secret: res.body.data.createWebhook.secret as string };
}

/** A GraphQL write as the admin that must succeed. */
export async function write(app: TestApp, query: string, variables: Record<string, unknown> = {}) {
  const res = await app.gql(query, variables, await app.adminToken());
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

export const payloadOf = (request: Received) =>
  JSON.parse(request.body) as { type: string; change: { resource: string; id: string; op: string }; data: Record<string, unknown> | null };

/**
 * What `read` answers once `check` holds of it: the receiver has its request before the worker has recorded the
 * answer, so a delivery's status follows a moment after. Polled for at most `ms` (generous: a hang, not a slow
 * machine, fails it), then fails naming `what` it waited for.
 */
export async function once<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}; last read ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}
