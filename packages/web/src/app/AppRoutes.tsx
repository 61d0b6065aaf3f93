import { Route, Routes } from "react-router";
import { AccessGuard } from "../auth/AccessGuard";
import { Shell } from "../components/Shell";
import NotFoundPage from "../pages/NotFoundPage";
import { ConsoleShell } from "./ConsoleShell";
import { Redirect } from "./Redirect";
import { ConsoleNotFound, consoleRoutes, pageRoutes, redirects, type ConsoleRoute, type PageRoute } from "./routes";

function element({ access, page: Page, loginRedirectDelayMs }: PageRoute) {
  return access === "public" ? (
    <Page />
  ) : (
    <AccessGuard access={access} loginRedirectDelayMs={loginRedirectDelayMs}>
      <Page />
    </AccessGuard>
  );
}

/** The console checks staff once for all its pages; an admin page checks admin again. */
function consoleElement({ access, page: Page }: ConsoleRoute) {
  return access === "admin" ? (
    <AccessGuard access="admin">
      <Page />
    </AccessGuard>
  ) : (
    <Page />
  );
}

/** The route table, the redirects and the 404, inside the shell; the staff console's pages inside its own frame. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
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
