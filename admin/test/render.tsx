import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { saveSession } from "../src/providers/session";
import { Root } from "../src/Root";
import { fakeToken } from "./fakeGateway";

/** Signs in as `name` (a token valid for an hour unless told otherwise). */
export function signIn(name = "admin", expiresInSeconds = 3600, role = "admin") {
  saveSession(fakeToken({ name, role }, expiresInSeconds), name);
}

/** The whole app (public routes and the lazily loaded admin) at a path. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Root />
    </MemoryRouter>,
  );
}
