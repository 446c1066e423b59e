import ArticleIcon from "@mui/icons-material/Article";
import BlockIcon from "@mui/icons-material/Block";
import DashboardIcon from "@mui/icons-material/Dashboard";
import LoginIcon from "@mui/icons-material/Login";
import SecurityIcon from "@mui/icons-material/Security";
import DescriptionIcon from "@mui/icons-material/Description";
import ExitToAppIcon from "@mui/icons-material/ExitToApp";
import NewspaperIcon from "@mui/icons-material/Newspaper";
import PeopleIcon from "@mui/icons-material/People";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import WebIcon from "@mui/icons-material/Web";
import { ListItemIcon, ListItemText, MenuItem } from "@mui/material";
import type { ReactElement } from "react";
import { Menu as RaMenu, useLogout, useSidebarState, useTranslate } from "react-admin";
import { isAdminName } from "../providers/session";

interface Entry {
  to: string;
  label: string;
  icon: ReactElement;
  onlyForAdmin?: boolean;
}

/** The sidebar of SPEC section 2, with its lower-case links. */
export const MENU: Entry[] = [
  { to: "/dashboard", label: "app.menu.dashboard", icon: <DashboardIcon /> },
  { to: "/users", label: "app.menu.admin", icon: <PeopleIcon />, onlyForAdmin: true },
  { to: "/launchpad", label: "app.menu.launchpad", icon: <RocketLaunchIcon /> },
  { to: "/blocklist", label: "app.menu.blocklist", icon: <BlockIcon /> },
  { to: "/home", label: "app.menu.landing", icon: <WebIcon /> },
  { to: "/news", label: "app.menu.news", icon: <NewspaperIcon /> },
  { to: "/newsdescription", label: "app.menu.news_description", icon: <DescriptionIcon /> },
  { to: "/articles", label: "app.menu.latest_articles", icon: <ArticleIcon /> },
  { to: "/transactions", label: "app.menu.transactions", icon: <ReceiptLongIcon /> },
  { to: "/signins", label: "app.menu.sign_ins", icon: <LoginIcon />, onlyForAdmin: true },
  { to: "/security", label: "app.menu.security", icon: <SecurityIcon /> },
];

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
      {MENU.filter((e) => !e.onlyForAdmin || admin).map((e) => (
        <RaMenu.Item key={e.to} to={e.to} primaryText={e.label} leftIcon={e.icon} />
      ))}
      <LogoutItem />
    </RaMenu>
  );
}
