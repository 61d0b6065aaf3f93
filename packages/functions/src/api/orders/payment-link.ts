import * as Storefront from "@regrip/core/storefront";
import { PhoneConfirmedInput } from "@regrip/core/shared/counter-sale";
import * as z from "zod/mini";
import { api } from "../../http/handler";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/orders/{id}/payment-link (staff) `{ phoneConfirmed? }`: the payment link texted again, a fresh checkout
 * for the balance; `{ checkoutUrl, smsStatus, order }`. 409 when nothing is owed, 400 when the order has no phone to
 * text, 428 when the number is neither verified nor confirmed with the customer by the employee.
 */
export const handler = api({ body: z.object({ phoneConfirmed: PhoneConfirmedInput }) }, async (req) =>
  Storefront.resendPaymentLink(req.user(), () => ({ id: req.params.id, siteUrl: siteOrigin(), phoneConfirmed: req.body().phoneConfirmed })),
);
