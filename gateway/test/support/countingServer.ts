import http from "http";
import type { AddressInfo, Socket } from "net";
import type { TestApp } from "./testApp";

/** The header naming a request for `readBeforeAnswer` and `socketOf`. */
export const TEST_ID = "x-test-id";

export interface CountingServer {
  server: http.Server;
  port: number;
  /**
   * Bytes of its connection (head and body) the server had read when it began the answer to the request sent with
   * `TEST_ID: id`; undefined until then. What a refusal "before the body is read" really read, however fast the
   * client sent: a server that read what it refuses reads past any small bound.
   */
  readBeforeAnswer(id: string): number | undefined;
  /** The server's end of that request's connection. */
  socketOf(id: string): Socket | undefined;
  close(): Promise<void>;
}

/** The app on a port of its own, noting for each request named by TEST_ID what the server had read when it answered. */
export async function countingServer(app: TestApp): Promise<CountingServer> {
  const reads = new Map<string, number>();
  const sockets = new Map<string, Socket>();
  const server = http.createServer((req, res) => {
    const id = req.headers[TEST_ID];
    if (typeof id === "string") {
      sockets.set(id, req.socket);
      // The answer's head goes out on its first write (an express answer is one end() call).
      for (const method of ["write", "end"] as const) {
        const original = res[method] as (...args: unknown[]) => unknown;
        res[method] = ((...args: unknown[]) => {
          if (!reads.has(id)) reads.set(id, req.socket.bytesRead);
          return original.apply(res, args);
        }) as never;
      }
    }
    app.express(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    readBeforeAnswer: (id) => reads.get(id),
    socketOf: (id) => sockets.get(id),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
