import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../../packages/core/src/db";
import { LOCAL_CARD, packCheckoutCompleted, packOfLocalSession } from "../../packages/core/src/payments/local";
import { packLineName } from "../../packages/core/src/payments/provider-parts";
import { PACK_CURRENCY, packReturnUrls } from "../../packages/core/src/shared/packs";
import { env } from "../env";
import type { LocalPayParts } from "./tip-payment";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The local payment page for a pack's session (`/local-pay/cs_local_pack_<userId>_<packCreditId>`, payments/local.ts):
 * the amount is the pending pack's, written when its checkout opened (packs/index.ts), never anything the browser
 * sends. Pay posts the signed `checkout.session.completed` Stripe would send (metadata.kind "pack") to the webhook and
 * goes back to Shop Tools' Packs tab with `pack=paid`; Cancel goes back with `pack=canceled`, posting nothing.
 * False when the session is not a pack's.
 */
export async function handlePackPay(req: IncomingMessage, res: ServerResponse, sessionId: string, action: string | undefined, parts: LocalPayParts): Promise<boolean> {
  const named = packOfLocalSession(sessionId);
  if (!named) return false;
  if (req.method === "POST") await parts.readBody(req);
  const { data: credit } = await db().entities.packCredit.get({ userId: named.userId, id: named.packCreditId }).go({ consistent: true });
  if (!credit || credit.stripeCheckoutSessionId !== sessionId) {
    parts.showGone(res, "There is no such checkout.");
    return true;
  }
  const urls = packReturnUrls(process.env[env.siteUrl] ?? "");
  if (credit.status === "paid") {
    // A second click on Pay, or a reload: the pack is paid, go where Stripe would.
    if (req.method === "POST") parts.redirect(res, urls.successUrl);
    else parts.showGone(res, "This pack is already paid. Thank you!", { href: urls.successUrl, label: "Back to your packs" });
    return true;
  }
  if (req.method === "GET" && !action) {
    parts.page(
      res,
      200,
      packLineName(credit.name),
      `<p class="notice" role="note">Test payments: no card is charged. Stripe's checkout stands here when STRIPE_SECRET_KEY is set.</p>
<h1>${escape(packLineName(credit.name))}</h1>
<table aria-label="Pack summary">
  <tbody><tr><td>${escape(`${credit.regrips} regrips`)}</td><td>${money(credit.priceCents)}</td></tr></tbody>
  <tfoot><tr><td>Total</td><td data-testid="total">${money(credit.priceCents)}</td></tr></tfoot>
</table>
<p>Card: ${escape(LOCAL_CARD.brand.toUpperCase())} ending in ${LOCAL_CARD.last4}</p>
<div class="actions">
  <form method="post" action="/local-pay/${encodeURIComponent(sessionId)}/pay"><button class="pay" type="submit">Pay ${money(credit.priceCents)}</button></form>
</div>
<p class="back"><a href="${escape(urls.cancelUrl)}">Cancel and return to Regrip</a></p>`,
    );
    return true;
  }
  if (req.method === "POST" && action === "pay") {
    await parts.deliver(req, packCheckoutCompleted({ packCreditId: credit.id, userId: credit.userId, amountCents: credit.priceCents, currency: PACK_CURRENCY }, sessionId));
    parts.redirect(res, urls.successUrl);
    return true;
  }
  res.writeHead(405, { "content-type": "text/plain; charset=utf-8" });
  res.end("Method not allowed");
  return true;
}
