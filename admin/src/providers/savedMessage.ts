/** The gateway's message for each saved record ('News updated successfully'), keyed by the record the data provider answered. */
const messages = new WeakMap<object, string>();

/** Keeps a mutation answer's extensions.message with the record parsed from it. */
export function rememberSavedMessage<T extends { data?: unknown }>(parsed: T, response: { extensions?: Record<string, unknown> }): T {
  const message = response?.extensions?.message;
  if (typeof message === "string" && parsed?.data && typeof parsed.data === "object") messages.set(parsed.data, message);
  return parsed;
}

/** The gateway's message for a record a save answered, if it sent one. */
export const savedMessageOf = (record: unknown) => (record && typeof record === "object" ? messages.get(record) : undefined);
