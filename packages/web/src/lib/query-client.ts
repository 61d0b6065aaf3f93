import { MutationCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "./api";

/**
 * The spec's read defaults (no retry, no focus refetch, never stale), and the
 * one place a mutation's 401 Unauthorized is handled.
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
