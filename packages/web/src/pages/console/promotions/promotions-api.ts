/** The admin's promotion calls (docs/api-admin.md), with their query keys. The server checks every rule again. */
import type { PromotionAdminView, PromotionPage } from "@regrip/core/shared/promotions";
import { apiJson } from "../../../lib/api";

export const promotionKeys = {
  all: ["/api/admin/promotions"] as const,
  page: (cursor: string | null) => ["/api/admin/promotions", cursor] as const,
};

const PROMOTIONS_PER_PAGE = 50;

export function listPromotions(cursor: string | null) {
  const query = new URLSearchParams({ limit: String(PROMOTIONS_PER_PAGE), ...(cursor ? { cursor } : {}) });
  return apiJson<PromotionPage>("GET", `/api/admin/promotions?${query}`);
}

export function createPromotion(body: { code: string; percentage: number; amountCents: number }) {
  return apiJson<PromotionAdminView>("POST", "/api/admin/promotions", body);
}

export function updatePromotion(id: string, body: { code?: string; percentage?: number; amountCents?: number; isActive?: boolean }) {
  return apiJson<PromotionAdminView>("PATCH", `/api/admin/promotions/${encodeURIComponent(id)}`, body);
}

export function deletePromotion(id: string) {
  return apiJson<void>("DELETE", `/api/admin/promotions/${encodeURIComponent(id)}`);
}
