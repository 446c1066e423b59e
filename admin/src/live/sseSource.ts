import { createClient } from "graphql-sse";
import { apiBase } from "../config";
import { graphql } from "../gql";
import type { ChangesSubscription } from "../gql/graphql";
import type { ChangeSource } from "./change";

const SUBSCRIBE = graphql(`
  subscription changes {
    changes {
      resource
      id
      op
      version
      actor
      at
      tab
    }
  }
`);

/** Waits 1, 2, 4... up to 30 s (with a little jitter, so tabs that lost the same gateway do not come back at once). */
const backOff = (retries: number) => Math.min(30_000, 1000 * 2 ** retries) + Math.random() * 500;

/**
 * The change stream over Server-Sent Events (graphql-sse, distinct
 * connections): retried with back-off when the connection drops, and opened
 * again when the gateway ends or refuses it (a redeploy, the tab fell too far
 * behind) while the tab is still signed in with this token. Each connection
 * after the first tells `onReconnect`: what changed meanwhile was not heard.
 */
export const sseSource: ChangeSource = (token, onChange, onReconnect) => {
  const client = createClient({
    url: `${apiBase()}/graphql/stream`,
    headers: () => ({ Authorization: `Bearer ${token}` }),
    retryAttempts: Infinity,
    retry: (retries) => new Promise((resolve) => setTimeout(resolve, backOff(retries))),
  });
  let closed = false;
  let stop = () => undefined as void;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connections = 0;
  const run = (attempt: number) => {
    stop = client.subscribe<ChangesSubscription>(
      { query: SUBSCRIBE.toString() },
      {
        next: ({ data }) => data?.changes && onChange(data.changes),
        error: () => again(attempt + 1),
        complete: () => again(0),
      },
      { connected: () => connections++ > 0 && onReconnect() },
    );
  };
  const again = (attempt: number) => {
    if (!closed) timer = setTimeout(() => !closed && run(attempt), backOff(attempt));
  };
  run(0);
  return () => {
    closed = true;
    clearTimeout(timer);
    stop();
    client.dispose();
  };
};
