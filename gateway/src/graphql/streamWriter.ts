import type { Request, Response } from "express";
import { createHandler, type OperationContext } from "graphql-sse";
import type { HandlerOptions, RequestContext } from "graphql-sse/lib/use/express";
import { Counter } from "prom-client";
import { registry } from "../metrics";

/** What a stream may hold unsent before it is ended: events its socket has not taken, and their bytes. */
export interface Backlog {
  maxEvents: number;
  maxBytes: number;
}

export const streamsEnded = new Counter({
  name: "change_streams_ended_total",
  help: "Change streams the server ended itself, by reason (behind: the client took its events too slowly)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

/**
 * graphql-sse served on express, with its output bounded: graphql-sse pulls every event from the subscription at
 * once into a queue of its own, without end, and only its writer waits for the socket, so a client that stops
 * reading would make the process hold every event told after it. Here the writer takes each event from
 * graphql-sse as soon as it is made (graphql-sse's queue stays empty) and hands it to the response at once, so
 * all a slow client's output waits in one place, the response's buffer (`writableLength`, the socket's included).
 * Once that buffer holds more than `maxBytes`, or more than `maxEvents` events the socket has not taken, the
 * connection is closed: the client reconnects and re-reads, and the process lets go of what it held.
 */
export function boundedSseHandler<Context extends OperationContext = undefined>(
  options: HandlerOptions<Context>,
  backlog: Backlog,
): (req: Request, res: Response) => Promise<void> {
  const handler = createHandler<Request, RequestContext, Context>(options);
  return async (req, res) => {
    const [body, init] = await handler({
      method: req.method,
      url: req.url,
      headers: {
        get(key) {
          const header = req.headers[key];
          return Array.isArray(header) ? header.join("\n") : header;
        },
      },
      // Parsed by express.json (POST); a GET has none.
      body: () => (req.body as Record<PropertyKey, unknown> | undefined) ?? null,
      raw: req,
      context: { res },
    });
    res.writeHead(init.status, init.statusText, init.headers);
    if (!body || typeof body === "string") return new Promise<void>((resolve) => res.end(body ?? undefined, () => resolve()));

    const stop = () => void body.return(undefined);
    res.once("close", stop);
    /** Events written whose bytes the socket has not taken yet. */
    let unsent = 0;
    try {
      for await (const event of body) {
        if (!res.writable) break;
        unsent++;
        res.write(event, () => unsent--);
        if (unsent > backlog.maxEvents || res.writableLength > backlog.maxBytes) {
          streamsEnded.inc({ reason: "behind" });
          // Not ended politely: a last event would only wait behind the others for a client that does not read.
          res.destroy();
          break;
        }
      }
    } finally {
      res.off("close", stop);
    }
    if (!res.destroyed) await new Promise<void>((resolve) => res.end(() => resolve()));
  };
}
