import { z } from "zod";

/** The schemas settings are declared with. Each issue says what was expected; readSettings names the variable. */

/** Any text. */
export const text = z.string();

/** A whole number from min to max; `expected` says it in the variable's own terms where that is clearer. */
export const wholeNumber = (min: number, max: number, expected = `a whole number between ${min} and ${max}`) => {
  const error = `must be ${expected}`;
  return z.string().transform(Number).pipe(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
};

/** A number above 0, at most max, in the unit named (megabytes, megapixels). */
export const positiveNumber = (max: number, unit: string) => {
  const error = `must be a number of ${unit} between 0 and ${max}`;
  return z.string().transform(Number).pipe(z.number({ error }).positive({ error }).max(max, { error }));
};

/** true/false or 1/0, in any case. */
export const flag = z.stringbool({ truthy: ["true", "1"], falsy: ["false", "0"], error: "must be true or false" });

/** One of the words given, as written. */
export const oneOf = <const Words extends readonly [string, ...string[]]>(words: Words, expected = `one of ${words.join(", ")}`) =>
  z.enum(words, { error: `must be ${expected}` });

/** Text matching a pattern, with the message saying what it must be. */
export const matching = (pattern: RegExp, message: string) => z.string().regex(pattern, { error: message });

/** Keys, tokens and passwords: a minimum length (declare them secret, so a bad one is not repeated). */
export const atLeast = (length: number) => z.string().min(length, { error: `must be at least ${length} characters` });

/** An http(s) base URL without credentials, query or fragment: what other hosts and the browser are sent to. */
export const httpBaseUrl = () => {
  const error = "must be an http:// or https:// URL without credentials, query or fragment";
  return z.url({ protocol: /^https?$/, error, abort: true }).refine((raw) => {
    const url = new URL(raw);
    return !url.username && !url.password && !url.search && !url.hash;
  }, error);
};

/** A comma-separated list, blanks dropped. */
export const list = z.string().transform((raw) =>
  raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);
