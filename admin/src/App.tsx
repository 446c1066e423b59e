import { lazy, Suspense, useMemo } from "react";
import { Route } from "react-router-dom";
import { Admin, Authenticated, CustomRoutes, Resource, type DataProvider } from "react-admin";
import { adminI18nProvider as i18nProvider } from "./i18n/admin";
import { Layout } from "./layout/Layout";
import { Notification } from "./layout/Notification";
import { ChainPlaceholder } from "./pages/ChainPlaceholder";
import Dashboard from "./pages/Dashboard";
import { NotFoundInLayout } from "./pages/NotFoundInLayout";
import { authProvider } from "./providers/authProvider";
import { createDataProvider } from "./providers/dataProvider";
import about from "./resources/about";
import { ARTICLE_IMAGE_SLOTS, articleImagesResource } from "./resources/articleImages";
import articles from "./resources/articles";
import blocklist from "./resources/blocklist";
import chainTransactions from "./resources/chainTransactions";
import contact from "./resources/contact";
import farms from "./resources/farms";
import featureDescriptions from "./resources/featureDescriptions";
import features from "./resources/features";
import homeImage from "./resources/homeImage";
import homePage from "./resources/homePage";
import landing from "./resources/landing";
import launchpad from "./resources/launchpad";
import news from "./resources/news";
import newsDescriptions from "./resources/newsDescriptions";
import roadmap from "./resources/roadmap";
import settings from "./resources/settings";
import signIns from "./resources/signIns";
import users from "./resources/users";
import { PAGE_PATHS } from "./routes";
import { darkThemeOptions, lightThemeOptions } from "./theme";
import { LoadingScreen } from "./ui/LoadingScreen";

/** ManageSale brings the wallet and chain layer: loaded only when opened. */
const ManageSale = lazy(() => import("./pages/ManageSale"));
const SecurityPage = lazy(() => import("./pages/SecurityPage"));
const manageSale = (
  <Authenticated>
    <Suspense fallback={<LoadingScreen />}>
      <ManageSale />
    </Suspense>
  </Authenticated>
);

/**
 * Everything behind sign-in (Root lets only a valid session in; every screen
 * checks it again, so a token that expires meanwhile signs the user out).
 * Resource names are the routes of SPEC section 2
 * (matched without regard to case); each maps to its GraphQL type in
 * providers/resourceTypes.ts.
 */
export default function App({ dataProvider }: { dataProvider?: DataProvider }) {
  const provider = useMemo(() => dataProvider ?? createDataProvider(), [dataProvider]);
  return (
    <Admin
      dataProvider={provider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      notification={Notification}
      catchAll={NotFoundInLayout}
      loginPage={false}
      theme={lightThemeOptions}
      darkTheme={darkThemeOptions}
      title="app.title"
      disableTelemetry
    >
      <CustomRoutes>
        <Route path={PAGE_PATHS.dashboard} element={<Authenticated><Dashboard /></Authenticated>} />
        <Route path={PAGE_PATHS.stake} element={<Authenticated><ChainPlaceholder title="app.chain.stake" /></Authenticated>} />
        <Route path={PAGE_PATHS.manageSale} element={manageSale} />
        <Route path={`${PAGE_PATHS.manageSale}/:id`} element={manageSale} />
        <Route
          path={PAGE_PATHS.security}
          element={
            <Authenticated>
              <Suspense fallback={<LoadingScreen />}>
                <SecurityPage />
              </Suspense>
            </Authenticated>
          }
        />
      </CustomRoutes>
      <Resource name="Users" {...users} />
      <Resource name="About" {...about} />
      <Resource name="Feature" {...features} />
      <Resource name="featruedes" {...featureDescriptions} />
      <Resource name="Roadmap" {...roadmap} />
      <Resource name="Farms" {...farms} />
      <Resource name="Home" {...landing} />
      <Resource name="Homeimage" {...homeImage} />
      <Resource name="Homepages" {...homePage} />
      <Resource name="Setting" {...settings} />
      <Resource name="News" {...news} />
      <Resource name="Newsdescription" {...newsDescriptions} />
      <Resource name="ContactUs" {...contact} />
      <Resource name="Articles" {...articles} />
      {ARTICLE_IMAGE_SLOTS.map((slot) => (
        <Resource key={slot} {...articleImagesResource(slot)} />
      ))}
      <Resource name="LaunchPad" {...launchpad} />
      <Resource name="blocklist" {...blocklist} />
      <Resource name="transactions" {...chainTransactions} />
      <Resource name="signins" {...signIns} />
      <Resource name="IpWhitelist" />
    </Admin>
  );
}
