import http from "http";
import https from "https";
import { guardedLookup, isRefusedAddress, literalAddress, RefusedAddressError, urlProblem } from "./addresses";

/** The most of an answer's body read (then the connection is dropped): receivers answer with a status, not content. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendRules {
  allowHttp: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface Attempt {
  /** The answer's status; undefined when none came (refused, unreachable, timed out). */
  status?: number;
  ok: boolean;
  latencyMs: number;
  /** Why it failed, for the delivery log. */
  error?: string;
}

/**
 * One POST of a delivery: to the checked address only (see guardedLookup),
 * within `timeoutMs` from the start to the end of the answer, redirects not
 * followed (a 3xx is a failure), at most MAX_ANSWER_BYTES of the answer read.
 */
export function postOnce(url: string, headers: Record<string, string>, body: string, rules: SendRules): Promise<Attempt> {
  const started = Date.now();
  const done = (outcome: Omit<Attempt, "latencyMs">): Attempt => ({ ...outcome, latencyMs: Date.now() - started });
  const problem = urlProblem(url, rules);
  if (problem) return Promise.resolve(done({ ok: false, error: problem }));
  const target = new URL(url);
  const literal = literalAddress(target.hostname);
  // A literal address is connected to without a lookup: it is checked here.
  if (literal && isRefusedAddress(literal) && !rules.allowPrivate)
    return Promise.resolve(done({ ok: false, error: `${literal} is a private or reserved address` }));
  const bytes = Buffer.from(body);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Attempt, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(outcome));
    };
    const request = (target.protocol === "https:" ? https : http).request(
      target,
      {
        method: "POST",
        agent: false,
        lookup: guardedLookup(rules.allowPrivate),
        headers: { ...headers, "content-type": "application/json", "content-length": String(bytes.length), "user-agent": USER_AGENT },
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) finish(outcomeOf(status));
        });
        answer.on("end", () => finish(outcomeOf(status)));
        answer.on("error", (error) => finish({ status, ok: false, error: error.message }));
      },
    );
    const timer = setTimeout(() => finish({ ok: false, error: `no answer within ${rules.timeoutMs} ms` }), rules.timeoutMs);
    request.on("error", (error) =>
      finish({ ok: false, error: error instanceof RefusedAddressError ? error.message : `${error.message}`.slice(0, 255) }),
    );
    request.end(bytes);
  });
}

/** 2xx is delivered; anything else, a redirect included, is a failure. */
function outcomeOf(status: number): Omit<Attempt, "latencyMs"> {
  if (status >= 200 && status < 300) return { status, ok: true };
  return {
    status,
    ok: false,
    error: status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`,
  };
}

const USER_AGENT = "presale-webhooks/1";
