import { isStaff } from "@regrip/core/actor";
import { forbidden } from "@regrip/core/errors";
import * as Orders from "@regrip/core/orders";
import * as Storefront from "@regrip/core/storefront";
import { api } from "../../http/handler";
import { sentJson } from "../../http/body-shape";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/book-service, two forms told apart by the body's shape: a
 * customer's own booking → 201 {id, requiresPayment}; staff's quick sale (the
 * body names a `customerId`; a customer sending one gets 403) → 201
 * {id, orderId, checkoutUrl, smsStatus, requiresPayment}. A repeat with the
 * same Idempotency-Key answers the same order.
 */
export const handler = api({ body: Storefront.BookServiceBody }, async (req) => {
  const actor = req.user();
  const idempotencyKey = req.header("idempotency-key");
  const raw = sentJson(req.event);
  if (Storefront.isQuickSaleBody(raw)) {
    if (!isStaff(actor)) throw forbidden("Forbidden: you don't have permission to do this.");
    const body = req.body();
    // The union fell through to the booking form: the quick sale's own refusal is the answer.
    const input = "customerId" in body ? body : Storefront.QuickSaleBooking.parse(raw);
    return json(await Storefront.quickSale(actor, input, { idempotencyKey, siteUrl: siteOrigin() }), 201);
  }
  const body = req.body();
  if ("customerId" in body) throw new Error("a body without customerId parsed as a quick sale");
  return json(await Orders.book(actor, body, { idempotencyKey }), 201);
});
