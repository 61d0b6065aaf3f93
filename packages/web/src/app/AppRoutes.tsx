import { lazy, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { Shell } from "../components/Shell";
import NotFoundPage from "../pages/NotFoundPage";
import { ConsoleShell } from "./ConsoleShell";
import { Guarded, loadQueryLayer } from "./lazy-scopes";
import { Redirect } from "./Redirect";
import { ConsoleNotFound, ConsolePage, consoleRoutes, pageRoutes, redirects, type ConsoleRoute, type PageRoute } from "./routes";

/**
 * A route's element: its page as a lazy component. A page that reads data renders inside the query client's scope
 * (app/query-layer.tsx, loaded beside the page's own module, so neither waits for the other); a page marked
 * `queries: false` renders without it. A guarded page's module loads only once the guard allows it.
 */
function routeElement({ access, page, loginRedirectDelayMs, queries }: PageRoute): ReactNode {
  let Page;
  if (access === "public" && queries === false) Page = lazy(page);
  else if (access === "public")
    Page = lazy(async () => {
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
    const Inner = lazy(page);
    Page = () => (
      <Guarded access={access} loginRedirectDelayMs={loginRedirectDelayMs}>
        <Inner />
      </Guarded>
    );
  }
  return <Page />;
}

/**
 * The console checks staff once for all its pages (ConsoleShell.tsx); an admin page checks admin itself and tells
 * other staff why they may not use it (ConsolePage.tsx).
 */
function consoleElement({ access, page }: ConsoleRoute) {
  return <ConsolePage name={page} adminOnly={access === "admin"} />;
}

// Made once: a lazy component made during a render would load again and lose its state on every render.
const pageElements = pageRoutes.map((route) => ({ path: route.path, element: routeElement(route) }));

/** The route table, the redirects and the 404, inside the shell; the staff console's pages inside its own frame. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {pageElements.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        {redirects.map(({ from, to }) => (
          <Route key={from} path={from} element={<Redirect to={to} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<ConsoleShell />}>
        {consoleRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={consoleElement(route)} />
        ))}
        {/* Admin addresses that name no page yet: the console's own 404, for staff. */}
        <Route path="/admin/*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  );
}
