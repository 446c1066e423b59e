import { lazy, Suspense } from "react";
import { LoadingScreen } from "../../ui/LoadingScreen";

/** The blocklist acts through the wallet: its screen (and the chain layer) loads when opened. */
const BlocklistScreen = lazy(() => import("./BlocklistScreen"));

export function BlocklistList() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <BlocklistScreen />
    </Suspense>
  );
}
