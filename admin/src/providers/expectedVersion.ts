type Values = Record<string, unknown> | undefined;

/**
 * An update of a record that has a `version` carries the version the editor
 * loaded as `expectedVersion`, so the gateway refuses it (CONFLICT) when
 * someone else saved in between instead of silently overwriting their change.
 * The form's own `version` wins over the loaded record's: 'Overwrite' after a
 * conflict saves the form with the current version (ui/ConflictPanel.tsx).
 */
export function withExpectedVersion(data: Values, previousData: Values): Values {
  const version = data?.version ?? previousData?.version;
  if (typeof version !== "number") return data;
  const { version: _loaded, ...rest } = data ?? {};
  return { ...rest, expectedVersion: version };
}
