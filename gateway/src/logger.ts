import pino from "pino";

export type Logger = pino.Logger;

/** Structured logs; credentials never reach them. */
export const createLogger = (level: string, destination?: pino.DestinationStream) =>
  pino(
    {
      level,
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
