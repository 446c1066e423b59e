import ExitToAppIcon from "@mui/icons-material/ExitToApp";
import { ListItemIcon, ListItemText, MenuItem } from "@mui/material";
import { Menu as RaMenu, useLogout, useSidebarState, useTranslate } from "react-admin";
import { SCREENS } from "../registry";
import { useReadable } from "../ui/access";

/** The sidebar of SPEC section 2: the registry's menu entries, linked in lower case. */
const MENU = SCREENS.flatMap(({ route, icon: Icon, menu }) =>
  menu ? [{ route, to: `/${route.toLowerCase()}`, label: menu.label, icon: Icon && <Icon /> }] : [],
);
const ROUTES = MENU.map((entry) => entry.route);

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

/** The entries the user's role may read (the Admin, Sign-ins and Activity entries: whoever may read users, sign-ins, audit events). */
export function Menu() {
  const readable = useReadable(ROUTES);
  return (
    <RaMenu>
      {MENU.filter((entry) => readable(entry.route)).map((entry) => (
        <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
      ))}
      <LogoutItem />
    </RaMenu>
  );
}
