/**
 * TanStack Query's client for the whole app, and the provider that carries it. Loaded with the first thing that
 * reads data (a page of the route table other than the landing, terms and privacy pages, or the header's account
 * area once a session is stored), never on the landing page's first load: see AppRoutes.tsx and Header.tsx.
 * Every scope shares this one client, so one cache serves the header and every page.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { onAuthEvent } from "../auth/auth-bus";
import { currentUserQueryKey } from "../auth/current-user";
import { handleUnauthorized } from "../auth/unauthorized";
import { createQueryClient } from "../lib/query-client";

export const queryClient = createQueryClient(handleUnauthorized);

// Asks the server again who is signed in whenever Amplify's session changes (e.g. back from the hosted UI);
// Amplify's events arrive once it has loaded. Before this module loads nothing is cached, so nothing is stale.
const userChangingEvents = new Set(["signedIn", "signedOut", "signInWithRedirect", "tokenRefresh_failure"]);
onAuthEvent((event) => {
  if (userChangingEvents.has(event)) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
});

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
