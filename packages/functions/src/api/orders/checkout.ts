// The checkout alone, not the payments namespace: the refund writer stays out of this Lambda (npm run bench:lambda).
import * as Payments from "@regrip/core/payments/checkout";
import { api } from "../../http/handler";
import { siteOrigin } from "../../http/site";

/** POST /api/orders/{id}/checkout: {url} of a card checkout for the order's stored total; 409 when nothing is owed. */
export const handler = api(async (req) => Payments.startCheckout(req.user(), () => ({ id: req.params.id, siteUrl: siteOrigin() })));
