import type { RoleAccess } from "@regrip/core/shared/access";
import type { CurrentUser } from "@regrip/core/shared/users";
import { isAdmin, isStaff } from "./roles";

export type AccessDecision = "allow" | "login" | "deny" | "authenticator";

/**
 * Who may open a page: the API route table's words (@regrip/core/shared/access), decided by role; staff signed in
 * without the authenticator app the server asks of them are sent to set one up first.
 */
export function accessDecision(access: RoleAccess, user: CurrentUser | null): AccessDecision {
  if (access === "public") return "allow";
  if (!user) return "login";
  if ((access === "staff" || access === "admin") && user.authenticatorRequired && isStaff(user)) return "authenticator";
  if (access === "staff" && !isStaff(user)) return "deny";
  if (access === "admin" && !isAdmin(user)) return "deny";
  return "allow";
}

/** Where a fresh sign-in lands. */
export function homeAfterSignIn(user: CurrentUser | null): "/storefront" | "/booking" {
  // The spec sends every local sign-in to /storefront, but the guard refuses a
  // customer there; customers (who sign in on the same page) go to /booking.
  return isStaff(user) ? "/storefront" : "/booking";
}
