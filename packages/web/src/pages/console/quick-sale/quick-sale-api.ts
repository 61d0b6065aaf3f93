import type { QuickSaleBooking } from "@regrip/core/shared/quick-sale";
import type { QuickSaleAnswer } from "@regrip/core/shared/storefront";
import { apiJson } from "../../../lib/api";

/** The quick-sale form of POST /api/book-service (docs/api-staff.md); one Idempotency-Key per saved booking. */
export function bookQuickSale(request: QuickSaleBooking, idempotencyKey: string): Promise<QuickSaleAnswer> {
  return apiJson("POST", "/api/book-service", request, { "Idempotency-Key": idempotencyKey });
}
