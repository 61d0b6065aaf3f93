import { Suspense, useLayoutEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ErrorBoundary } from "./ErrorBoundary";
import { ErrorScreen } from "./ErrorScreen";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LoadingSpinner } from "./LoadingSpinner";

/** Header, the current page, footer. A page that fails shows the error screen in place; moving on clears it. */
export function Shell() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // A block body on purpose: Chromium's scrollTo now returns a promise, which React would call as a clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <ErrorBoundary key={pathname} fallback={<ErrorScreen />}>
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
