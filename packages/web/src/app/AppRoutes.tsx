import { Route, Routes } from "react-router";
import { AccessGuard } from "../auth/AccessGuard";
import { Shell } from "../components/Shell";
import NotFoundPage from "../pages/NotFoundPage";
import { Redirect } from "./Redirect";
import { pageRoutes, redirects, type PageRoute } from "./routes";

function element({ access, page: Page, loginRedirectDelayMs }: PageRoute) {
  return access === "public" ? (
    <Page />
  ) : (
    <AccessGuard access={access} loginRedirectDelayMs={loginRedirectDelayMs}>
      <Page />
    </AccessGuard>
  );
}

/** The route table, the redirects and the 404, inside the shell. */
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
    </Routes>
  );
}
