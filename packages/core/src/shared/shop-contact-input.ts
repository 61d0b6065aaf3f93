/**
 * PUT /api/admin/locations/{key}'s schemas (shared/shop-contact.ts says what a shop's contact is): zod/mini, the
 * route parses with them and the console's Shop details form checks with them, every message word for word.
 */
import * as z from "zod/mini";
import { INVALID_PHONE, normaliseUsPhone } from "./phone";
import {
  NO_SUCH_SHOP,
  SHOP_ADDRESS_LINE_TOO_LONG,
  SHOP_ADDRESS_REQUIRED,
  SHOP_CONTACT_LIMITS,
  SHOP_EMAIL_INVALID,
  SHOP_HOURS_LINE_INVALID,
  SHOP_HOURS_REQUIRED,
  SHOP_MAPS_URL_INVALID,
} from "./shop-contact";

const isEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
const isHttps = (url: string) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(url);

const addressLine = /* @__PURE__ */ z
  .string(SHOP_ADDRESS_REQUIRED)
  .check(z.maxLength(SHOP_CONTACT_LIMITS.addressLine * 4, SHOP_ADDRESS_LINE_TOO_LONG), z.trim(), z.minLength(1, SHOP_ADDRESS_REQUIRED), z.maxLength(SHOP_CONTACT_LIMITS.addressLine, SHOP_ADDRESS_LINE_TOO_LONG));
const hoursText = /* @__PURE__ */ z
  .string(SHOP_HOURS_LINE_INVALID)
  .check(z.maxLength(SHOP_CONTACT_LIMITS.hoursText * 4, SHOP_HOURS_LINE_INVALID), z.trim(), z.minLength(1, SHOP_HOURS_LINE_INVALID), z.maxLength(SHOP_CONTACT_LIMITS.hoursText, SHOP_HOURS_LINE_INVALID));

/** PUT /api/admin/locations/{key}'s body: the whole contact, as GET /api/locations sends it (phone and email required). */
export const ShopContactInput = /* @__PURE__ */ z.object({
  address: z.array(addressLine, SHOP_ADDRESS_REQUIRED).check(z.minLength(1, SHOP_ADDRESS_REQUIRED), z.maxLength(SHOP_CONTACT_LIMITS.addressLines, SHOP_ADDRESS_REQUIRED)),
  // Any way of typing a US number; stored as E.164.
  phone: z.pipe(
    z.string(INVALID_PHONE).check(z.maxLength(40, INVALID_PHONE), z.refine((phone) => normaliseUsPhone(phone) !== null, INVALID_PHONE)),
    z.transform((phone) => normaliseUsPhone(phone)!),
  ),
  email: z.string(SHOP_EMAIL_INVALID).check(z.maxLength(SHOP_CONTACT_LIMITS.email * 4, SHOP_EMAIL_INVALID), z.trim(), z.maxLength(SHOP_CONTACT_LIMITS.email, SHOP_EMAIL_INVALID), z.refine(isEmail, SHOP_EMAIL_INVALID)),
  hours: z.array(z.tuple([hoursText, hoursText], SHOP_HOURS_LINE_INVALID), SHOP_HOURS_REQUIRED).check(z.minLength(1, SHOP_HOURS_REQUIRED), z.maxLength(SHOP_CONTACT_LIMITS.hoursLines, SHOP_HOURS_REQUIRED)),
  mapsUrl: z.nullable(
    z.string(SHOP_MAPS_URL_INVALID).check(z.maxLength(SHOP_CONTACT_LIMITS.url, SHOP_MAPS_URL_INVALID), z.trim(), z.refine(isHttps, SHOP_MAPS_URL_INVALID)),
  ),
});
export type ShopContactBody = z.input<typeof ShopContactInput>;

/** PUT /api/admin/locations/{key}'s path: the shop's location value (an unknown one is 404 `No such shop`). */
export const ShopParams = /* @__PURE__ */ z.object({ key: z.string(NO_SUCH_SHOP).check(z.maxLength(40, NO_SUCH_SHOP)) });

