import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../../packages/core/src/db";
import type { OrderItem } from "../../packages/core/src/orders/view";
import { checkoutUrls, HOLD_ENDED } from "../../packages/core/src/payments/checkout";
import { checkoutCompleted, isLocalSubscriptionSession, LOCAL_CARD, orderIdOfLocalSession, paymentFailed, signed, tipIdOfLocalSession } from "../../packages/core/src/payments/local";
import { tipLineName, type TipWithPayment } from "../../packages/core/src/payments/provider-parts";
import { orderReference } from "../../packages/core/src/payments/provider";
import { billOf, type Bill } from "../../packages/core/src/shared/bill";
import { billAmount, billLineRows, billPaymentRows, billTotalRows, type BillRow } from "../../packages/core/src/shared/bill-rows";
import { orderTitle } from "../../packages/core/src/shared/orders";
import { holdDeadline, isHoldExpired } from "../../packages/core/src/shared/unpaid-hold";
import type Stripe from "stripe";
import { env } from "../env";
import { handleSubscriptionPay } from "./subscription-payment";
import { handleTipPay } from "./tip-payment";
import { handlePackPay } from "./pack-payment";
import { stripeWebhookPath } from "./webhooks";

/**
 * The local stand-in for Stripe Checkout (no Stripe account needed on one machine), at `/local-pay/<sessionId>`:
 * the order's number, lines and total, with Pay, Decline, and a link back
 * (Stripe's back link: the session's cancel URL, nothing posted). Like Stripe
 * it answers Pay and Decline by posting a correctly signed event to the
 * webhook (`/webhooks/stripe`, the real handler), then sends the browser to
 * the session's success or cancel URL (the order's page, which says what
 * happened). It is not part of the web app: in the
 * cloud, Stripe's own page stands here.
 */
export const localPayPrefix = "/local-pay/";

/** The signing secret `npm start` gives the webhook when `.env` sets none. */
export const localWebhookSecret = "whsec_local_regrip_payment_page";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The page's only inline code: styled by its hash in the page's own CSP, so nothing else inline runs or styles. */
const styles = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1b1f24; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .notice { font-size: .85rem; background: #fff4d6; color: #5c4400; border-radius: 6px; padding: .5rem .75rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  td { padding: .35rem 0; border-bottom: 1px solid #e3e6ea; }
  td:last-child { text-align: right; }
  .total td { font-weight: 700; border-top: 2px solid #1b1f24; }
  .payments td { color: #44505c; font-size: .9rem; }
  .balance td { font-weight: 700; color: #1b1f24; }
  small { color: #44505c; }
  .actions { display: flex; gap: .75rem; }
  button { flex: 1; font-size: 1rem; padding: .75rem; border-radius: 8px; border: 1px solid #1b1f24; cursor: pointer; }
  .pay { background: #0b6b3a; color: #fff; border-color: #0b6b3a; }
  .decline { background: #fff; color: #8a1c1c; border-color: #8a1c1c; }
  a { color: #0b4f8a; }
  .back { margin: 1.25rem 0 0; text-align: center; }
`;

/**
 * Stricter than the app's CSP (infra/headers.ts), and its own: no script at all, its one style block by hash,
 * and forms that post to itself, whose answers send the browser back to the site (Stripe's success or cancel URL).
 */
export function paymentPagePolicy(siteUrl: string): string {
  const site = URL.canParse(siteUrl) ? ` ${new URL(siteUrl).origin}` : "";
  const styleHash = createHash("sha256").update(styles).digest("base64");
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `form-action 'self'${site}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": paymentPagePolicy(process.env[env.siteUrl] ?? ""),
  });
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Regrip test payments</title>
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`);
}

function readBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    req.on("data", () => undefined);
    req.on("end", () => resolve());
    req.on("error", reject);
  });
}

async function currentOrder(sessionId: string): Promise<{ order: OrderItem | null; current: boolean }> {
  const orderId = orderIdOfLocalSession(sessionId);
  if (!orderId) return { order: null, current: false };
  const { data: order } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
  return { order, current: !!order && order.stripeCheckoutSessionId === sessionId };
}

/** Posts `event`, signed as Stripe signs it, to this server's webhook path. */
async function deliver(req: IncomingMessage, event: Stripe.Event): Promise<void> {
  const secret = process.env.STRIPE_WEBHOOK_SECRET || localWebhookSecret;
  const { payload, signature } = signed(event, secret);
  const answer = await fetch(`http://127.0.0.1:${req.socket.localPort}${stripeWebhookPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) local payment page" },
    body: payload,
  });
  if (!answer.ok) throw new Error(`the webhook answered ${answer.status}: ${await answer.text()}`);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

/** The bill's rows as the web app's pages show them (shared/bill-rows.ts): lines, what came off, tax, Total, payments. */
function billTable(bill: Bill): string {
  const row = (r: BillRow, testId?: string) =>
    `<tr class="${r.kind}"><td>${escape(r.label)}${r.detail ? `<br><small>${escape(r.detail)}</small>` : ""}</td><td${testId ? ` data-testid="${testId}"` : ""}>${escape(billAmount(r))}</td></tr>`;
  const lines = billLineRows(bill).map((r) => row(r)).join("");
  const totals = billTotalRows(bill)
    .map((r) => row(r, r.label === "Total" ? "total" : undefined))
    .join("");
  const payments = billPaymentRows(bill, { showWho: false })
    .map((r) => row(r, r.kind === "balance" ? "balance" : undefined))
    .join("");
  return `<table aria-label="Order summary">
  <tbody>${lines}</tbody>
  <tbody class="totals">${totals}</tbody>
  <tbody class="payments">${payments}</tbody>
</table>`;
}

/** The pending tip a pickup's session carries with the balance (`tipIdOfLocalSession`), as written when it opened. */
async function tipWithPayment(sessionId: string, orderId: string): Promise<TipWithPayment | undefined> {
  const tipId = tipIdOfLocalSession(sessionId);
  if (!tipId) return undefined;
  const { data: tip } = await db().entities.tip.get({ orderId, id: tipId }).go({ consistent: true });
  return tip && tip.stripeCheckoutSessionId === sessionId ? { tipId: tip.id, amountCents: tip.amountCents } : undefined;
}

function showCheckout(res: ServerResponse, sessionId: string, order: OrderItem, cancelUrl: string, tip?: TipWithPayment) {
  const action = `${localPayPrefix}${encodeURIComponent(sessionId)}`;
  // Every amount the page shows is the order's bill's (the balance is what this session charges), the tip beside it.
  const bill = billOf(order);
  // A pickup's tip rides with the balance, as Stripe's page shows it: one line more, after the bill.
  const tipRows = tip
    ? `<table aria-label="Tip"><tbody><tr><td>${escape(tipLineName(orderReference(order)))}</td><td data-testid="tip">${money(tip.amountCents)}</td></tr></tbody>
  <tbody class="totals"><tr class="total"><td>To pay now</td><td data-testid="to-pay">${money(bill.balanceCents + tip.amountCents)}</td></tr></tbody></table>\n`
    : "";
  // A booking on its unpaid hold: the same deadline its confirmation and order page state.
  const payBy = holdDeadline(order, new Date());
  page(
    res,
    200,
    `Pay order ${orderReference(order)}`,
    `<p class="notice" role="note">Test payments: no card is charged. Stripe's checkout stands here when STRIPE_SECRET_KEY is set.</p>
<h1>${escape(orderTitle(order))}</h1>
${billTable(bill)}
${tipRows}${payBy ? `<p class="deadline" data-testid="pay-by">${escape(payBy)}.</p>\n` : ""}<p>Card: ${escape(LOCAL_CARD.brand.toUpperCase())} ending in ${LOCAL_CARD.last4}</p>
<div class="actions">
  <form method="post" action="${action}/decline"><button class="decline" type="submit">Decline</button></form>
  <form method="post" action="${action}/pay"><button class="pay" type="submit">Pay ${money(bill.balanceCents + (tip?.amountCents ?? 0))}</button></form>
</div>
<p class="back"><a href="${escape(cancelUrl)}">Cancel and return to Regrip</a></p>`,
  );
}

function showGone(res: ServerResponse, message: string, back: { href: string; label: string } = { href: "/my-grips", label: "Back to My Grips" }) {
  page(res, 410, "Checkout unavailable", `<h1>Checkout unavailable</h1><p>${escape(message)}</p><p><a href="${escape(back.href)}">${escape(back.label)}</a></p>`);
}

/** Answers `/local-pay/...`; false when the request is not for the payment page. */
export async function handleLocalPay(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (!path.startsWith(localPayPrefix)) return false;
  const [rawSession, action] = path.slice(localPayPrefix.length).split("/");
  const sessionId = decodeURIComponent(rawSession ?? "");
  if (isLocalSubscriptionSession(sessionId)) return handleSubscriptionPay(req, res, sessionId, action, { page, showGone, deliver, redirect, readBody, escape });
  if (await handleTipPay(req, res, sessionId, action, { page, deliver, redirect, readBody, showGone })) return true;
  if (await handlePackPay(req, res, sessionId, action, { page, deliver, redirect, readBody, showGone })) return true;
  const { order, current } = await currentOrder(sessionId);
  if (req.method === "POST") await readBody(req);

  if (!order) {
    showGone(res, "There is no such checkout.");
    return true;
  }
  const urls = checkoutUrls(process.env[env.siteUrl] ?? "", order);
  if (order.paymentStatus === "paid") {
    // A second click on Pay, or a reload: the order is paid, go where Stripe would.
    if (req.method === "POST") redirect(res, urls.successUrl);
    // A walk-in opening the texted link again has no My Grips: their receipt instead.
    else showGone(res, "This order is already paid.", order.receiptToken ? { href: urls.successUrl, label: "See your receipt" } : undefined);
    return true;
  }
  // As Stripe closes a session at its expires_at: nobody pays for an order that is canceled or past its hold.
  if (order.status === "CANCELED") {
    showGone(res, "This order was canceled, so it can no longer be paid.");
    return true;
  }
  if (isHoldExpired(order, new Date())) {
    showGone(res, HOLD_ENDED);
    return true;
  }
  if (!current) {
    showGone(res, "This checkout session has expired. Start the payment again from your order.");
    return true;
  }
  const tip = await tipWithPayment(sessionId, order.id);
  if (req.method === "GET" && !action) {
    showCheckout(res, sessionId, order, urls.cancelUrl, tip);
    return true;
  }
  if (req.method === "POST" && action === "pay") {
    await deliver(req, checkoutCompleted(order, sessionId, { tip }));
    redirect(res, urls.successUrl);
    return true;
  }
  if (req.method === "POST" && action === "decline") {
    await deliver(req, paymentFailed(order));
    redirect(res, urls.cancelUrl);
    return true;
  }
  res.writeHead(405, { "content-type": "text/plain; charset=utf-8" });
  res.end("Method not allowed");
  return true;
}
