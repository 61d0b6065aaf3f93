/**
 * A counter sale's receipt (docs/api.md, GET /api/receipts/{id}): what it answers and where it lives. A walk-in
 * pays by the texted link with no account, so the receipt is reached by an unguessable link instead of a sign-in:
 * `/receipt/<order id>?t=<token>`, the token made with the order (receipts/). Browser-safe: the server builds the
 * view and the link, the receipt page reads them with these names.
 */
import type { Bill } from "./bill";
import type { PaymentStatus } from "./lifecycle";

/** The receipt page's path in the web app (react-router syntax) and the query parameter carrying the token. */
export const RECEIPT_PAGE_PATH = "/receipt/:id";
export const RECEIPT_TOKEN_PARAM = "t";

/** Wrong token, no token, unknown order: one answer, so a guess learns nothing. */
export const RECEIPT_NOT_FOUND = "Receipt not found";

/** The receipt's address on the site at `siteUrl` (its origin, no trailing slash needed). */
export function receiptUrl(siteUrl: string, orderId: string, token: string): string {
  const path = RECEIPT_PAGE_PATH.replace(":id", encodeURIComponent(orderId));
  return `${siteUrl.replace(/\/+$/, "")}${path}?${RECEIPT_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

export interface ReceiptLine {
  name: string;
  /** Which one: the color and feel, the weight's areas (null when the item has none). */
  detail: string | null;
  quantity: number;
  /** Unit price in cents; the line's amount is price × quantity. */
  priceCents: number;
}

/** What GET /api/receipts/{id} answers: the order's receipt and nothing else (no contact details, notes or staff). */
export interface ReceiptView {
  shopName: string;
  /** The order's number, "R-1042" (shared/orders.ts `orderReference`). */
  reference: string;
  /** The bag the paddle was in, shown beside the number ("R-1042 · Bag 104"); null for none. */
  bagNumber: string | null;
  /** When the order was made (ISO). */
  date: string;
  lines: ReceiptLine[];
  subtotalCents: number;
  discountAmountCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  payment: {
    status: PaymentStatus;
    /** How it was (or is to be) paid, in the counter's words (shared/payment.ts): `Card online`, `Cash at the counter`... */
    method: string;
    cardBrand: string | null;
    cardLast4: string | null;
    paidAt: string | null;
  };
  refundedAmountCents: number;
  /** The order's bill (shared/bill.ts), without the staff's names or notes: what the receipt page shows. */
  bill: Bill;
}
