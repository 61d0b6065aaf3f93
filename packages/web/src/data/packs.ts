/**
 * The customer's packs of regrips (docs/api.md): the packs on sale (GET /api/packs), a pack's checkout, and the
 * caller's own packs with their balance (GET /api/packs/mine). The rules and words are @regrip/core/shared/packs.
 */
import { useQuery } from "@tanstack/react-query";
import type { PackCreditView, PackView } from "@regrip/core/shared/packs";
import { apiJson } from "../lib/api";

const packsOnSaleQueryKey = ["/api/packs"] as const;
export const myPacksQueryKey = ["/api/packs/mine"] as const;

export function usePacksOnSale() {
  return useQuery({ queryKey: packsOnSaleQueryKey, queryFn: () => apiJson<{ items: PackView[] }>("GET", "/api/packs") });
}

/** The caller's packs and the credits left in all; asked only when `enabled` (signed in). A booking and a cancel change it. */
export function useMyPacks(enabled = true) {
  return useQuery({ queryKey: myPacksQueryKey, queryFn: () => apiJson<{ items: PackCreditView[]; left: number }>("GET", "/api/packs/mine"), enabled });
}

/** POST /api/packs/{id}/checkout: where to pay for the pack (Stripe Checkout, or the local payment page). */
export function buyPack(id: string): Promise<{ url: string }> {
  return apiJson("POST", `/api/packs/${encodeURIComponent(id)}/checkout`);
}
