import ExitToAppIcon from "@mui/icons-material/ExitToApp";
import { ListItemIcon, ListItemText, MenuItem } from "@mui/material";
import { Menu as RaMenu, useLogout, useSidebarState, useTranslate } from "react-admin";
import { isAdminName } from "../providers/session";
import { SCREENS } from "../registry";

/** The sidebar of SPEC section 2: the registry's menu entries, linked in lower case. */
const MENU = SCREENS.flatMap(({ route, icon: Icon, menu }) =>
  menu ? [{ to: `/${route.toLowerCase()}`, label: menu.label, icon: Icon && <Icon />, onlyForAdmin: menu.onlyForAdmin }] : [],
);

function LogoutItem() {
  const logout = useLogout();
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <MenuItem onClick={() => logout()} sx={{ color: "text.secondary" }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <ExitToAppIcon fontSize="small" />
      </ListItemIcon>
      {open && <ListItemText>{translate("app.menu.logout")}</ListItemText>}
    </MenuItem>
  );
}

export function Menu() {
  const admin = isAdminName();
  return (
    <RaMenu>
      {MENU.filter((entry) => !entry.onlyForAdmin || admin).map((entry) => (
        <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
      ))}
      <LogoutItem />
    </RaMenu>
  );
}
