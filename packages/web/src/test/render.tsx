import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import type { CurrentUser } from "@regrip/core/shared/users";
import { createToastStore } from "../toast/toast-store";
import { ToastProvider } from "../toast/ToastProvider";

export function customer(partial: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "u1",
    firstName: "Casey",
    lastName: "Dink",
    email: "casey@regrip.test",
    phone: null,
    phoneVerified: false,
    profileImageUrl: null,
    smsNotifications: true,
    smsPromotions: true,
    emailNotifications: true,
    emailPromotions: true,
    roles: ["CUSTOMER"],
    defaultPrefs: null,
    authenticator: false,
    authenticatorRequired: false,
    ...partial,
  };
}

interface Call {
  method: string;
  path: string;
  /** The query string, without its "?" ("" for none). */
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** A fake API: `"METHOD /path"` (query string ignored) to a handler; every call is recorded. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const [path, query = ""] = url.split("?");
      const call = { method, path, query, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body, headers: (init.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      if (!handler) return Response.json({ message: `No fake for ${method} ${path}` }, { status: 404 });
      return handler(call);
    }),
  );
  return calls;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The page at `path` (matched by `route`), with the app's providers and a fresh query client. */
export function renderPage(page: ReactNode, { path, route = path.split("?")[0] }: { path: string; route?: string }) {
  const toasts = createToastStore();
  const queryClient = createQueryClient(() => {});
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider store={toasts}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, toasts, queryClient };
}
