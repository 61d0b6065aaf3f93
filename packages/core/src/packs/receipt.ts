/**
 * A pack's receipt, by text and email as the customer allows each (`Texts.notify`): an effect of the write that
 * credits the pack (./record.ts), so it goes once however often Stripe reports the payment.
 */
import { env } from "../../../../infra/env";
import type { Effect } from "../db/effects";
import { formatDate, localOf } from "../shared/calendar";

/** Shop Tools' Packs tab. */
function packsUrl(): string | undefined {
  const site = process.env[env.siteUrl]?.replace(/\/+$/, "");
  return site ? `${site}/shop-tools?tab=packs` : undefined;
}

export function packReceipt(userId: string, pack: { id: string; name: string; regrips: number; priceCents: number; expiresAt?: string; pointsEarned: number }): Effect {
  return {
    name: `send pack receipt of ${pack.id} to ${userId}`,
    run: async () =>
      (await import("../texts")).Texts.notify(
        "packReceipt",
        {
          packName: pack.name,
          regrips: pack.regrips,
          amountCents: pack.priceCents,
          goodUntil: pack.expiresAt ? `Good until ${formatDate(localOf(new Date(pack.expiresAt)).date)}` : undefined,
          pointsEarned: pack.pointsEarned,
          packsUrl: packsUrl(),
        },
        { userId },
      ),
  };
}
