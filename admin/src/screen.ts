import type { SvgIconComponent } from "@mui/icons-material";
import type { ComponentType } from "react";
import type { ListTable } from "./ui/columns";

/** Texts by key, nested as the i18n catalogue holds them. */
export type Labels = { [key: string]: string | Labels };

/** A screen's texts by language (English only today). */
export interface ScreenLabels {
  en: Labels;
}

/** A screen's code, loaded when the screen is first opened (so /login stays light). */
type Load = () => Promise<ComponentType>;

/**
 * One row per screen behind sign-in (registry.ts). `<Resource>`s and custom
 * routes (App.tsx), the data provider's GraphQL types (providers/dataProvider.ts),
 * the known paths (routes.ts), the sidebar (layout/Menu.tsx) and the
 * dashboard (pages/Dashboard.tsx) are all read from the registry's rows, which
 * Root hands down (ui/screens.tsx).
 */
export interface Screen {
  /**
   * The screen's route (its first path segment), also the
   * react-admin resource name and the i18n branch `resources.<route>`. Paths
   * match without regard to case, so /home, /setting, ... reach it too.
   */
  route: string;
  /** The GraphQL type a resource reads and writes; its screens live in resources/<type>/. Custom pages have none. */
  type?: string;
  /** Always part of the list filter. */
  filter?: Record<string, unknown>;
  /** Always part of what is created. */
  defaults?: Record<string, unknown>;
  /** The list screen of a resource (none: reached only through another screen's dialog). */
  list?: Load;
  /**
   * The list's value columns and default order (resources/<type>/table.ts), when they are plain data: a phone's deep
   * link then shows the first page's rows at once, drawn by the shell before the admin's code has loaded.
   */
  table?: ListTable;
  /** A custom page (pages/), not a resource. */
  page?: Load;
  /** The page also answers /<route>/:id. */
  withId?: boolean;
  /**
   * The screen's texts, the branch `resources.<route>` of the catalogue, by language (resources/<type>/labels.ts):
   * they sit beside the screen's code, and the admin's catalogue takes them in from here.
   */
  labels?: ScreenLabels;
  recordRepresentation?: string;
  icon?: SvgIconComponent;
  /**
   * Its sidebar entry (linked in lower case, as the original sidebar is): i18n key of the label. Like the
   * dashboard's link and the screen itself, it shows only to users whose role may read the type.
   */
  menu?: {
    label: string;
    /**
     * The route of the entry whose group it joins: the sidebar lists it under that entry, which then
     * opens and closes the group (and is listed in it first). Landing's group holds every landing screen.
     */
    group?: string;
  };
  /** The permission that opens the screen when it is not its type's own (as the gateway decides who sees everyone's rows). */
  grantedBy?: { type: string; action: string };
  /** A count card (`card`) or a link chip under 'More' on the dashboard; `path` when the original dashboard spells the link otherwise. */
  dashboard?: { label: string; card?: boolean; path?: string };
}
