/**
 * Who is calling. Set once per request by the handler layer from a verified
 * token, passed explicitly to the domain functions that need it.
 */
import { forbidden } from "../errors";
import { AUTHENTICATOR_SETUP_MESSAGE, AUTHENTICATOR_SETUP_REQUIRED } from "../shared/accounts";
import { AUTHENTICATOR_GROUP, hasAdminRole, hasStaffRole, ROLES, type Role } from "../shared/roles";

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
  /** The sign-in has an authenticator app: the token is in the user pool's `AUTHENTICATOR_GROUP`. */
  authenticator?: boolean;
  /**
   * Set by the token check on staff (EMPLOYEE or ADMIN) whose sign-in has no authenticator app: they keep their
   * roles (the user item's copy stays in line) but act as a customer until they set one up. An actor built in code
   * (a job, the seed, a script) never has it.
   */
  authenticatorRequired?: boolean;
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

/** Whether the user pool's groups (a token's `cognito:groups`) hold staff roles without an authenticator app. */
export function authenticatorMissing(groups: readonly string[] | undefined): boolean {
  return hasStaffRole({ roles: rolesFromGroups(groups) }) && !groups?.includes(AUTHENTICATOR_GROUP);
}

/** The 403 of a caller whose role may not do what they asked (a route's gate says it too, bar staff routes: `STAFF_REQUIRED`). */
export const FORBIDDEN = "Forbidden: you don't have permission to do this.";
/** The 403 of a customer calling a staff route (docs/api-staff.md). */
export const STAFF_REQUIRED = "Staff access required";

/** Staff (or the system); staff whose sign-in lacks the authenticator app they must have count as customers. */
export function isStaff(actor: Actor): boolean {
  return actor.type === "system" || (hasStaffRole(actor) && !actor.authenticatorRequired);
}

export function isAdmin(actor: Actor): boolean {
  return actor.type === "system" || (hasAdminRole(actor) && !actor.authenticatorRequired);
}

/** The 403 a refused caller hears: staff without their authenticator app are told to set it up (with `code`). */
export function refusedRole(actor: Actor, message = FORBIDDEN) {
  if (actor.type === "user" && actor.authenticatorRequired) return forbidden(AUTHENTICATOR_SETUP_MESSAGE, { code: AUTHENTICATOR_SETUP_REQUIRED });
  return forbidden(message);
}

/** The person acting, for work only a person does (an order made at the counter names who made it); the system is refused. */
export function personOf(actor: Actor): UserActor {
  if (actor.type !== "user") throw forbidden(FORBIDDEN);
  return actor;
}
