import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/** POST /api/subscriptions/checkout {plan, paddleIds}: 201 {url} of a checkout in subscription mode; 400 bad plan or paddles, 409 already a member. */
export const handler = api({ body: Memberships.MembershipCheckoutForm }, async (req) =>
  json(await Memberships.checkout(req.user(), () => ({ form: req.body(), siteUrl: siteOrigin() })), 201),
);
