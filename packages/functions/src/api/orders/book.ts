import * as Orders from "@regrip/core/orders";
import * as Storefront from "@regrip/core/storefront";
import { api } from "../../http/handler";
import { sentJson } from "../../http/body-shape";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/book-service, two forms (Storefront.BookServiceBody): a customer's
 * own booking → 201 {id, requiresPayment}; staff's quick sale (the body names a
 * `customerId`) → 201 {id, orderId, checkoutUrl, smsStatus, requiresPayment}.
 * The quick sale is staff's only and asserts so before it reads the rest, so a
 * customer sending one hears 403 whatever else they sent. A repeat with the
 * same Idempotency-Key answers the same order.
 */
export const handler = api({ body: Storefront.BookServiceBody }, async (req) => {
  const actor = req.user();
  const idempotencyKey = req.header("idempotency-key");
  const sent = sentJson(req.event);
  // The body as sent, once the route's checks pass (JSON, the form's schema); the form's function parses it with its own.
  const form = <Form>() => {
    req.body();
    return sent as Form;
  };
  if (Storefront.isQuickSaleBody(sent)) {
    // Read once staff is asserted: the site's address (503 when unset), then the body.
    return json(await Storefront.quickSale(actor, () => ({ siteUrl: siteOrigin(), idempotencyKey, form: form<Storefront.QuickSaleBooking>() })), 201);
  }
  return json(await Orders.book(actor, { form: form<Orders.BookServiceInput>(), idempotencyKey }), 201);
});
