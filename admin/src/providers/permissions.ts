import type { MeQuery } from "../gql/graphql";

/**
 * What the signed-in user may do, as the gateway sends it with `me { permissions }`:
 * actions per resource (the GraphQL type name). The admin reads it through
 * react-admin's access control (authProvider.canAccess); the gateway checks
 * every request again, so this only decides what is shown.
 */
export type Permission = NonNullable<MeQuery["me"]>["permissions"][number];

/** react-admin's actions in the gateway's words; the gateway's own (read, update, export, chain...) pass as they are. */
const ACTION_OF: Record<string, string> = { list: "read", show: "read", edit: "update", clone: "create" };

const gatewayAction = (action: string) => ACTION_OF[action] ?? action;

/** Whether `permissions` grant `action` (react-admin's or the gateway's word) on the GraphQL type `type`. */
export function permits(permissions: readonly Permission[] | null, type: string, action: string): boolean {
  const wanted = gatewayAction(action);
  return Boolean(permissions?.some((p) => p.resource === type && p.actions.includes(wanted)));
}
