/**
 * The signed-in person as GET /api/auth/user answers it. Browser-safe: the server builds `UserView`
 * (users/index.ts); the web app reads the answer with `currentUserFrom`, filling what an older answer may leave out.
 */
import type { GripPrefsView } from "./grip-prefs";
import { ROLES, type Role } from "./roles";

/** Who a person is and how to reach them, as every view of a user shows it (this one, staff's `CustomerView`). */
export interface PersonView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** E.164 (`+1XXXXXXXXXX`) or null. */
  phone: string | null;
  phoneVerified: boolean;
}

export interface UserView extends PersonView {
  profileImageUrl: string | null;
  smsNotifications: boolean;
  /** True only with promotional consent on record (texts/consent.ts): the switch shows what the shop may send. */
  smsPromotions: boolean;
  emailNotifications: boolean;
  emailPromotions: boolean;
  roles: Role[];
  /** The customer's grip preferences (Shop Tools), or null. */
  defaultPrefs: GripPrefsView | null;
  /** This sign-in has an authenticator app (two-step sign-in): Cognito asks its code every time. */
  authenticator: boolean;
  /** Staff without an authenticator app: staff tools stay closed until they set one up (the sign-in page offers it). */
  authenticatorRequired: boolean;
}

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
const text = (value: unknown) => (typeof value === "string" ? value : null);
const flag = (value: unknown, otherwise: boolean) => (typeof value === "boolean" ? value : otherwise);

/** The signed-in person as the web app holds them. */
export type CurrentUser = UserView;

/**
 * GET /api/auth/user's answer (and PUT's, and the phone check's) as the web app holds it: an answer without an `id` is
 * refused; a field an older answer leaves out takes the value a new account starts with. A plain function, not a
 * schema: zod's first parse of an object compiles a parser, and with zod's own loading that was about 100 ms of a
 * phone's main thread on every page a signed-in person opens.
 */
export function currentUserFrom(answer: unknown): CurrentUser {
  const user = (answer && typeof answer === "object" ? answer : {}) as Partial<Record<keyof UserView, unknown>>;
  if (typeof user.id !== "string") throw new Error("The answer is not a user");
  return {
    id: user.id,
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    email: text(user.email),
    phone: text(user.phone),
    phoneVerified: flag(user.phoneVerified, false),
    profileImageUrl: text(user.profileImageUrl),
    smsNotifications: flag(user.smsNotifications, true),
    // New accounts start opted out of promotions (US texting rules).
    smsPromotions: flag(user.smsPromotions, false),
    emailNotifications: flag(user.emailNotifications, true),
    emailPromotions: flag(user.emailPromotions, false),
    roles: Array.isArray(user.roles) ? user.roles.filter(isRole) : ["CUSTOMER"],
    defaultPrefs: user.defaultPrefs && typeof user.defaultPrefs === "object" ? (user.defaultPrefs as GripPrefsView) : null,
    authenticator: flag(user.authenticator, false),
    authenticatorRequired: flag(user.authenticatorRequired, false),
  };
}
