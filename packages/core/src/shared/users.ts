/**
 * The signed-in person as GET /api/auth/user answers it. Browser-safe: the server builds `UserView`
 * (users/index.ts); the web app parses the answer with `CurrentUser` (zod/mini: a fifth of classic zod's bundle
 * cost, which the landing page's budget needs), filling what an older answer may leave out.
 */
import * as z from "zod/mini";
import { GripPrefs, type GripPrefsView } from "./grip-prefs";
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
}

export const RoleSchema = z.enum(ROLES);

const text = () => z.nullish(z.string());
const flag = (value: boolean) => z._default(z.boolean(), value);

export const CurrentUser = z.object({
  id: z.string(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text(),
  phoneVerified: flag(false),
  profileImageUrl: text(),
  smsNotifications: flag(true),
  // New accounts start opted out of promotions (US texting rules).
  smsPromotions: flag(false),
  emailNotifications: flag(true),
  emailPromotions: flag(false),
  roles: z._default(z.array(RoleSchema), ["CUSTOMER"]),
  defaultPrefs: z.optional(z.nullable(GripPrefs)),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
