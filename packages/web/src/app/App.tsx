import { QueryClientProvider } from "@tanstack/react-query";
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
export function App({ config }: { config: RuntimeConfig }) {
  return (
    <ErrorBoundary fallback={<ErrorPage />}>
      <RuntimeConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthEvents />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ToastProvider>
        </QueryClientProvider>
      </RuntimeConfigContext.Provider>
    </ErrorBoundary>
  );
}
