import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";
import { CurrentUser } from "../lib/user";

export const currentUserQueryKey = ["/api/auth/user"] as const;

/** The signed-in user, or null when the server answers 401 (signed out). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const response = await apiRequest("GET", "/api/auth/user");
    return CurrentUser.parse(await response.json());
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("401")) return null;
    throw new Error("Failed to fetch user");
  }
}

/** Unlike other reads: never cached as fresh, and checked again when the window regains focus. */
export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  retry: false,
  staleTime: 0,
  refetchOnWindowFocus: true,
} as const;

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
