import type { Request, Response } from "express";
import { createHandler, type OperationContext } from "graphql-sse";
import type { HandlerOptions, RequestContext } from "graphql-sse/lib/use/express";
import { Counter } from "prom-client";
import { registry } from "../metrics";

export const streamsEnded = new Counter({
  name: "change_streams_ended_total",
  help: "Change streams the server ended itself, by reason (behind: the client took its events too slowly; redis: changes from the other replicas may have been lost)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

/**
 * Settles once `res` holds no more than `maxBytes` unsent (undefined when it does now), or once it closed: what a
 * change stream waits for before it hands over its next change (changes/subscription.ts).
 */
export function roomIn(res: Response, maxBytes: number): () => Promise<void> | undefined {
  return () => {
    if (res.destroyed || res.writableLength <= maxBytes) return undefined;
    return new Promise<void>((resolve) => {
      const go = () => {
        res.off("drain", go).off("close", go);
        resolve();
      };
      res.on("drain", go).on("close", go);
    });
  };
}

/** Ends a stream whose client fell too far behind: closed at once, as a last event would only wait behind the others. */
export function endBehind(res: Response) {
  streamsEnded.inc({ reason: "behind" });
  res.destroy();
}

/**
 * Ends a stream that may have missed changes (this process's Redis subscription dropped, or a publish failed): closed
 * at once, as for a client behind, so that the client reconnects and re-reads instead of trusting a silent gap.
 */
export function endLost(res: Response) {
  streamsEnded.inc({ reason: "redis" });
  res.destroy();
}

/**
 * graphql-sse served on express, its output waiting in one place: graphql-sse pulls every event from the
 * subscription into a queue of its own, without end, and its own writer waits for the socket, so a client that stops
 * reading made the process hold every event told after it. Here the writer takes each event from graphql-sse as soon
 * as it is made (graphql-sse's queue stays empty) and hands it to the response, so all a slow client's output waits
 * in the response's buffer (`writableLength`, the socket's included), which the subscription watches (`roomIn`):
 * past `maxBytes` it hands nothing over, its changes wait in its own bounded queue, and the stream is ended once
 * that fills (`endBehind`). A stream that completes while its client is not reading is closed rather than ended
 * politely, for the same reason.
 */
export function boundedSseHandler<Context extends OperationContext = undefined>(
  options: HandlerOptions<Context>,
  maxBytes: number,
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
    try {
      for await (const event of body) {
        if (!res.writable) break;
        res.write(event);
      }
    } finally {
      res.off("close", stop);
    }
    if (res.destroyed) return;
    if (res.writableLength > maxBytes) return void res.destroy();
    await new Promise<void>((resolve) => res.end(() => resolve()));
  };
}
