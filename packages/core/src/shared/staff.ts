/**
 * Staff accounts as admins run them (GET/POST /api/admin/staff, PATCH /api/admin/staff/{id}; docs/api-admin.md):
 * the invite and change schemas the routes parse with and the console's Staff page checks with, their messages word
 * for word, the view the API answers, and the one rule about the last admin. Browser-safe, zod/mini.
 */
import * as z from "zod/mini";
import { EMAIL_MAX_LENGTH, FIRST_NAME_REQUIRED, INVALID_EMAIL, LAST_NAME_REQUIRED, nameChecks } from "./customers";

/** The roles a staff account can hold (an admin can do all an employee can). */
export const STAFF_ROLES = ["EMPLOYEE", "ADMIN"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_WORDS: Record<StaffRole, string> = { EMPLOYEE: "Employee", ADMIN: "Admin" };

/** Where the account stands: invited (the temporary password not yet changed), active, or switched off. */
export type StaffStatus = "invited" | "active" | "off";
export const STAFF_STATUS_WORDS: Record<StaffStatus, string> = { invited: "Invited", active: "Active", off: "Switched off" };

export interface StaffView {
  /** The person's id (the user pool's `sub`, the user item's id). */
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: StaffRole;
  status: StaffStatus;
  /** They set up an authenticator app (two-step sign-in). */
  authenticator: boolean;
  /** When the account was made (the user pool's date). */
  createdAt: string | null;
  /**
   * Why this row's role may not be lowered nor the person switched off (the last active admin), else null: the
   * page disables those actions and says this beside them; the server refuses them with the same words.
   */
  lockedReason: string | null;
}

export interface StaffList {
  items: StaffView[];
}

export const ROLE_REQUIRED = "Choose a role: Employee or Admin";
export const LAST_ADMIN =
  "The shop's last admin cannot be demoted or switched off: make another person an admin first.";
export const EMAIL_HAS_ACCOUNT = "That email already has an account";
export const STAFF_NOT_FOUND = "Staff member not found";
export const NOTHING_TO_CHANGE = "Send a role, active or both";
export const NOT_YOURSELF = "You cannot switch yourself off or change your own role: ask another admin";

const role = z.enum(STAFF_ROLES, { error: ROLE_REQUIRED });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = z.pipe(
  z.string({ error: INVALID_EMAIL }).check(z.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL)),
  z.transform((value, ctx): string => {
    const text = value.trim().toLowerCase();
    if (!EMAIL.test(text)) {
      ctx.issues.push({ code: "custom", message: INVALID_EMAIL, input: value });
      return z.NEVER;
    }
    return text;
  }),
);

/** POST /api/admin/staff. */
export const StaffInvite = z.object({
  email,
  firstName: z.string({ error: FIRST_NAME_REQUIRED }).check(...nameChecks("First name", FIRST_NAME_REQUIRED)),
  lastName: z.string({ error: LAST_NAME_REQUIRED }).check(...nameChecks("Last name", LAST_NAME_REQUIRED)),
  role,
});
export type StaffInviteInput = z.input<typeof StaffInvite>;
export type StaffInvite = z.output<typeof StaffInvite>;

/** The fields of PATCH /api/admin/staff/{id}: a new role, switched off (`active: false`) or on again, or both. */
export const StaffChangeFields = z.object({
  role: z.optional(role),
  active: z.optional(z.boolean({ error: "active must be true or false" })),
});
/** At least one of them. */
export const someChange = z.refine<{ role?: unknown; active?: unknown }>((change) => change.role !== undefined || change.active !== undefined, {
  message: NOTHING_TO_CHANGE,
});
/** PATCH /api/admin/staff/{id}'s body. */
export const StaffChange = StaffChangeFields.check(someChange);
export type StaffChange = z.output<typeof StaffChange>;

/** A staff member's name as lists show it. */
export function staffName(person: Pick<StaffView, "firstName" | "lastName" | "email" | "username">): string {
  const name = [person.firstName, person.lastName].filter((part) => part?.trim()).join(" ");
  return name || person.email || person.username;
}

/**
 * The last-admin rule: whether `person` is the only active admin among `admins` (the ids of the active admins).
 * The page disables the actions; the server decides it again in a transaction (staff/).
 */
export function isLastAdmin(person: Pick<StaffView, "id" | "role" | "status">, activeAdminIds: readonly string[]): boolean {
  return person.role === "ADMIN" && person.status !== "off" && activeAdminIds.length <= 1 && activeAdminIds.includes(person.id);
}
