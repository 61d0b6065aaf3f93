/**
 * How a customer reaches a shop: its address, phone, email, opening hours (as people read them) and map link. An
 * admin edits them in the console (`PUT /api/admin/locations/{key}`, the Shop details page); `GET /api/locations`
 * sends them with each shop, and the landing page, the footer, the order page, the bag page and the order texts
 * show them. Browser-safe and zod-free (the footer is on every customer page's first load): the schema the route
 * parses with, and the console's form checks with, is ./shop-contact-input.ts.
 *
 * The hours here are the words on the door. The calendar the shop promises pickup days by (shared/locations.ts
 * `weekHours`, shared/calendar.ts) is the code's: change both when the shop's hours change (docs/api-admin.md says so).
 */

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

/** The `tel:` link of a stored number. */
export const telHref = (phone: string): string => `tel:${phone}`;

/** A stored number as people read it: +13035550142 → "(303) 555-0142"; anything else unchanged. */
export const phoneWords = (phone: string): string => {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
};
