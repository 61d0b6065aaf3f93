import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";
import { currentUserFrom, type CurrentUser } from "@regrip/core/shared/users";
import { currentIdToken, forgetStoredSession } from "./session";
import { appWideRead } from "../lib/app-wide-read";

export const currentUserQueryKey = ["/api/auth/user"] as const;

/**
 * The signed-in user, or null when signed out (no token, or the server answers 401). One query key for the
 * whole app (the header, the guard and every page share its one request); signed out is an answer, not an
 * error: nothing is thrown or logged for it.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  // No ID token in storage (or one that could not be refreshed): the server could only answer 401.
  if (!(await currentIdToken())) return null;
  try {
    const response = await apiRequest("GET", "/api/auth/user");
    return currentUserFrom(await response.json());
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("401")) {
      // The token is refused (revoked, or its user gone): signed out, and the stored session with it, so the
      // next page makes no call at all.
      forgetStoredSession();
      return null;
    }
    throw new Error("Failed to fetch user");
  }
}

/**
 * Unlike other reads: never cached as fresh, and checked again when the window regains focus (and after a
 * sign-in, sign-out, verification or profile change, which invalidate it). But not again each time one more
 * part of the page mounts a reader (the guard, then the page, then the header's menu): one call per page load.
 */
export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  retry: false,
  staleTime: 0,
  refetchOnMount: false,
  refetchOnWindowFocus: true,
  ...appWideRead,
} as const;

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
