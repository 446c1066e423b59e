import type { IncomingMessage } from "http";

/** How much of a refused request's body the gateway reads, and for how long, before it answers. */
export interface DrainBound {
  maxBytes: number;
  maxMs: number;
}

/**
 * Two seconds: an upload of MAX_UPLOAD_MB on a local network or a fair line
 * finishes within it; a slower client gets the connection closed, as before.
 */
export const REFUSED_BODY_DRAIN_MS = 2000;

/** The bound for this configuration: one file at MAX_UPLOAD_MB and a JSON body at MAX_JSON_KB. */
export const refusedBodyBound = (config: { maxUploadBytes: number; maxJsonBytes: number }): DrainBound => ({
  maxBytes: config.maxUploadBytes + config.maxJsonBytes,
  maxMs: REFUSED_BODY_DRAIN_MS,
});

/**
 * Reads and discards what is left of a refused request's body before its
 * answer goes out. A client still sending (Node's fetch with a FormData body,
 * most HTTP libraries) treats a connection closed under its upload as a network
 * error and never reads the 401 or 413 waiting for it: its unsent bytes reset
 * the socket. Reading the rest first lets the answer arrive and the connection
 * stay open. Only a body within `bound` is read: one announced larger, one that
 * grows past it (chunked) or one that takes longer is given up, and the caller
 * closes the connection, so nobody can make the server read what it refused.
 *
 * Resolves true when the body was read to its end, false when it was given up
 * (or the client went away).
 */
export function drainRefusedBody(req: IncomingMessage, bound: DrainBound): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const announced = Number(req.headers["content-length"]);
  if (announced > bound.maxBytes) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let read = 0;
    const settle = (drained: boolean) => {
      clearTimeout(timer);
      req.off("data", count);
      req.off("end", ended);
      req.off("close", closed);
      req.off("error", closed);
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound.maxBytes) settle(false);
    };
    const ended = () => settle(true);
    const closed = () => settle(req.complete);
    const timer = setTimeout(() => settle(false), bound.maxMs);
    req.on("data", count);
    req.once("end", ended);
    req.once("close", closed);
    req.once("error", closed);
    // A parser that gave up on the body may have left it piped or paused: nothing else reads it now.
    req.unpipe();
    req.resume();
  });
}

/**
 * Closes a refused request's connection once its answer is out, without losing that answer: a socket closed with the
 * client's unsent bytes still arriving is reset (RST), and a client that had not read the answer yet (a busy one)
 * gets ECONNRESET instead of its 413 or 401. So, as nginx's lingering close does, the answer is followed by a FIN
 * and what still comes is read and dropped (Node's parser discards the rest of the body) until the client stops or
 * `bound.maxMs` pass; then the socket goes. Only for a connection that Node would close after this answer.
 */
export function lingerAfterAnswer(req: IncomingMessage, bound: DrainBound) {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), bound.maxMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // The client's FIN (it stopped sending) or its own close ends the wait early.
    socket.once("end", () => socket.destroy());
    socket.end();
  };
}
