import type { RequestHandler } from "express";
import { MAX_FILTER_IDS } from "../resources/kit/query";

/** No list argument of the schema takes more (filter ids: MAX_FILTER_IDS; blocks and uploads far fewer). */
export const MAX_LIST_ITEMS = MAX_FILTER_IDS;
/**
 * How deeply the variables (or extensions) may nest, counting themselves: the
 * deepest input of the schema (a block of a landing page) is 4 levels down.
 * JSON.stringify, the answer cache's key and graphql-js recurse over values:
 * 5,000 levels overflow the stack.
 */
export const MAX_INPUT_DEPTH = 16;
/** Values (objects, lists and scalars) in the variables and extensions together: 30 aliases × 1,000 ids, and room to spare. */
export const MAX_INPUT_VALUES = 50_000;

interface Refusal {
  message: string;
  detail: string;
}

/**
 * Bounds the shape of a GraphQL request's variables and extensions before
 * anything recurses over them or coerces them (the answer cache keys a
 * request by its variables; graphql-js coerces each item of a list): how
 * deep they nest, how many values they hold, how long one list is. Walked
 * with an explicit stack, so a hostile shape cannot overflow this walk either.
 * Runs before the answer cache and the document limits; answers 400.
 */
export const variableLimits: RequestHandler = (req, res, next) => {
  const source = req.method === "GET" ? (req.query as Record<string, unknown>) : (req.body as Record<string, unknown> | undefined);
  if (!source || typeof source !== "object") return next();
  const refusal = judge({ variables: inputOf(source.variables), extensions: inputOf(source.extensions) });
  if (!refusal) return next();
  res
    .status(400)
    .json({ errors: [{ message: refusal.message, extensions: { code: "BAD_USER_INPUT", fieldErrors: { query: refusal.detail } } }] });
};

/** A GET carries its variables as JSON text (Apollo parses it; a text that does not parse is Apollo's to refuse). */
function inputOf(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The first bound the input breaks, if any. */
function judge(input: Record<string, unknown>): Refusal | undefined {
  let values = 0;
  const stack: [name: string, value: unknown, depth: number][] = Object.entries(input).map(([name, value]) => [name, value, 0]);
  while (stack.length) {
    const [name, value, depth] = stack.pop()!;
    if (++values > MAX_INPUT_VALUES) {
      return {
        message: `Query refused: the variables hold more than ${MAX_INPUT_VALUES} values`,
        detail: `At most ${MAX_INPUT_VALUES} values in all`,
      };
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return {
        message: `Query refused: ${name} nests more than ${MAX_INPUT_DEPTH} levels deep`,
        detail: `Variables may nest at most ${MAX_INPUT_DEPTH} levels deep`,
      };
    }
    if (Array.isArray(value)) {
      // Refused before graphql-js coerces every item (40,000 ids take it 80 ms).
      if (value.length > MAX_LIST_ITEMS) {
        return {
          message: `Query refused: ${name} has ${value.length} items, at most ${MAX_LIST_ITEMS}`,
          detail: `A list may hold at most ${MAX_LIST_ITEMS} items`,
        };
      }
      for (const item of value) stack.push([name, item, depth + 1]);
    } else {
      for (const [key, item] of Object.entries(value)) stack.push([key, item, depth + 1]);
    }
  }
  return undefined;
}
