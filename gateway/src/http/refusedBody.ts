import type { IncomingMessage } from "http";

/**
 * How long a refused request's connection lingers after its answer, reading and dropping what the client still
 * sends: an upload of MAX_UPLOAD_MB on a local network or a fair line finishes within it.
 */
const REFUSED_BODY_LINGER_MS = 2000;

/**
 * Closes a refused request's connection once its answer is out, without losing that answer. The answer goes out at
 * once, whatever the client does next (it may be paused, or slow): waiting for the rest of the body first would make
 * the refusal depend on the client. But a socket closed with the client's unsent bytes still arriving is reset (RST),
 * and a client that had not read the answer yet (one busy sending: Node's fetch with a FormData body, most HTTP
 * libraries) gets ECONNRESET or EPIPE instead of its 413 or 401. So, as nginx's lingering close does, the answer is
 * followed by a FIN and what still comes is read and dropped (Node's parser discards the rest of the body) until the
 * client stops or `maxMs` pass; then the socket goes. Only for a connection that Node would close after this answer.
 */
export function lingerAfterAnswer(req: IncomingMessage, maxMs = REFUSED_BODY_LINGER_MS) {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  // A parser that gave up on the body may have left it piped or paused: nothing else reads it now.
  req.unpipe();
  req.resume();
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), maxMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // The client's FIN (it stopped sending) or its own close ends the wait early.
    socket.once("end", () => socket.destroy());
    socket.end();
  };
}
