/** A customer's bought packs, read: the small part the booking's and the counter's Lambdas load (./credit.ts). */
import type { EntityItem } from "electrodb";
import { db } from "../db";
import type { PackCredit } from "../entities";
import { creditsLeft, type PackCreditView } from "../shared/packs";

export type PackCreditItem = EntityItem<PackCredit>;

export function creditView(credit: PackCreditItem, now: Date): PackCreditView {
  return {
    id: credit.id,
    packId: credit.packId,
    name: credit.name,
    regrips: credit.regrips,
    used: credit.used,
    left: creditsLeft(credit, now),
    services: [...credit.services],
    priceCents: credit.priceCents,
    paidAt: credit.paidAt ?? null,
    expiresAt: credit.expiresAt ?? null,
    refundedCents: credit.refundedCents ?? 0,
    refunded: credit.status === "refunded",
  };
}

/** A customer's bought packs (paid ones, and those since refunded), newest first: one Query of their packs' partition. */
export async function paidCreditsOf(userId: string, options: { consistent?: boolean } = {}): Promise<PackCreditItem[]> {
  const { data } = await db().entities.packCredit.query.byUser({ userId }).go({ pages: "all", consistent: options.consistent });
  return data.filter((credit) => credit.status !== "pending").sort((a, b) => (b.paidAt ?? "").localeCompare(a.paidAt ?? ""));
}

/** The packs of `userId` as the pages show them, and the credits still good in all. */
export async function balanceOf(userId: string, now: Date = new Date()): Promise<{ items: PackCreditView[]; left: number }> {
  const items = (await paidCreditsOf(userId)).map((credit) => creditView(credit, now));
  return { items, left: items.reduce((sum, credit) => sum + credit.left, 0) };
}
