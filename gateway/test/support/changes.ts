import http from "http";
import type { AddressInfo } from "net";
import type { Change } from "../../src/changes/feed";
import { startTestApp, type TestApp } from "./testApp";

export const SUBSCRIBE = `subscription($r: [String!]) { changes(resources: $r) { resource id op version actor at } }`;

/** A change as the stream tells it. */
export type Heard = Change;

/** An open change stream, read as a client reads it: the events heard so far, and whether the server ended it. */
export interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  heard: Heard[];
  ended: Promise<void>;
  /** Waits until `check` holds of what was heard (at most `ms`, 30 s by default: a hang fails it, not a slow machine). */
  until(check: (heard: Heard[]) => boolean, ms?: number): Promise<Heard[]>;
  close(): void;
}

/** POSTs a subscription to /graphql/stream on `port`; resolves once the answer's head (or a refusal's body) is in. */
export function openStream(
  port: number,
  auth: string | undefined,
  options: { query?: string; variables?: Record<string, unknown>; headers?: Record<string, string>; method?: string } = {},
): Promise<Stream> {
  const data = Buffer.from(JSON.stringify({ query: options.query ?? SUBSCRIBE, variables: options.variables ?? {} }));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "POST",
        path: "/graphql/stream",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": data.length,
          accept: "text/event-stream",
          ...(auth && { authorization: auth }),
          ...options.headers,
        },
      },
      (res) => {
        const stream: Stream = {
          status: res.statusCode!,
          headers: res.headers,
          body: "",
          heard: [],
          ended: new Promise((done) => res.once("close", done)),
          async until(check, ms = 30_000) {
            const end = Date.now() + ms;
            while (!check(stream.heard)) {
              if (Date.now() > end)
                throw new Error(
                  `waited ${ms} ms for the stream to hear ${String(check)}; heard ${JSON.stringify(stream.heard)}; body ${stream.body}`,
                );
              await new Promise((r) => setTimeout(r, 20));
            }
            return stream.heard;
          },
          close: () => req.destroy(),
        };
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          stream.body += chunk;
          // Each event: `event: next\ndata: {...}\n\n`.
          const events = stream.body.split("\n\n");
          stream.heard = events
            .map((event) => /^event: next\ndata: (.*)$/m.exec(event)?.[1])
            .filter((line): line is string => line !== undefined)
            .flatMap((line) => {
              const payload = JSON.parse(line) as { data?: { changes: Heard } };
              return payload.data ? [payload.data.changes] : [];
            });
        });
        res.on("error", () => undefined);
        if (res.statusCode === 200) resolve(stream);
        else res.once("end", () => resolve(stream));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/** The product listening on a real port (streams need one). */
export async function listeningApp(env: Record<string, string> = {}, sameDatabaseAs?: TestApp) {
  const app = await startTestApp({ env, sameDatabaseAs });
  const server = app.express.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    app,
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await app.close();
    },
  };
}
