import { hasAdminRole, hasStaffRole, type Role } from "@regrip/core/shared/roles";
import type { CurrentUser } from "@regrip/core/shared/users";

type WithRoles = { roles: readonly Role[] };

/** The role rules are the server's (@regrip/core/shared/roles). */
export const isAdmin = hasAdminRole;
/** Staff means EMPLOYEE or ADMIN. */
export const isStaff = hasStaffRole;

/** The header badge: 'Admin' for admins, 'Employee' for employees who are not admins, none for customers. */
export function roleBadge(user: WithRoles | null | undefined): "Admin" | "Employee" | undefined {
  if (isAdmin(user)) return "Admin";
  if (isStaff(user)) return "Employee";
  return undefined;
}

/** First letters of first and last name, else the first letter of the email, else U. */
export function initials(user: Pick<CurrentUser, "firstName" | "lastName" | "email"> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return (first[0] + last[0]).toUpperCase();
  const email = user?.email?.trim();
  if (email) return email[0].toUpperCase();
  return "U";
}

export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email"> | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim();
  return name || user?.email || "Your account";
}
