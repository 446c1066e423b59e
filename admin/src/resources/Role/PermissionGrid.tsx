import { Box, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "react-admin";
import { graphql } from "../../gql";
import type { PermissionCatalogueQuery } from "../../gql/graphql";
import { graphqlRequest } from "../../providers/graphqlFetch";

/** What a role (or an API token) grants on one resource, as the gateway carries it. */
export type Permission = PermissionCatalogueQuery["permissionCatalogue"][number];

/** The columns, in the gateway's order; a resource offers some of them (permissionCatalogue). */
const ACTIONS = ["read", "create", "update", "delete", "export", "chain"];

const CATALOGUE = graphql(`
  query permissionCatalogue($forTokens: Boolean, $forCustomRoles: Boolean) {
    permissionCatalogue(forTokens: $forTokens, forCustomRoles: $forCustomRoles) {
      resource
      actions
    }
  }
`);

/**
 * Every resource and the actions it offers, from the gateway: `all` (a built-in
 * role's grid), what a custom role may be given (`roles`), or an API token (`tokens`).
 */
export function usePermissionCatalogue(scope: "all" | "roles" | "tokens") {
  return useQuery({
    queryKey: ["permissionCatalogue", scope],
    queryFn: async () => {
      const variables = { forTokens: scope === "tokens", forCustomRoles: scope === "roles" };
      return (await graphqlRequest(CATALOGUE, variables)).permissionCatalogue;
    },
    staleTime: Infinity,
  });
}

/** `BlocklistEntry` → `Blocklist entry`: a GraphQL type name in words, when i18n has no label for it. */
export const typeInWords = (type: string) => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(" ");
  return [words[0], ...words.slice(1).map((word) => word.toLowerCase())].join(" ");
};

/** The readable label of a resource (GraphQL type name). */
function useResourceLabel() {
  const translate = useTranslate();
  return (type: string) => translate(`app.permissions.resource.${type}`, { _: typeInWords(type) });
}

/** A list of permissions, cleaned: in `rows` order, actions in column order, no empty rows, no `__typename`. */
export function normalise(value: readonly Permission[] | null | undefined, rows: readonly Permission[]): Permission[] {
  const granted = new Map((value ?? []).map((p) => [p.resource, new Set(p.actions)]));
  return rows.flatMap(({ resource, actions }) => {
    const kept = ACTIONS.filter((action) => actions.includes(action) && granted.get(resource)?.has(action));
    return kept.length ? [{ resource, actions: kept }] : [];
  });
}

interface PermissionGridProps {
  /** The rows and the actions each offers (the catalogue, or the caller's own permissions for a token). */
  rows: readonly Permission[];
  value: readonly Permission[] | null | undefined;
  onChange?: (next: Permission[]) => void;
  disabled?: boolean;
  /** Names the table for assistive technology. */
  label: string;
}

/**
 * Resources × actions, a checkbox where a resource offers an action, with
 * "all" toggles per row and per column. The Roles screen edits a role's grid
 * with it, the API token dialog a token's (limited to the caller's own rights).
 */
export function PermissionGrid({ rows, value, onChange, disabled, label }: PermissionGridProps) {
  const translate = useTranslate();
  const resourceLabel = useResourceLabel();
  const current = normalise(value, rows);
  const granted = new Map(current.map((p) => [p.resource, new Set(p.actions)]));
  const has = (resource: string, action: string) => granted.get(resource)?.has(action) ?? false;
  const columns = ACTIONS.filter((action) => rows.some((row) => row.actions.includes(action)));
  const actionLabel = (action: string) => translate(`app.permissions.action.${action}`, { _: action });

  /** Sets the given cells to `on`, then tells the form. */
  const set = (cells: [string, string][], on: boolean) => {
    const next = new Map([...granted].map(([resource, actions]) => [resource, new Set(actions)]));
    for (const [resource, action] of cells) {
      const actions = next.get(resource) ?? new Set<string>();
      if (on) actions.add(action);
      else actions.delete(action);
      next.set(resource, actions);
    }
    onChange?.(
      normalise(
        [...next].map(([resource, actions]) => ({ resource, actions: [...actions] })),
        rows,
      ),
    );
  };
  const rowCells = (row: Permission) => row.actions.map((action): [string, string] => [row.resource, action]);
  const columnCells = (action: string) =>
    rows.filter((row) => row.actions.includes(action)).map((row): [string, string] => [row.resource, action]);
  const state = (cells: [string, string][]) => {
    const on = cells.filter(([resource, action]) => has(resource, action)).length;
    return { checked: cells.length > 0 && on === cells.length, indeterminate: on > 0 && on < cells.length };
  };

  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={label} sx={{ "& td, & th": { py: 0, px: 0.5 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("app.permissions.resource_column")}</TableCell>
            {columns.map((action) => (
              <TableCell key={action} align="center">
                {actionLabel(action)}
              </TableCell>
            ))}
            <TableCell align="center">{translate("app.permissions.all")}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>
              <Typography variant="caption" color="text.secondary">
                {translate("app.permissions.all_resources")}
              </Typography>
            </TableCell>
            {columns.map((action) => {
              const cells = columnCells(action);
              return (
                <TableCell key={action} align="center">
                  <Checkbox
                    size="small"
                    {...state(cells)}
                    disabled={disabled}
                    onChange={(e) => set(cells, e.target.checked)}
                    slotProps={{ input: { "aria-label": translate("app.permissions.column_all", { action: actionLabel(action) }) } }}
                  />
                </TableCell>
              );
            })}
            <TableCell align="center">
              <Checkbox
                size="small"
                {...state(rows.flatMap(rowCells))}
                disabled={disabled}
                onChange={(e) => set(rows.flatMap(rowCells), e.target.checked)}
                slotProps={{ input: { "aria-label": translate("app.permissions.everything") } }}
              />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = resourceLabel(row.resource);
            return (
              <TableRow key={row.resource} hover>
                <TableCell component="th" scope="row">
                  {name}
                </TableCell>
                {columns.map((action) => (
                  <TableCell key={action} align="center">
                    {row.actions.includes(action) ? (
                      <Checkbox
                        size="small"
                        checked={has(row.resource, action)}
                        disabled={disabled}
                        onChange={(e) => set([[row.resource, action]], e.target.checked)}
                        slotProps={{ input: { "aria-label": `${name}: ${actionLabel(action)}` } }}
                      />
                    ) : (
                      <Typography component="span" color="text.disabled" aria-hidden>
                        –
                      </Typography>
                    )}
                  </TableCell>
                ))}
                <TableCell align="center">
                  <Checkbox
                    size="small"
                    {...state(rowCells(row))}
                    disabled={disabled}
                    onChange={(e) => set(rowCells(row), e.target.checked)}
                    slotProps={{ input: { "aria-label": translate("app.permissions.row_all", { resource: name }) } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
