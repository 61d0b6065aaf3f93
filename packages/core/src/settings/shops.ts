/**
 * Each shop's contact (shared/shop-contact.ts): read by `GET /api/locations`, the public bag answer and the order
 * texts; written by an admin (`PUT /api/admin/locations/{key}`) with an audit entry naming each change. One item per
 * shop, `settings#shop_<location>`. The starter values are put in by the seed and `npm run stage:setup`
 * (infra/starter-catalogue.ts); a shop never written reads as the code's address and hours with no phone, email or map.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { writeLabelled } from "../db/labelled";
import { notFound } from "../errors";
import { BOOKABLE_LOCATIONS, isBookableLocation, SHOP_LOCATIONS, type BookableLocation } from "../shared/locations";
import { NO_SUCH_SHOP, type ShopContact } from "../shared/shop-contact";
import { ShopContactInput, ShopParams } from "../shared/shop-contact-input";

export * as Shops from "./shops";

const itemName = (location: BookableLocation) => `shop_${location}` as const;

/** The contact of a shop never written: the code's address and hours (shared/locations.ts), nothing else. */
function fallback(location: BookableLocation): ShopContact {
  const shop = SHOP_LOCATIONS.find((candidate) => candidate.value === location)!;
  return { address: [...shop.address], phone: null, email: null, hours: shop.hours.map(([days, times]) => [days, times]), mapsUrl: null };
}

/** One shop's contact as stored, or its fallback. */
export async function shopContact(location: BookableLocation): Promise<ShopContact> {
  const { data } = await db().entities.shopSettings.get({ name: itemName(location) }).go();
  const base = fallback(location);
  if (!data) return base;
  return {
    address: data.address?.length ? [...data.address] : base.address,
    phone: data.phone ?? null,
    email: data.email ?? null,
    hours: data.hours?.length ? data.hours.map(({ days, times }) => [days, times]) : base.hours,
    mapsUrl: data.mapsUrl ?? null,
  };
}

/** Every shop's contact, by location. */
export async function shopContacts(): Promise<Record<BookableLocation, ShopContact>> {
  const contacts = await Promise.all(BOOKABLE_LOCATIONS.map(shopContact));
  return Object.fromEntries(BOOKABLE_LOCATIONS.map((location, i) => [location, contacts[i]!])) as Record<BookableLocation, ShopContact>;
}

/** The item of a shop's contact, for a put (the starter values, the admin's save). */
const stored = (location: BookableLocation, contact: ShopContact, at: string) => ({
  name: itemName(location),
  address: contact.address,
  ...(contact.phone ? { phone: contact.phone } : {}),
  ...(contact.email ? { email: contact.email } : {}),
  hours: contact.hours.map(([days, times]) => ({ days, times })),
  ...(contact.mapsUrl ? { mapsUrl: contact.mapsUrl } : {}),
  createdAt: at,
  updatedAt: at,
});

/** Puts `contact` in as the shop's starter contact unless one is stored (the seed, stage:setup): never overwrites an admin's. */
export async function addShopContactIfMissing(location: BookableLocation, contact: ShopContact): Promise<boolean> {
  try {
    await db().entities.shopSettings.create(stored(location, contact, new Date().toISOString())).go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export const UpdateShopContact = /* @__PURE__ */ z.object({ key: ShopParams.shape.key, contact: ShopContactInput });

/**
 * `PUT /api/admin/locations/{key}`: the shop's whole contact, saved with an audit entry (`settings.shop_changed`,
 * each changed field from and to). A save that changes nothing writes nothing. An unknown key is 404.
 */
export const updateShop = /* @__PURE__ */ fn({ role: "admin", input: UpdateShopContact }, async (actor, { key, contact }): Promise<ShopContact> => {
  if (!isBookableLocation(key)) throw notFound(NO_SUCH_SHOP);
  const before = await shopContact(key);
  const after: ShopContact = { ...contact, mapsUrl: contact.mapsUrl || null };
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ["address", "phone", "email", "hours", "mapsUrl"] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) diff[field] = { from: before[field], to: after[field] };
  }
  if (Object.keys(diff).length === 0) return before;
  const outcome = await writeLabelled((entities) => [
    { label: "settings", write: entities.shopSettings.put(stored(key, after, new Date().toISOString())).commit() },
    {
      label: "audit",
      write: entities.auditLog.create(auditEntry({ actor, action: "settings.shop_changed", targetType: "settings", targetId: itemName(key), diff })).commit(),
    },
  ]);
  if (!outcome.committed) throw new Error(`Saving the shop's contact was cancelled: ${JSON.stringify(outcome.codes)}`);
  return shopContact(key);
});
