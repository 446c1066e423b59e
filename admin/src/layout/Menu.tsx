import ExitToAppIcon from "@mui/icons-material/ExitToApp";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { ListItemIcon, ListItemText, MenuItem } from "@mui/material";
import { useMemo, type KeyboardEvent, type ReactNode } from "react";
import { matchPath, useLocation, useMatch } from "react-router-dom";
import { Menu as RaMenu, useLogout, useSidebarState, useStore, useTranslate } from "react-admin";
import { useReadable } from "../ui/access";
import { useScreens } from "../ui/screens";
import type { Screen } from "../screen";

interface Entry {
  route: string;
  to: string;
  label: string;
  icon?: ReactNode;
}

/** The sidebar: the registry's menu entries, linked in lower case. */
function menuOf(screens: readonly Screen[]) {
  const entries = screens.flatMap(({ route, icon: Icon, menu }) =>
    menu ? [{ route, to: `/${route.toLowerCase()}`, label: menu.label, icon: Icon && <Icon />, group: menu.group }] : [],
  );
  return {
    routes: entries.map((entry) => entry.route),
    /** The top-level entries in registry order, each with the entries of its group (itself first) when others join it. */
    menu: entries
      .filter((entry) => !entry.group)
      .map(({ group: _, ...entry }) => {
        const members = entries.filter((other) => other.group === entry.route);
        return { ...entry, members: members.length ? [entry, ...members] : [] };
      }),
  };
}

/** A link of the menu; the one of the screen shown says so to assistive technology (aria-current). */
function Item({ entry, indent }: { entry: Entry; indent?: number }) {
  const current = useMatch({ path: entry.to, end: false });
  return (
    <RaMenu.Item
      to={entry.to}
      primaryText={entry.label}
      leftIcon={entry.icon}
      aria-current={current ? "page" : undefined}
      sx={indent ? { pl: indent } : undefined}
    />
  );
}

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

/**
 * An entry that opens and closes its group (Enter, Space or a click; → opens, ← closes). Its
 * entries follow it in the menu itself, so the arrow keys move through them as through the others.
 * Open it stays as left (remembered in react-admin's store); until then, open when one of its screens is shown.
 */
function Group({ entry, members }: { entry: Entry; members: Entry[] }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const [stored, setStored] = useStore<boolean | undefined>(`menu.${entry.route}.open`, undefined);
  const current = members.some((member) => matchPath({ path: member.to, end: false }, pathname));
  const open = stored ?? current;
  const label = translate(entry.label);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      setStored(event.key === "ArrowRight");
    }
  };
  return (
    <>
      <MenuItem
        aria-expanded={open}
        aria-label={label}
        onClick={() => setStored(!open)}
        onKeyDown={onKeyDown}
        sx={{ color: "text.secondary" }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
        {sidebarOpen && <ListItemText>{label}</ListItemText>}
        {sidebarOpen && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
      </MenuItem>
      {open && members.map((member) => <Item key={member.to} entry={member} indent={sidebarOpen ? 4 : 2} />)}
    </>
  );
}

/**
 * The entries the user's role may read (the Admin, Sign-ins and Activity entries: whoever may read users, sign-ins,
 * audit events); a group shows when two or more of its entries may be read, else its one entry as any other.
 */
export function Menu() {
  const { screens } = useScreens();
  const { routes, menu } = useMemo(() => menuOf(screens), [screens]);
  const readable = useReadable(routes);
  return (
    <RaMenu>
      {menu.map(({ members, ...entry }) => {
        const shown = members.filter((member) => readable(member.route));
        if (shown.length > 1) return <Group key={entry.to} entry={entry} members={shown} />;
        const only = shown[0] ?? (readable(entry.route) ? entry : undefined);
        return only && <Item key={only.to} entry={only} />;
      })}
      <LogoutItem />
    </RaMenu>
  );
}
