import * as Orders from "@regrip/core/orders";
import type { QuickSaleBooking } from "@regrip/core/shared/quick-sale";
import { api } from "../../http/handler";
import { sentJson } from "../../http/body-shape";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/book-service, two forms (Orders.BookServiceBody): a customer's
 * own booking → 201 {id, requiresPayment}; staff's quick sale (the body names a
 * `customerId`) → 201 {id, orderId, checkoutUrl, smsStatus, requiresPayment}.
 * The quick sale is staff's only and asserts so before it reads the rest, so a
 * customer sending one hears 403 whatever else they sent. A repeat with the
 * same Idempotency-Key answers the same order.
 *
 * The quick sale's code (storefront/: its paddle, checkout and text) loads only
 * for a quick sale, so a customer's booking does not carry it on a cold start
 * (`npm run bench:lambda`).
 */
export const handler = api({ body: Orders.BookServiceBody }, async (req) => {
  const actor = req.user();
  const idempotencyKey = req.header("idempotency-key");
  const sent = sentJson(req.event);
  // The body as sent, once the route's checks pass (JSON, the form's schema); the form's function parses it with its own.
  const form = <Form>() => {
    req.body();
    return sent as Form;
  };
  if (Orders.isQuickSaleBody(sent)) {
    const { Storefront } = await import("@regrip/core/storefront");
    // Read once staff is asserted: the site's address (503 when unset), then the body.
    return json(await Storefront.quickSale(actor, () => ({ siteUrl: siteOrigin(), idempotencyKey, form: form<QuickSaleBooking>() })), 201);
  }
  return json(await Orders.book(actor, { form: form<Orders.BookServiceInput>(), idempotencyKey }), 201);
});
