import type { ReactNode } from "react";
import { Layout as RaLayout } from "react-admin";
import { AppBar } from "./AppBar";
import { Menu } from "./Menu";
import { SessionWatcher } from "./SessionWatcher";
import { TwoFactorGate } from "./TwoFactorGate";

/**
 * react-admin's layout grows to its widest content (minWidth: fit-content), so
 * one wide table pushed the whole page sideways on a phone. Here the page keeps
 * the viewport's width and a list's table scrolls inside its own box.
 */
const fitViewport = {
  minWidth: 0,
  "& .RaLayout-content, & .RaList-main": { minWidth: 0 },
  "& .RaTopToolbar-root": { flexWrap: "wrap" },
  "& .RaDataTable-tableWrapper": { overflowX: "auto" },
} as const;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu} sx={fitViewport}>
      {children}
      <SessionWatcher />
      <TwoFactorGate />
    </RaLayout>
  );
}
