type Values = Record<string, unknown> | undefined;

/**
 * An update of a record that has a `version` carries the version the editor
 * loaded as `expectedVersion`, so the gateway refuses it (CONFLICT) when
 * someone else saved in between instead of silently overwriting their change.
 * 'Overwrite' after a conflict names the current version in the save's meta
 * (ui/ConflictPanel.tsx); otherwise the form's own `version` (reset when the
 * user reloads their version), else the loaded record's.
 */
export function withExpectedVersion(data: Values, previousData: Values, meta?: Values): Values {
  const version = meta?.expectedVersion ?? data?.version ?? previousData?.version;
  if (typeof version !== "number") return data;
  const { version: _loaded, ...rest } = data ?? {};
  return { ...rest, expectedVersion: version };
}
