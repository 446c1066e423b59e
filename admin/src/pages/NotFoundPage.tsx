import { Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { translate } from "../i18n";
import { activeSession } from "../providers/session";
import { PublicShell } from "./PublicShell";

/** The catch-all screen: 'Not Found', with a way back. */
export default function NotFoundPage() {
  const signedIn = activeSession() !== null;
  return (
    <PublicShell title={translate("app.not_found.title")}>
      <Typography sx={{ mb: 3 }}>{translate("app.not_found.text")}</Typography>
      <Button component={RouterLink} to={signedIn ? "/Dashboard" : "/login"} variant="contained">
        {translate(signedIn ? "app.not_found.back_dashboard" : "app.not_found.back_login")}
      </Button>
    </PublicShell>
  );
}
