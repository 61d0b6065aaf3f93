import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { useRefreshUserOnAuthEvents } from "../auth/auth-events";
import { handleUnauthorized } from "../auth/unauthorized";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { ErrorPage } from "../components/ErrorScreen";
import { RuntimeConfigContext } from "../config/config-context";
import type { RuntimeConfig } from "../config/runtime-config";
import { createQueryClient } from "../lib/query-client";
import { ToastProvider } from "../toast/ToastProvider";
import { AppRoutes } from "./AppRoutes";

const queryClient = createQueryClient(handleUnauthorized);

function AuthEvents() {
  useRefreshUserOnAuthEvents();
  return null;
}

// Declarative routing (not a data router): TanStack Query does the loading, and it keeps ~17 KB gzip off the landing page.
// `Router` is the browser's; the build's prerender (src/prerender.tsx) passes a StaticRouter at one path.
export function App({ config, Router = BrowserRouter }: { config: RuntimeConfig; Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <ErrorBoundary fallback={<ErrorPage />}>
      <RuntimeConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthEvents />
            <Router>
              <AppRoutes />
            </Router>
          </ToastProvider>
        </QueryClientProvider>
      </RuntimeConfigContext.Provider>
    </ErrorBoundary>
  );
}
