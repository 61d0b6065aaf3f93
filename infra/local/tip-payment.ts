import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { db } from "../../packages/core/src/db";
import { LOCAL_CARD, tipCheckoutCompleted, tipOfLocalSession } from "../../packages/core/src/payments/local";
import { tipLineName } from "../../packages/core/src/payments/provider-parts";
import { orderReference } from "../../packages/core/src/shared/orders";
import { tipReturnUrls } from "../../packages/core/src/shared/tips";
import { env } from "../env";

/** What the payment page (payment-page.ts) lends its tip sessions: its page, its webhook delivery and its redirects. */
export interface LocalPayParts {
  page(res: ServerResponse, status: number, title: string, body: string): void;
  deliver(req: IncomingMessage, event: Stripe.Event): Promise<void>;
  redirect(res: ServerResponse, location: string): void;
  readBody(req: IncomingMessage): Promise<void>;
  showGone(res: ServerResponse, message: string, back?: { href: string; label: string }): void;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The local payment page for a tip's session (`/local-pay/cs_local_tip_<orderId>_<tipId>`, payments/local.ts): the
 * amount is the pending tip item's, written when its checkout opened (tips/index.ts), never anything the browser
 * sends. Pay posts the signed `checkout.session.completed` Stripe would send (metadata.kind "tip") to the webhook
 * and goes back to the order's page with `?tipped=1`; Cancel goes back with `?tip=canceled`, posting nothing.
 * False when the session is not a tip's.
 */
export async function handleTipPay(req: IncomingMessage, res: ServerResponse, sessionId: string, action: string | undefined, parts: LocalPayParts): Promise<boolean> {
  const named = tipOfLocalSession(sessionId);
  if (!named) return false;
  if (req.method === "POST") await parts.readBody(req);
  const { data: tip } = await db().entities.tip.get({ orderId: named.orderId, id: named.tipId }).go({ consistent: true });
  const { data: order } = tip ? await db().entities.serviceOrder.get({ id: tip.orderId }).go() : { data: null };
  if (!tip || !order || tip.stripeCheckoutSessionId !== sessionId) {
    parts.showGone(res, "There is no such checkout.");
    return true;
  }
  const urls = tipReturnUrls(process.env[env.siteUrl] ?? "", order.id);
  if (tip.status === "paid") {
    // A second click on Pay, or a reload: the tip is paid, go where Stripe would.
    if (req.method === "POST") parts.redirect(res, urls.successUrl);
    else parts.showGone(res, "This tip is already paid. Thank you!", { href: urls.successUrl, label: "Back to your order" });
    return true;
  }
  if (req.method === "GET" && !action) {
    const reference = orderReference(order);
    parts.page(
      res,
      200,
      `Tip for order ${reference}`,
      `<p class="notice" role="note">Test payments: no card is charged. Stripe's checkout stands here when STRIPE_SECRET_KEY is set.</p>
<h1>${escape(tipLineName(reference))}</h1>
<table aria-label="Tip summary">
  <tbody><tr><td>Tip</td><td>${money(tip.amountCents)}</td></tr></tbody>
  <tfoot><tr><td>Total</td><td data-testid="total">${money(tip.amountCents)}</td></tr></tfoot>
</table>
<p>Card: ${escape(LOCAL_CARD.brand.toUpperCase())} ending in ${LOCAL_CARD.last4}</p>
<div class="actions">
  <form method="post" action="/local-pay/${encodeURIComponent(sessionId)}/pay"><button class="pay" type="submit">Pay ${money(tip.amountCents)}</button></form>
</div>
<p class="back"><a href="${escape(urls.cancelUrl)}">Cancel and return to Regrip</a></p>`,
    );
    return true;
  }
  if (req.method === "POST" && action === "pay") {
    await parts.deliver(req, tipCheckoutCompleted({ ...tip, tipId: tip.id }, sessionId));
    parts.redirect(res, urls.successUrl);
    return true;
  }
  res.writeHead(405, { "content-type": "text/plain; charset=utf-8" });
  res.end("Method not allowed");
  return true;
}
