import type { ReactNode } from "react";
import { Layout as RaLayout } from "react-admin";
import { AppBar } from "./AppBar";
import { Menu } from "./Menu";
import { SessionWatcher } from "./SessionWatcher";
import { TwoFactorGate } from "./TwoFactorGate";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
      <SessionWatcher />
      <TwoFactorGate />
    </RaLayout>
  );
}
