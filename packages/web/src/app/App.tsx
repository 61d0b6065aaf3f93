import type { ComponentType, ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { ErrorPage } from "../components/ErrorScreen";
import { RuntimeConfigContext } from "../config/config-context";
import type { RuntimeConfig } from "../config/runtime-config";
import { ToastProvider } from "../toast/ToastProvider";
import { AppRoutes } from "./AppRoutes";

// Declarative routing (not a data router): TanStack Query does the loading, and it keeps ~17 KB gzip off the landing page.
// TanStack Query itself is not here: its client and provider (app/query-layer.tsx) load with the pages that read
// data and with the header's account area (AppRoutes.tsx, components/Header.tsx), never on the landing page's first load.
// `Router` is the browser's; the build's prerender (src/prerender.tsx) passes a StaticRouter at one path.
export function App({ config, Router = BrowserRouter }: { config: RuntimeConfig; Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <ErrorBoundary fallback={<ErrorPage />}>
      <RuntimeConfigContext.Provider value={config}>
        <ToastProvider>
          <Router>
            <AppRoutes />
          </Router>
        </ToastProvider>
      </RuntimeConfigContext.Provider>
    </ErrorBoundary>
  );
}
