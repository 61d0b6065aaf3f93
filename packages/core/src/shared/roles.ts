/**
 * The roles a person can hold. Browser-safe: the server reads them from the user pool's
 * groups, the web app from the current user, and both decide staff and admin with these functions.
 */
export const ROLES = ["CUSTOMER", "EMPLOYEE", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Not a role: the user pool group of the people who set up an authenticator app (TOTP). The server adds a person to
 * it once Cognito says their authenticator is on (POST /api/auth/authenticator), and Cognito then asks its code at
 * every sign-in, so a token in this group came through that second step. Staff roles count only with it.
 */
export const AUTHENTICATOR_GROUP = "MFA";

type WithRoles = { roles: readonly Role[] };

/** Staff means EMPLOYEE or ADMIN. */
export function hasStaffRole(who: WithRoles | null | undefined): boolean {
  return !!who && (who.roles.includes("EMPLOYEE") || who.roles.includes("ADMIN"));
}

export function hasAdminRole(who: WithRoles | null | undefined): boolean {
  return !!who?.roles.includes("ADMIN");
}

/** Roles in their fixed order (CUSTOMER, EMPLOYEE, ADMIN), for a stable answer. */
export function sortRoles<T extends Role>(roles: Iterable<T>): T[] {
  return [...roles].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b));
}
