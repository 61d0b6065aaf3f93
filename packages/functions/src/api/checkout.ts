import { Orders } from "@regrip/core/orders";
import { Payments } from "@regrip/core/payments";
import { env } from "../../../../infra/env";
import { api, type ApiRequest } from "../http/handler";

/**
 * The site's origin for the checkout's return links: SITE_URL, or, on a
 * stage that does not know its URL yet, the viewer's host that CloudFront
 * copies into X-Forwarded-Host.
 */
function siteOrigin(req: ApiRequest): string {
  const configured = process.env[env.siteUrl];
  if (configured) return configured.replace(/\/+$/, "");
  const host = req.header("x-forwarded-host");
  return host ? `https://${host}` : "";
}

/** POST /api/orders/{id}/checkout: {url} of a card checkout for the order's stored total; 409 when nothing is owed. */
export const create = api(async (req) => {
  const actor = req.user();
  const order = await Orders.find(actor, req.params.id ?? "");
  return Payments.startCheckout(order, { siteUrl: siteOrigin(req) });
});
