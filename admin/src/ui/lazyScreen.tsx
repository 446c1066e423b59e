import { lazy, Suspense, type ComponentType } from "react";
import { ScreenLoading } from "./FirstRows";

/** A screen whose code loads when it is first shown (`route`: the registry's), with its loading state meanwhile. */
export function lazyScreen(load: () => Promise<ComponentType>, route?: string): ComponentType {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading route={route} />}>
        <Screen />
      </Suspense>
    );
  };
}
