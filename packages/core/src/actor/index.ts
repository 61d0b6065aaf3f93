/**
 * Who is calling. Set once per request by the handler layer from a verified
 * token, passed explicitly to the domain functions that need it.
 */
import { forbidden } from "../errors";
import { hasAdminRole, hasStaffRole, ROLES, type Role } from "../shared/roles";

export const roles = ROLES;
export type { Role };

export interface UserActor {
  type: "user";
  /** The Cognito `sub`; also the user item's id. */
  userId: string;
  username: string;
  email?: string;
  /** The token's `email_verified`: whether the user pool checked that the email is theirs. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** Always contains CUSTOMER; EMPLOYEE and ADMIN come from the user pool's groups. */
  roles: Role[];
  /** Where the request came from (API Gateway's source address and the user agent), recorded on every audit entry. */
  ip?: string;
  userAgent?: string;
}

/** Work done by the system itself: webhooks, scheduled jobs, seeding. */
export interface SystemActor {
  type: "system";
  name: string;
}

export type Actor = UserActor | SystemActor;

export function rolesFromGroups(groups: readonly string[] | undefined): Role[] {
  const out: Role[] = ["CUSTOMER"];
  for (const role of ["EMPLOYEE", "ADMIN"] as const) if (groups?.includes(role)) out.push(role);
  return out;
}

/** The 403 of a caller whose role may not do what they asked (a route's gate says it too, bar staff routes: `STAFF_REQUIRED`). */
export const FORBIDDEN = "Forbidden: you don't have permission to do this.";
/** The 403 of a customer calling a staff route (docs/api-staff.md). */
export const STAFF_REQUIRED = "Staff access required";

export function isStaff(actor: Actor): boolean {
  return actor.type === "system" || hasStaffRole(actor);
}

export function isAdmin(actor: Actor): boolean {
  return actor.type === "system" || hasAdminRole(actor);
}

/** The person acting, for work only a person does (an order made at the counter names who made it); the system is refused. */
export function personOf(actor: Actor): UserActor {
  if (actor.type !== "user") throw forbidden(FORBIDDEN);
  return actor;
}
