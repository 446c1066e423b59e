import { Box, Button, Typography } from "@mui/material";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { Title, useCanAccess, useCanAccessResources, useResourceContext, useTranslate } from "react-admin";
import { allows, knownPermissions, type GrantOf } from "../providers/authProvider";
import type { Permission } from "../providers/permissions";
import { useScreens, type ScreenBook } from "./screens";
import { ScreenLoading } from "./FirstRows";

/** What an action on a screen needs: its GraphQL type's permission, or the one the screen names (`grantedBy`). */
export const grantsOf =
  ({ screenOf }: ScreenBook): GrantOf =>
  (resource, action) =>
    screenOf(resource).grantedBy ?? { type: screenOf(resource).type, action };

const allowedTo = (book: ScreenBook, permissions: Permission[], resource: string, action: string) => {
  const grant = grantsOf(book)(resource, action);
  return allows(permissions, grant.type, grant.action);
};

/** canAccess's answer when the page has the permissions already: given to react-admin as the query's initial data. */
function knownAccess(book: ScreenBook, resource: string | undefined, action: string): boolean | undefined {
  const permissions = knownPermissions();
  return permissions && resource ? allowedTo(book, permissions, resource, action) : undefined;
}

/**
 * Whether the signed-in user may do `action` (react-admin's: list, create,
 * edit, delete, export; or the gateway's: chain...) on `resource` (the
 * screen's own unless told): false until the answer is known, so nothing
 * is shown that the user may not use.
 */
export function useAllowed(action: string, resource?: string): boolean {
  return useAccess(action, resource) === true;
}

/** Like useAllowed, but undefined while the answer is not known. */
export function useAccess(action: string, resource?: string): boolean | undefined {
  const target = useResourceContext({ resource });
  const book = useScreens();
  const { canAccess, isPending } = useCanAccess({ action, resource: target, initialData: knownAccess(book, target, action) });
  return isPending ? undefined : canAccess === true;
}

/** Which of `resources` the user may read (none until known): the sidebar's and the dashboard's links. */
export function useReadable(resources: string[]): (resource: string) => boolean {
  const permissions = knownPermissions();
  const book = useScreens();
  const initialData = permissions && Object.fromEntries(resources.map((r) => [r, allowedTo(book, permissions, r, "list")]));
  const { canAccess } = useCanAccessResources({ action: "list", resources, initialData });
  return (resource) => canAccess?.[resource] === true;
}

/** Its children only when the user may do `action` (on the screen's resource unless told). */
export function Allowed({ action, resource, children }: { action: string; resource?: string; children: ReactNode }) {
  return useAllowed(action, resource) ? <>{children}</> : null;
}

/** The page of a route the user's role does not allow (react-admin's accessDenied, and a guarded screen's). */
export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 4, textAlign: "center" }}>
      <Title title="app.access_denied.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate("app.access_denied.title")}
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        {translate("app.access_denied.text")}
      </Typography>
      <Button component={RouterLink} to="/Dashboard" variant="contained">
        {translate("app.not_found.back_dashboard")}
      </Button>
    </Box>
  );
}

/**
 * A resource's screen, or the forbidden page when the user may not read it
 * (or, at /<route>/create, add to it); nothing is asked of the gateway then.
 * The screen's code (`preload`) loads while the answer is awaited.
 */
export function guarded(Screen: ComponentType, preload?: () => Promise<unknown>): ComponentType {
  return function GuardedScreen() {
    useEffect(() => void preload?.(), []);
    const resource = useResourceContext();
    const { "*": rest = "" } = useParams();
    const action = rest.split("/")[0] === "create" ? "create" : "list";
    const book = useScreens();
    const { canAccess, isPending } = useCanAccess({ action, resource, initialData: knownAccess(book, resource, action) });
    if (isPending) return <ScreenLoading route={resource} />;
    return canAccess ? <Screen /> : <AccessDenied />;
  };
}
