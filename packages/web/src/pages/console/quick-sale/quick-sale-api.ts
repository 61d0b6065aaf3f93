import type { QuickSaleBooking } from "@regrip/core/shared/quick-sale";
import { apiJson } from "../../../lib/api";
import type { SmsStatus } from "../storefront-booking/storefront-api";

export interface QuickSaleAnswer {
  id: string;
  orderId: string;
  /** The order's short reference (shared/orders.ts `orderReference`): its bag number. */
  reference: string;
  bagNumber: string | null;
  /** True when the bag was left blank and the server chose it. */
  bagAssigned: boolean;
  checkoutUrl: string | null;
  smsStatus?: SmsStatus;
  requiresPayment: boolean;
}

/** The quick-sale form of POST /api/book-service (docs/api-staff.md); one Idempotency-Key per saved booking. */
export function bookQuickSale(request: QuickSaleBooking, idempotencyKey: string): Promise<QuickSaleAnswer> {
  return apiJson("POST", "/api/book-service", request, { "Idempotency-Key": idempotencyKey });
}
