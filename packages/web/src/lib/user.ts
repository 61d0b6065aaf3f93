// zod/mini: the same schemas at a fifth of the bundle cost, which the landing page's budget needs.
import * as z from "zod/mini";

export const roles = ["CUSTOMER", "EMPLOYEE", "ADMIN"] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

const text = () => z.nullish(z.string());
const flag = (value: boolean) => z._default(z.boolean(), value);

/** GET /api/auth/user. Moves to a schema shared with the server once the core package has one. */
export const CurrentUser = z.object({
  id: z.string(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text(),
  phoneVerified: flag(false),
  profileImageUrl: text(),
  smsNotifications: flag(true),
  smsPromotions: flag(true),
  emailNotifications: flag(true),
  emailPromotions: flag(true),
  roles: z._default(z.array(Role), ["CUSTOMER"]),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
