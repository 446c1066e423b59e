import { Box, Button } from "@mui/material";
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, ToggleThemeButton, useLogout, useTranslate } from "react-admin";
import { displayName } from "../providers/session";

/** 'Logout (name)', with the stored name or 'Admin'. */
function LogoutNameButton() {
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <Button color="inherit" onClick={() => logout()} sx={{ textTransform: "none", ml: 1 }}>
      {translate("app.auth.logout_name", { name: displayName() })}
    </Button>
  );
}

/** Top bar: sidebar toggle (react-admin's), logo, page title, theme toggle, loading state, logout. */
export function AppBar() {
  return (
    <RaAppBar
      userMenu={false}
      toolbar={
        <>
          <ToggleThemeButton />
          <LoadingIndicator />
          <LogoutNameButton />
        </>
      }
    >
      <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32, mr: 1.5 }} />
      <TitlePortal />
    </RaAppBar>
  );
}
