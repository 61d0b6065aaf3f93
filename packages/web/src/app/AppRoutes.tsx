import { Suspense, type ReactNode } from "react";
import { createRoutesFromElements, Route, useRoutes } from "react-router";
import { Header } from "../components/Header";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { Shell } from "../components/Shell";
import { lazyChunk } from "../lib/load-chunk";
import NotFoundPage from "../pages/NotFoundPage";
import { Guarded, loadQueryLayer } from "./lazy-scopes";
import { Redirect } from "./Redirect";
import { consoleRoutes, pageRoutes, redirects, type PageRoute } from "./routes";

/**
 * A route's element: its page as a lazy component. A page that reads data renders inside the query client's scope
 * (app/query-layer.tsx, loaded beside the page's own module, so neither waits for the other); a page marked
 * `queries: false` renders without it. A guarded page's module loads only once the guard allows it.
 */
function routeElement({ access, page, loginRedirectDelayMs, queries }: PageRoute): ReactNode {
  let Page;
  if (access === "public" && queries === false) Page = lazyChunk(page);
  else if (access === "public")
    Page = lazyChunk(async () => {
      const [{ default: Inner }, { QueryScope }] = await Promise.all([page(), loadQueryLayer()]);
      return {
        default: () => (
          <QueryScope>
            <Inner />
          </QueryScope>
        ),
      };
    });
  else {
    const Inner = lazyChunk(page);
    Page = () => (
      <Guarded access={access} loginRedirectDelayMs={loginRedirectDelayMs}>
        <Inner />
      </Guarded>
    );
  }
  return <Page />;
}

/** The staff console: one chunk of its own (ConsoleShell.tsx), loaded when a console address opens. */
const loadConsole = () => import("./ConsoleShell");
const ConsoleShell = lazyChunk(loadConsole);
const ConsoleRoutePage = lazyChunk(() => loadConsole().then(({ ConsoleRoutePage }) => ({ default: ConsoleRoutePage })));
const ConsoleNotFound = lazyChunk(() => loadConsole().then(({ ConsoleNotFound }) => ({ default: ConsoleNotFound })));

// Made once: a lazy component made during a render would load again and lose its state on every render.
const pageElements = pageRoutes.map((route) => ({ path: route.path, element: routeElement(route) }));

/**
 * The route table, the redirects and the 404, inside the shell; the staff console's pages inside its own frame. Made
 * once as route objects: `<Routes>` would rebuild them from its children on every render (a navigation, a search
 * parameter replaced), about as long as matching the address against them.
 */
const appRoutes = createRoutesFromElements(
  <>
    <Route element={<Shell />}>
      {pageElements.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
      {redirects.map(({ from, to }) => (
        <Route key={from} path={from} element={<Redirect to={to} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route
      element={
        // While the console's chunk loads: the header and a spinner, as the console's frame shows them itself.
        <Suspense
          fallback={
            <>
              <Header />
              <LoadingSpinner />
            </>
          }
        >
          <ConsoleShell />
        </Suspense>
      }
    >
      {consoleRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={<ConsoleRoutePage route={route} />} />
      ))}
      {/* Admin addresses that name no page yet: the console's own 404, for staff. */}
      <Route path="/admin/*" element={<ConsoleNotFound />} />
    </Route>
  </>,
);

export function AppRoutes() {
  return useRoutes(appRoutes);
}
