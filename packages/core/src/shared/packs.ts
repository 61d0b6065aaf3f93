/**
 * Packs of regrips ("buy 10 regrips, get 1 free"), written once for the server (packs/) and the pages (Shop Tools'
 * Packs tab, the booking summary, the admin's Packs page, the counter). Browser-safe and free of zod (the booking page reads it on its first load): the admin's
 * input schemas are in shared/pack-input.ts.
 *
 * - An admin defines a pack: its name, how many regrips, its price, which core services it covers, and optionally
 *   for how many days a bought pack is good.
 * - A customer buys one through a card checkout; each booking of a covered service takes one credit in the order's
 *   own transaction, and a cancel gives it back. A credit is good while the pack is paid and not past its expiry.
 */
import { coreServiceOf } from "./catalogue";

/** A pack as the public list and the admin's page show it. */
export interface PackView {
  id: string;
  name: string;
  regrips: number;
  priceCents: number;
  /** The core services a credit covers, by name ("Premium Regrip"): every color and feel of each. */
  services: string[];
  /** Days a bought pack is good for; null: it never expires. */
  validDays: number | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A pack a customer bought, as GET /api/packs/mine and the counter show it. */
export interface PackCreditView {
  id: string;
  packId: string;
  name: string;
  regrips: number;
  used: number;
  /** Credits still good now (0 once expired). */
  left: number;
  services: string[];
  priceCents: number;
  paidAt: string | null;
  /** When it stops covering; null: never. */
  expiresAt: string | null;
  /** Given back of its price (a refund in Stripe); 0 when none. Refunded in full, it covers nothing more. */
  refundedCents: number;
  refunded: boolean;
}

export interface PackCreditFacts {
  status: string;
  regrips: number;
  used?: number | null;
  expiresAt?: string | null;
  services?: readonly string[] | null;
}

/** The credits a bought pack has left at `now`: none before it is paid or once it has expired. */
export function creditsLeft(credit: PackCreditFacts, now: Date): number {
  if (credit.status !== "paid") return 0;
  if (credit.expiresAt && credit.expiresAt <= now.toISOString()) return 0;
  return Math.max(0, credit.regrips - (credit.used ?? 0));
}

/** Whether a credit of `credit` covers a regrip of the service sku named `skuName` now (its core service is one of the pack's). */
export function coversService(credit: PackCreditFacts, skuName: string, now: Date): boolean {
  const core = coreServiceOf(skuName);
  return !!core && creditsLeft(credit, now) > 0 && (credit.services ?? []).includes(core);
}

/** The expiry of a pack paid at `paidAt` that is good for `validDays` (none: never). */
export const expiryOf = (paidAt: string, validDays: number | null | undefined): string | undefined =>
  validDays ? new Date(new Date(paidAt).getTime() + validDays * 86_400_000).toISOString() : undefined;

/** Of two bought packs, the one that expires first before the other (one that never expires last): the one a credit is taken from. */
export function byExpiry(a: { expiresAt?: string | null }, b: { expiresAt?: string | null }): number {
  const [x, y] = [a.expiresAt ?? "9999-12-31T23:59:59.999Z", b.expiresAt ?? "9999-12-31T23:59:59.999Z"];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** "7 of 10 regrips left", the words every page shows a balance in. */
export const balanceWords = (credit: Pick<PackCreditView, "left" | "regrips"> & Partial<Pick<PackCreditView, "refunded">>): string =>
  credit.refunded ? "Refunded: covers no more regrips" : `${credit.left} of ${credit.regrips} regrips left`;

/** What a pack is sold in: the shop's currency (as an order's default). */
export const PACK_CURRENCY = "usd";

// Words.
export const PACK_NOT_FOUND = "Pack not found";
export const PACK_NOT_FOR_SALE = "This pack is no longer for sale";
export const PACK_CREDIT_JUST_USED = "Your pack's last regrip was just used by another order. Book again to pay for this one.";
export const PACK_NAME_REQUIRED = "Name is required";
export const PACK_NAME_TOO_LONG = "Name must be at most 60 characters";
export const PACK_REGRIPS_RANGE = "Regrips must be a whole number from 1 to 100";
export const PACK_PRICE_RANGE = "Price must be a whole number of cents from 1 to 1000000";
export const PACK_SERVICES_REQUIRED = "Choose at least one core service";
export const PACK_SERVICE_UNKNOWN = "That is not a core service";
export const PACK_VALID_DAYS_RANGE = "Days must be a whole number from 1 to 3650, or none";
export const PACK_ACTIVE_FLAG = "isActive must be true or false";
export const PACK_NOTHING_TO_CHANGE = "Send name, regrips, priceCents, services, validDays or isActive";
export const PACK_CREATED = "Pack Created";
export const PACK_UPDATED = "Pack Updated";

/** Where a pack's checkout sends the payer back: Shop Tools' Packs tab. */
export const packReturnUrls = (siteUrl: string) => ({
  successUrl: `${siteUrl}/shop-tools?tab=packs&pack=paid`,
  cancelUrl: `${siteUrl}/shop-tools?tab=packs&pack=canceled`,
});
