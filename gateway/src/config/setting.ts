import { z } from "zod";

/** The environment as the process receives it. */
export type Env = Partial<Record<string, string | undefined>>;

interface Described {
  /** What it does, in markdown; inline only, as it goes into a table cell of docs/configuration.md. */
  description: string;
  /**
   * Set when a production deployment (several replicas behind a proxy, as docker-compose.yml runs it) must set it:
   * why. gateway/test/deploy/compose.test.ts checks that every gateway service of the compose file does.
   */
  production?: string;
}

/** One environment variable: how it is parsed, its default and what it means. */
export interface Setting<V = unknown> extends Described {
  /** Parses the value, unset (undefined) included; absent for a variable another part of the product reads. */
  schema?: z.ZodType<V>;
  /** The default as docs/configuration.md shows it. */
  shownDefault: string;
  /** Set when loadConfig does not read it: the file that does (gateway/test/scripts/configDoc.test.ts checks it names it). */
  readBy?: string;
  /** Keys and passwords: a bad value is never repeated in the error. */
  secret?: boolean;
  /** Passwords and keys are taken as given; other values lose surrounding spaces. */
  untrimmed?: boolean;
}

interface Declaration<V> extends Described {
  /** Parses a set value; its issue says what was expected ("must be ..."), the name and value are added around it. */
  parse: z.ZodType<V, string>;
  secret?: boolean;
  untrimmed?: boolean;
}

/**
 * A variable with a default written as one would set it (parsed like a set value, so it obeys the same rules) and an
 * optional note after it in the docs; or, without one, what happens when it is unset (the reader of the value
 * decides, e.g. from another setting).
 */
export function setting<V>(declaration: Declaration<V> & { default: string; note?: string }): Setting<V>;
export function setting<V>(declaration: Declaration<V> & { unset: string }): Setting<V | undefined>;
export function setting<V>(declaration: Declaration<V> & { default?: string; note?: string; unset?: string }): Setting<V | undefined> {
  const { parse, default: fallback, note, unset, ...described } = declaration;
  if (fallback === undefined) return { ...described, schema: parse.optional(), shownDefault: unset! };
  return { ...described, schema: parse.prefault(fallback), shownDefault: note ? `\`${fallback}\` ${note}` : `\`${fallback}\`` };
}

/** A variable the admin's build or the local chain reads, listed so that the docs name every variable. */
export const readElsewhere = (readBy: string, declaration: Described & { unset: string }): Setting<never> => {
  const { unset, ...described } = declaration;
  return { ...described, readBy, shownDefault: unset };
};

export interface SettingGroup<S extends Record<string, Setting<any>> = Record<string, Setting<any>>> {
  /** The heading of its section in docs/configuration.md. */
  title: string;
  /** A sentence or two above the group's table. */
  intro?: string;
  /** By environment name, in the order the docs list them and loadConfig reports their problems. */
  settings: S;
}

export const settingGroup = <S extends Record<string, Setting<any>>>(group: SettingGroup<S>) => group;

/** What a group's variables parse to, by environment name. */
export type Values<G extends SettingGroup> = { [Name in keyof G["settings"]]: G["settings"][Name] extends Setting<infer V> ? V : never };

/** Credentials in a URL, hidden wherever a value is repeated. */
const withoutCredentials = (value: string) => value.replace(/\/\/[^@]*@/, "//***@");

/**
 * Reads a group's variables: each trimmed (unless untrimmed), empty counting as unset, then parsed. A bad value adds
 * one problem naming the variable, what it expects and, unless secret, what it got; it reads as undefined, which the
 * caller never returns, as loadConfig refuses to start with any problem.
 */
export function readSettings<G extends SettingGroup>(group: G, env: Env, problems: string[]): Values<G> {
  const values: Record<string, unknown> = {};
  for (const [name, { schema, secret, untrimmed }] of Object.entries(group.settings)) {
    if (!schema) continue;
    const raw = env[name];
    const value = (untrimmed ? raw : raw?.trim()) || undefined;
    const result = schema.safeParse(value);
    if (result.success) values[name] = result.data;
    else {
      const got = secret || value === undefined ? "" : `, got "${withoutCredentials(value)}"`;
      problems.push(`${name} ${result.error.issues[0].message}${got}`);
    }
  }
  return values as Values<G>;
}
