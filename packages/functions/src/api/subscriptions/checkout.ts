import * as Subscriptions from "@regrip/core/subscriptions";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/** POST /api/subscriptions/checkout {plan, paddleIds}: 201 {url} of a checkout in subscription mode; 400 bad plan or paddles, 409 already a member. */
export const handler = api({ body: Subscriptions.SubscriptionCheckoutForm }, async (req) =>
  json(await Subscriptions.checkout(req.user(), () => ({ form: req.body(), siteUrl: siteOrigin() })), 201),
);
