import { MutationCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "./api";

/**
 * The spec's read defaults (no retry, no focus refetch, never stale), and the
 * one place a mutation's 401 Unauthorized is handled. "Never stale" is read as
 * "nothing is asked again behind the person's back while a page is open": the
 * lists that others change (orders and their counts, stock, the catalogue at the
 * counter, promotions, bags, the log, the dashboard) ask `refetchOnMount: "always"`,
 * so opening their page shows what is true now, the cached answer meanwhile.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) onUnauthorized();
      },
    }),
  });
}
