import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { saveSession } from "../../src/providers/session";
import { Root } from "../../src/Root";
import { fakeToken } from "./fakeGateway";
import { STYLES } from "./styles";

/** Signs in as `name` (a token valid for an hour unless told otherwise). */
export function signIn(name = "admin", expiresInSeconds = 3600, role = "admin") {
  saveSession(fakeToken({ name, role }, expiresInSeconds), name);
}

/** Where the rendered app is now (what the address bar would show). */
export const shownLocation = { pathname: "", search: "" };

function LocationProbe() {
  const { pathname, search } = useLocation();
  Object.assign(shownLocation, { pathname, search });
  return null;
}

/**
 * The whole app (public routes and the lazily loaded admin) at a path. Unstyled unless `styled` (test/support/styles.ts says
 * why): a test that reads a computed style asks for the style sheets.
 */
export function renderApp(path: string, { styled = false } = {}) {
  const cache = createCache({ key: STYLES });
  if (!styled) cache.sheet.insert = () => undefined;
  return render(
    <CacheProvider value={cache}>
      <MemoryRouter initialEntries={[path]}>
        <Root />
        <LocationProbe />
      </MemoryRouter>
    </CacheProvider>,
  );
}
