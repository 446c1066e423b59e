import { useMemo } from "react";
import { Route } from "react-router-dom";
import { Admin, Authenticated, CustomRoutes, Resource, type DataProvider } from "react-admin";
import { adminI18nProvider } from "./i18n/admin";
import { Layout } from "./layout/Layout";
import { Notification } from "./layout/Notification";
import { NotFoundInLayout } from "./pages/NotFoundInLayout";
import { authProvider, canAccessThrough } from "./providers/authProvider";
import { createDataProvider } from "./providers/dataProvider";
import { SCREEN_BOOK, SCREENS } from "./registry";
import { darkThemeOptions, lightThemeOptions } from "./theme";
import { AccessDenied, grantsOf, guarded } from "./ui/access";
import { lazyScreen } from "./ui/lazyScreen";

// Made once, so that a screen keeps its loaded code between renders.
const pages = SCREENS.flatMap(({ route, page, withId }) => (page ? [{ route, withId, Page: lazyScreen(page) }] : []));
const resources = SCREENS.flatMap(({ route, type, list, icon, recordRepresentation }) =>
  type ? [{ route, icon, recordRepresentation, List: list && guarded(lazyScreen(list, route), list) }] : [],
);

/** The admin's texts, each screen's own among them. */
const i18nProvider = adminI18nProvider(SCREENS);

/** The session's permissions answer react-admin's access control; the registry names each resource's GraphQL type. */
const accessProvider = { ...authProvider, canAccess: canAccessThrough(grantsOf(SCREEN_BOOK)) };

/**
 * Everything behind sign-in (Root lets only a valid session in; every screen
 * checks it again, so a token that expires meanwhile signs the user out).
 * Its pages and resources are the rows of registry.ts.
 */
export default function App({ dataProvider }: { dataProvider?: DataProvider }) {
  const provider = useMemo(() => dataProvider ?? createDataProvider(SCREEN_BOOK.screenOf), [dataProvider]);
  return (
    <Admin
      dataProvider={provider}
      authProvider={accessProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      notification={Notification}
      catchAll={NotFoundInLayout}
      accessDenied={AccessDenied}
      loginPage={false}
      theme={lightThemeOptions}
      darkTheme={darkThemeOptions}
      title="app.title"
      disableTelemetry
    >
      <CustomRoutes>
        {pages.flatMap(({ route, withId, Page }) =>
          (withId ? [route, `${route}/:id`] : [route]).map((path) => (
            <Route
              key={path}
              path={`/${path}`}
              element={
                <Authenticated>
                  <Page />
                </Authenticated>
              }
            />
          )),
        )}
      </CustomRoutes>
      {resources.map(({ route, icon, recordRepresentation, List }) => (
        <Resource key={route} name={route} list={List} icon={icon} recordRepresentation={recordRepresentation} />
      ))}
    </Admin>
  );
}
