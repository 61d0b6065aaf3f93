import * as Storefront from "@regrip/core/storefront";
import { api } from "../../http/handler";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/orders/{id}/payment-link (staff): the payment link texted again, a fresh checkout for the balance;
 * `{ checkoutUrl, smsStatus, order }`. 409 when nothing is owed, 400 when the order has no phone to text.
 */
export const handler = api(async (req) => Storefront.resendPaymentLink(req.user(), () => ({ id: req.params.id, siteUrl: siteOrigin() })));
