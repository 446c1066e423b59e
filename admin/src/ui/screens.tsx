import { createContext, useContext, type ReactNode } from "react";
import type { Screen } from "../screen";

/**
 * The registry's screens (registry.ts), as the code below Root looks them up. Root reads the registry and hands it
 * down here, so that no screen, list or form imports the registry that loads it.
 */
export interface ScreenBook {
  screens: readonly Screen[];
  /** The screen of a route; a name that is no route here is a GraphQL type name already. */
  screenOf(resource: string): Screen;
}

export function bookOf(screens: readonly Screen[]): ScreenBook {
  const byRoute = new Map(screens.map((screen) => [screen.route, screen]));
  return { screens, screenOf: (resource) => byRoute.get(resource) ?? { route: resource, type: resource } };
}

const ScreensContext = createContext<ScreenBook>(bookOf([]));

export function ScreensProvider({ book, children }: { book: ScreenBook; children: ReactNode }) {
  return <ScreensContext.Provider value={book}>{children}</ScreensContext.Provider>;
}

/** The screens Root was given. */
export const useScreens = (): ScreenBook => useContext(ScreensContext);
