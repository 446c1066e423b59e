import { hostname } from "os";
import pino from "pino";

export type Logger = pino.Logger;

/** A replica's name when REPLICA_ID is not set: the host (a container's id) and the process, within REPLICA_ID's own rule. */
export const defaultReplicaId = () =>
  `${hostname()
    .replace(/[^\w.:-]/g, "_")
    .slice(0, 50)}-${process.pid}`;

/** Structured logs; credentials never reach them. Every line names the replica that wrote it. */
export const createLogger = (level: string, destination?: pino.DestinationStream, replica = defaultReplicaId()) =>
  pino(
    {
      level,
      base: { pid: process.pid, hostname: hostname(), replica },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.password",
          "*.password2",
          "token",
          "*.passwordHash",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );

/**
 * Readable, coloured lines (pino-pretty) when a person watches the terminal
 * while developing; JSON lines everywhere else, for log collectors to parse.
 * undefined (pino's own stdout) in production, when stdout is not a terminal,
 * or when pino-pretty is not installed (an install without dev dependencies).
 */
export function terminalDestination(production: boolean, stdout: { isTTY?: boolean } = process.stdout): pino.DestinationStream | undefined {
  if (production || !stdout.isTTY) return undefined;
  try {
    // Loaded only here: production never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require("pino-pretty") as typeof import("pino-pretty");
    return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true });
  } catch {
    return undefined;
  }
}

/**
 * What a request line holds: its id, method, path and the answer's status.
 * pino-http's default serialisers copy every header of both, on every request.
 */
export const requestLogSerializers = {
  req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
    id: req.id,
    method: req.method,
    url: req.url,
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};
