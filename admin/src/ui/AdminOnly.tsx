import { Box, Button, Typography } from "@mui/material";
import type { ComponentType } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Title, usePermissions, useTranslate } from "react-admin";
import { LoadingScreen } from "./LoadingScreen";

/** Whether the signed-in user is an administrator (the role in their session token; the gateway checks it again). */
export function useIsAdmin(): { isAdmin: boolean; isPending: boolean } {
  const { permissions, isPending } = usePermissions();
  return { isAdmin: permissions === "admin", isPending };
}

/** What a non-administrator sees on an administrators' screen, instead of a list they may not read. */
function AdminOnlyPage({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 4, textAlign: "center" }}>
      <Title title={message} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(message)}
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        {translate("app.admin_only.text")}
      </Typography>
      <Button component={RouterLink} to="/Dashboard" variant="contained">
        {translate("app.not_found.back_dashboard")}
      </Button>
    </Box>
  );
}

/** The screen for administrators; others get `message` (i18n key) and nothing is asked of the gateway. */
export function adminOnly(Screen: ComponentType, message: string): ComponentType {
  return function AdminOnlyScreen() {
    const { isAdmin, isPending } = useIsAdmin();
    if (isPending) return <LoadingScreen />;
    return isAdmin ? <Screen /> : <AdminOnlyPage message={message} />;
  };
}
