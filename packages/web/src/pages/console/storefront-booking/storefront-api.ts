/** The storefront calls (docs/api-staff.md, Storefront and quick sale). */
import { useQuery } from "@tanstack/react-query";
import type { Discount } from "@regrip/core/shared/promo";
import type { InvoiceAnswer, StorefrontInvoice, StorefrontProducts } from "@regrip/core/shared/storefront";
import { apiJson } from "../../../lib/api";

export function useStorefrontProducts() {
  // Never cached: stock and visibility change with every order and every admin edit.
  return useQuery({ queryKey: ["/api/storefront/products"], queryFn: () => apiJson<StorefrontProducts>("GET", "/api/storefront/products"), refetchOnMount: "always" });
}

export function createInvoice(request: StorefrontInvoice, idempotencyKey: string): Promise<InvoiceAnswer> {
  return apiJson("POST", "/api/storefront/invoice", request, { "Idempotency-Key": idempotencyKey });
}

/** GET /api/promotions/{code}: the promotion, or 404 with the server's message. */
export function fetchPromotion(code: string): Promise<Discount> {
  return apiJson("GET", `/api/promotions/${encodeURIComponent(code)}`);
}
