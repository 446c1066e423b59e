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
  if (!styled) {
    cache.sheet.insert = () => undefined;
    // <Global> styles (CssBaseline, each text field's autofill keyframes, the print view's rules) go to sheets of their
    // own, made with the cache's sheet class: unstyled too. Each inserted sheet changed the document, so that the next
    // field's <Global> searched the whole document again for its style tag (the 250-row whitelist: 500 of them).
    const Sheet = cache.sheet.constructor as new (options: object) => typeof cache.sheet;
    Object.defineProperty(cache.sheet, "constructor", {
      value: class extends Sheet {
        insert() {}
      },
    });
  }
  return render(
    <CacheProvider value={cache}>
      <MemoryRouter initialEntries={[path]}>
        <Root />
        <LocationProbe />
      </MemoryRouter>
    </CacheProvider>,
  );
}
