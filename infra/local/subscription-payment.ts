import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { subscriptionCheckoutEvents } from "../../packages/core/src/payments/local";
import { LIVE_SUBSCRIPTION_STATUSES, PLAN_TERMS, planPrice } from "../../packages/core/src/shared/membership";
import { pendingCheckout, subscriptionOf, subscriptionReturnUrls } from "../../packages/core/src/memberships";
import { env } from "../env";

/**
 * The local payment page's subscription checkout, at `/local-pay/cs_local_sub_...`: the plan, what it
 * covers and its monthly price, with Pay and Decline. What it shows and pays is the pending checkout written by
 * POST /api/subscriptions/checkout under the session id (subscriptions/index.ts `pendingCheckout`), never anything
 * the browser sends. Pay posts, signed as Stripe signs them, the events Stripe sends for a paid subscription
 * checkout (payments/local.ts `subscriptionCheckoutEvents`: customer.subscription.created, invoice.paid,
 * checkout.session.completed), then returns to Shop Tools' Subscription tab; a second Pay sends the same events
 * (applied once). Decline returns to the tab as Stripe's cancel URL does: nothing is made.
 */

/** What payment-page.ts lends this page (its one style, its CSP and its delivery to the webhook). */
export interface PageTools {
  page: (res: ServerResponse, status: number, title: string, body: string) => void;
  showGone: (res: ServerResponse, message: string, back?: { href: string; label: string }) => void;
  deliver: (req: IncomingMessage, event: Stripe.Event) => Promise<void>;
  redirect: (res: ServerResponse, location: string) => void;
  readBody: (req: IncomingMessage) => Promise<void>;
  escape: (text: string) => string;
}

export async function handleSubscriptionPay(req: IncomingMessage, res: ServerResponse, sessionId: string, action: string | undefined, tools: PageTools): Promise<boolean> {
  if (req.method === "POST") await tools.readBody(req);
  const pending = await pendingCheckout(sessionId);
  const urls = subscriptionReturnUrls(process.env[env.siteUrl] ?? "");
  const back = { href: urls.cancelUrl, label: "Back to Shop Tools" };
  if (!pending) {
    tools.showGone(res, "There is no such checkout, or it has expired. Start again from Shop Tools.", back);
    return true;
  }
  const existing = await subscriptionOf(pending.userId, { consistent: true });
  if (existing && LIVE_SUBSCRIPTION_STATUSES.has(existing.status)) {
    // Paid already (a second click on Pay, a reload): go where Stripe would.
    if (req.method === "POST") tools.redirect(res, urls.successUrl);
    else tools.showGone(res, "You already have a membership.", back);
    return true;
  }
  const terms = PLAN_TERMS[pending.plan];
  const price = `$${(pending.priceCents / 100).toFixed(2)}`;
  if (req.method === "GET" && !action) {
    const formAction = `/local-pay/${encodeURIComponent(sessionId)}`;
    tools.page(
      res,
      200,
      `Subscribe to the ${terms.name.toLowerCase()}`,
      `<p class="notice" role="note">Test payments: no card is charged. Stripe's checkout stands here when STRIPE_SECRET_KEY is set.</p>
<h1>${tools.escape(terms.name)}</h1>
<p>${tools.escape(terms.summary)}.</p>
<table aria-label="Subscription summary">
  <tbody><tr><td>${tools.escape(terms.name)}, billed monthly</td><td>${tools.escape(planPrice(pending.plan))}</td></tr></tbody>
  <tfoot><tr><td>Due today</td><td data-testid="total">${price}</td></tr></tfoot>
</table>
<div class="actions">
  <form method="post" action="${formAction}/decline"><button class="decline" type="submit">Decline</button></form>
  <form method="post" action="${formAction}/pay"><button class="pay" type="submit">Pay ${price}</button></form>
</div>
<p class="back"><a href="${tools.escape(urls.cancelUrl)}">Cancel and return to Regrip</a></p>`,
    );
    return true;
  }
  if (req.method === "POST" && action === "pay") {
    for (const event of subscriptionCheckoutEvents(pending).events) await tools.deliver(req, event);
    tools.redirect(res, urls.successUrl);
    return true;
  }
  if (req.method === "POST" && action === "decline") {
    tools.redirect(res, urls.cancelUrl);
    return true;
  }
  res.writeHead(405, { "content-type": "text/plain; charset=utf-8" });
  res.end("Method not allowed");
  return true;
}
