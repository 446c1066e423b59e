import type { Server } from "http";

/**
 * Stops taking connections and lets the requests already accepted finish, for
 * at most `graceMs`; then cuts what is left. Resolves when no connection is open.
 */
export function drain(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.once("close", () => {
      clearInterval(idle);
      clearTimeout(cut);
    });
  });
}
