/**
 * The Shop details page's form: the address and the hours typed one line each ("Monday to Friday: 10 am to 7 pm"),
 * turned into the PUT body and checked with the route's own schema (shared/shop-contact-input.ts `ShopContactInput`).
 */
import { displayPhone } from "@regrip/core/shared/phone";
import type { ShopView } from "@regrip/core/shared/schedule";
import { SHOP_HOURS_LINE_INVALID } from "@regrip/core/shared/shop-contact";
import { ShopContactInput, type ShopContactBody } from "@regrip/core/shared/shop-contact-input";

export type ShopField = "address" | "phone" | "email" | "hours" | "mapsUrl";
export type ShopFormValues = Record<ShopField, string>;

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function shopFormValues(shop: Pick<ShopView, ShopField>): ShopFormValues {
  return {
    address: shop.address.join("\n"),
    phone: displayPhone(shop.phone),
    email: shop.email ?? "",
    hours: shop.hours.map(([days, times]) => `${days}: ${times}`).join("\n"),
    mapsUrl: shop.mapsUrl ?? "",
  };
}

/** The body to send, or the message under each field that is wrong. */
export function shopFromForm(values: ShopFormValues): { body: ShopContactBody; errors: {} } | { body: null; errors: Partial<Record<ShopField, string>> } {
  const errors: Partial<Record<ShopField, string>> = {};
  const hours: [string, string][] = [];
  for (const line of lines(values.hours)) {
    const colon = line.indexOf(":");
    // "10:00" alone is no days-and-times line: the days come before the first colon followed by a space.
    const split = line.search(/:\s/);
    if (colon < 0 || split < 0) errors.hours ??= SHOP_HOURS_LINE_INVALID;
    else hours.push([line.slice(0, split).trim(), line.slice(split + 1).trim()]);
  }
  const body: ShopContactBody = { address: lines(values.address), phone: values.phone, email: values.email, hours, mapsUrl: values.mapsUrl.trim() || null };
  const checked = ShopContactInput.safeParse(body);
  if (checked.success && Object.keys(errors).length === 0) return { body, errors: {} };
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path[0] as ShopField] ??= issue.message;
  return { body: null, errors };
}
