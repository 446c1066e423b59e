import { lazy, Suspense, type ComponentType } from "react";
import { LoadingScreen } from "./LoadingScreen";

/** A screen whose code loads when it is first shown, with the loading screen meanwhile. */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LazyScreen() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}
