import ExitToAppIcon from "@mui/icons-material/ExitToApp";
import { Box, Button, ListItemIcon, ListItemText, MenuItem, useMediaQuery, type Theme } from "@mui/material";
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, ToggleThemeButton, UserMenu, useLogout, useTranslate } from "react-admin";
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

/** Below 600 px: 'Logout (name)' in react-admin's user menu ('Account'), so the title keeps the bar's width. */
function PhoneUserMenu() {
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <UserMenu label="app.auth.user_menu">
      <MenuItem onClick={() => logout()}>
        <ListItemIcon>
          <ExitToAppIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate("app.auth.logout_name", { name: displayName() })}</ListItemText>
      </MenuItem>
    </UserMenu>
  );
}

/**
 * Top bar: sidebar toggle (react-admin's), logo, page title, theme toggle, loading state, logout. On a phone the
 * logout moves into a user menu and a long title wraps onto a second line rather than being cut.
 */
export function AppBar() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <RaAppBar
      userMenu={phone ? <PhoneUserMenu /> : false}
      toolbar={
        <>
          <ToggleThemeButton />
          <LoadingIndicator aria-label={translate("ra.page.loading")} />
          {!phone && <LogoutNameButton />}
        </>
      }
    >
      <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32, mr: 1.5 }} />
      <TitlePortal sx={{ whiteSpace: { xs: "normal", sm: "nowrap" }, fontSize: { xs: "1rem", sm: undefined }, lineHeight: { xs: 1.2 } }} />
    </RaAppBar>
  );
}
