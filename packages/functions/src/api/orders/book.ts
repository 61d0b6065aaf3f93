// The booking's own modules, not the orders barrel: the barrel's other functions' lazy code (a refund's, ...)
// would weigh on this Lambda's cold start (`npm run bench:lambda`).
import { book, type BookServiceInput } from "@regrip/core/orders/booking";
import { BookServiceBody, isQuickSaleBody } from "@regrip/core/orders/book-service";
import type { QuickSaleBooking } from "@regrip/core/shared/quick-sale";
import { api } from "../../http/handler";
import { sentJson } from "../../http/body-shape";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/book-service, two forms (BookServiceBody): a customer's
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
export const handler = api({ body: BookServiceBody }, async (req) => {
  const actor = req.user();
  const idempotencyKey = req.header("idempotency-key");
  const sent = sentJson(req.event);
  // The body as sent, once the route's checks pass (JSON, the form's schema); the form's function parses it with its own.
  const form = <Form>() => {
    req.body();
    return sent as Form;
  };
  if (isQuickSaleBody(sent)) {
    const { Storefront } = await import("@regrip/core/storefront");
    // Read once staff is asserted: the site's address (503 when unset), then the body.
    return json(await Storefront.quickSale(actor, () => ({ siteUrl: siteOrigin(), idempotencyKey, form: form<QuickSaleBooking>() })), 201);
  }
  return json(await book(actor, { form: form<BookServiceInput>(), idempotencyKey }), 201);
});
