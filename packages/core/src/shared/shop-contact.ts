/**
 * How a customer reaches a shop: its address, phone, email, opening hours (as people read them) and map link. An
 * admin edits them in the console (`PUT /api/admin/locations/{key}`, the Shop details page); `GET /api/locations`
 * sends them with each shop, and the landing page, the footer, the order page, the bag page and the order texts
 * show them. Browser-safe, zod/mini: the console's form checks with the schema the route parses with.
 *
 * The hours here are the words on the door. The calendar the shop promises pickup days by (shared/locations.ts
 * `weekHours`, shared/calendar.ts) is the code's: change both when the shop's hours change (docs/api-admin.md says so).
 */
import * as z from "zod/mini";
import { displayPhone, INVALID_PHONE, normaliseUsPhone } from "./phone";

export interface ShopContact {
  /** Street address, one line per entry. */
  address: string[];
  /** E.164 (`+13035550142`); null until an admin sets it. */
  phone: string | null;
  email: string | null;
  /** Opening hours in lines of days and times: ["Monday to Friday", "10 am to 7 pm"]. */
  hours: [days: string, times: string][];
  /** A map of the shop (Google, Apple...); null when none. */
  mapsUrl: string | null;
}

/** The console's Shop details page (an audit entry of a shop's details links to it). */
export const SHOP_DETAILS_PAGE_PATH = "/admin/settings/shops";

export const SHOP_CONTACT_LIMITS = { addressLines: 3, addressLine: 80, email: 120, hoursLines: 7, hoursText: 40, url: 500 } as const;

export const SHOP_ADDRESS_REQUIRED = "Address is required (one to 3 lines)";
export const SHOP_ADDRESS_LINE_TOO_LONG = `Each address line must be at most ${SHOP_CONTACT_LIMITS.addressLine} characters`;
export const SHOP_EMAIL_INVALID = "Please enter a valid email address";
export const SHOP_HOURS_REQUIRED = `Hours are required: one to ${SHOP_CONTACT_LIMITS.hoursLines} lines of days and times`;
export const SHOP_HOURS_LINE_INVALID = `Each hours line needs days and times, each at most ${SHOP_CONTACT_LIMITS.hoursText} characters (e.g. "Monday to Friday: 10 am to 7 pm")`;
export const SHOP_MAPS_URL_INVALID = "The map link must be a web address starting with https://";
export const NO_SUCH_SHOP = "No such shop";

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

/** The `tel:` link of a stored number. */
export const telHref = (phone: string): string => `tel:${phone}`;

/** A stored number as people read it: "(303) 555-0142". */
export const phoneWords = (phone: string): string => displayPhone(phone).replace(/^\+1 /, "");
