/**
 * The Stripe provider against a fake Stripe on localhost (never Stripe's
 * servers): what it asks Stripe for, and how it reads the answers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderItem } from "../orders/view";
import { stripeProvider } from "./stripe";

interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

let server: Server;
let port: number;
const seen: Seen[] = [];

const answers: Record<string, unknown> = {
  "POST /v1/checkout/sessions": { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_1" },
  "POST /v1/refunds": { id: "re_test_1", object: "refund", amount: 5300 },
  "GET /v1/payment_intents/pi_test_1": {
    id: "pi_test_1",
    object: "payment_intent",
    metadata: { orderId: "order-1" },
    latest_charge: { id: "ch_1", object: "charge", payment_method_details: { type: "card", card: { brand: "amex", last4: "0005" } } },
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const query = url.search ? url.searchParams : new URLSearchParams(body);
      seen.push({ method: req.method ?? "", path: url.pathname, params: query, headers: req.headers });
      const answer = answers[`${req.method} ${url.pathname}`];
      res.writeHead(answer ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(answer ?? { error: { type: "invalid_request_error", message: "No such thing" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const provider = () => stripeProvider("sk_test_fake", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });

const order = {
  id: "order-1",
  bagNumber: "042",
  lineItems: [
    { skuId: "a", name: "Strip and Grip", description: "Black, Tacky", priceCents: 4500, quantity: 1 },
    { skuId: "b", name: "Handle Build-Up", priceCents: 800, quantity: 1 },
  ],
  subtotalCents: 5300,
  discountAmountCents: 0,
  taxCents: 0,
  totalCents: 5300,
  currency: "usd",
  paymentStatus: "unpaid",
  paymentMethod: "STRIPE",
  refundedAmountCents: 0,
  stripePaymentIntentId: "pi_test_1",
  customer: { email: "casey@regrip.test" },
} as unknown as OrderItem;

describe("stripeProvider", () => {
  it("creates a payment-mode checkout session with the order's lines, its id in the metadata and the return urls", async () => {
    const session = await provider().createCheckoutSession(order, {
      siteUrl: "https://shop.example",
      successUrl: "https://shop.example/orders/o1?paid=1",
      cancelUrl: "https://shop.example/orders/o1?payment=canceled",
    });
    expect(session).toEqual({ id: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    const { params, headers } = seen.find((s) => s.path === "/v1/checkout/sessions")!;
    expect(headers.authorization).toBe("Bearer sk_test_fake");
    expect(Object.fromEntries(params)).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "4500",
      "line_items[0][price_data][product_data][name]": "Strip and Grip",
      "line_items[1][price_data][unit_amount]": "800",
      client_reference_id: "order-1",
      "metadata[orderId]": "order-1",
      "payment_intent_data[metadata][orderId]": "order-1",
      customer_email: "casey@regrip.test",
      success_url: "https://shop.example/orders/o1?paid=1",
      cancel_url: "https://shop.example/orders/o1?payment=canceled",
    });
  });

  it("carries a pickup's tip with the balance: one line more at the tip's amount, its id and cents in the session's metadata only", async () => {
    seen.length = 0;
    await provider().createCheckoutSession(order, {
      siteUrl: "https://shop.example",
      successUrl: "https://shop.example/orders/o1?paid=1",
      cancelUrl: "https://shop.example/orders/o1?payment=canceled",
      tip: { tipId: "tip-9", amountCents: 795 },
    });
    const sent = Object.fromEntries(seen.find((s) => s.path === "/v1/checkout/sessions")!.params);
    expect(sent).toMatchObject({
      "line_items[0][price_data][unit_amount]": "4500",
      "line_items[1][price_data][unit_amount]": "800",
      "line_items[2][quantity]": "1",
      "line_items[2][price_data][unit_amount]": "795",
      "line_items[2][price_data][product_data][name]": expect.stringMatching(/^Tip for Regrip order /),
      "metadata[orderId]": "order-1",
      "metadata[tipId]": "tip-9",
      "metadata[tipCents]": "795",
      "payment_intent_data[metadata][orderId]": "order-1",
    });
    // The payment intent is the order's alone: a refund of it gives back the order's money.
    expect(Object.keys(sent).filter((key) => key.startsWith("payment_intent_data[metadata]"))).toEqual(["payment_intent_data[metadata][orderId]"]);
  });

  it("closes the session at the time it is given (the unpaid hold's end), in Unix seconds", async () => {
    seen.length = 0;
    await provider().createCheckoutSession(order, {
      siteUrl: "https://shop.example",
      successUrl: "https://shop.example/orders/o1?paid=1",
      cancelUrl: "https://shop.example/orders/o1?payment=canceled",
      expiresAt: new Date("2026-05-01T12:45:30.900Z"),
    });
    const { params } = seen.find((s) => s.path === "/v1/checkout/sessions")!;
    expect(params.get("expires_at")).toBe(String(Date.parse("2026-05-01T12:45:30Z") / 1000));
  });

  it("says the unpaid hold's deadline beside the Pay button of a booking on hold, and nothing for an order off hold", async () => {
    seen.length = 0;
    const urls = { siteUrl: "https://shop.example", successUrl: "https://shop.example/orders/o1?paid=1", cancelUrl: "https://shop.example/orders/o1?payment=canceled" };
    const held = { ...order, status: "INVOICED", paymentStatus: "unpaid", statusHistory: [{ to: "INVOICED", at: new Date().toISOString() }], createdAt: new Date().toISOString() } as unknown as OrderItem;
    await provider().createCheckoutSession(held, urls);
    await provider().createCheckoutSession(order, urls);
    const [heldParams, otherParams] = seen.filter((s) => s.path === "/v1/checkout/sessions").map((s) => s.params);
    expect(heldParams!.get("custom_text[submit][message]")).toMatch(/^Pay by \d{1,2}:\d{2} [ap]m (today|tomorrow), or the booking is released\.$/);
    expect(otherParams!.get("custom_text[submit][message]")).toBeNull();
  });

  it("creates a payment-mode checkout for a tip: its amount, the tip's metadata (no orderId on the payment intent), once per tip", async () => {
    seen.length = 0;
    const session = await provider().createTipCheckout(
      { tipId: "tip-1", orderId: "order-1", userId: "user-1", amountCents: 795, currency: "usd", reference: "042", email: "casey@regrip.test" },
      { siteUrl: "https://shop.example", successUrl: "https://shop.example/orders/order-1?tipped=1", cancelUrl: "https://shop.example/orders/order-1?tip=canceled" },
    );
    expect(session).toEqual({ id: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    const { params, headers } = seen.find((s) => s.path === "/v1/checkout/sessions")!;
    const sent = Object.fromEntries(params);
    expect(sent).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "795",
      "line_items[0][price_data][product_data][name]": "Tip for Regrip order 042",
      "metadata[kind]": "tip",
      "metadata[orderId]": "order-1",
      "metadata[userId]": "user-1",
      "metadata[tipId]": "tip-1",
      "payment_intent_data[metadata][kind]": "tip",
      "payment_intent_data[metadata][tipId]": "tip-1",
      customer_email: "casey@regrip.test",
      success_url: "https://shop.example/orders/order-1?tipped=1",
      cancel_url: "https://shop.example/orders/order-1?tip=canceled",
    });
    // A refund or decline of the tip's card must never be taken for the order's own payment.
    expect(sent["payment_intent_data[metadata][orderId]"]).toBeUndefined();
    expect(sent.client_reference_id).toBeUndefined();
    expect(headers["idempotency-key"]).toBe("tip-tip-1");
  });

  it("creates a payment-mode checkout for a pack: its price, the pack's metadata (no orderId anywhere), once per pending pack", async () => {
    seen.length = 0;
    await provider().createPackCheckout(
      { packCreditId: "pc-1", userId: "user-1", name: "Ten regrips", amountCents: 12000, currency: "usd", email: "casey@regrip.test" },
      { siteUrl: "https://shop.example", successUrl: "https://shop.example/shop-tools?tab=packs&pack=paid", cancelUrl: "https://shop.example/shop-tools?tab=packs&pack=canceled" },
    );
    const { params, headers } = seen.find((s) => s.path === "/v1/checkout/sessions")!;
    const sent = Object.fromEntries(params);
    expect(sent).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "12000",
      "line_items[0][price_data][product_data][name]": "Regrip pack: Ten regrips",
      "metadata[kind]": "pack",
      "metadata[packCreditId]": "pc-1",
      "metadata[userId]": "user-1",
      "payment_intent_data[metadata][kind]": "pack",
      success_url: "https://shop.example/shop-tools?tab=packs&pack=paid",
    });
    expect(Object.keys(sent).filter((key) => key.includes("orderId"))).toEqual([]);
    expect(headers["idempotency-key"]).toBe("pack-pc-1");
  });

  it("refunds the order's payment intent once per amount (idempotency key)", async () => {
    expect(await provider().refund(order, 5300)).toEqual({ id: "re_test_1", amountCents: 5300 });
    const request = seen.find((s) => s.path === "/v1/refunds")!;
    expect(Object.fromEntries(request.params)).toMatchObject({ payment_intent: "pi_test_1", amount: "5300", "metadata[orderId]": "order-1" });
    expect(request.headers["idempotency-key"]).toBe("refund-order-1-5300");
  });

  it("reads the card of a completed session's payment intent, and the order of a payment intent", async () => {
    const details = await provider().paymentDetails({ id: "cs_test_1", payment_intent: "pi_test_1" } as never);
    expect(details).toEqual({ paymentIntentId: "pi_test_1", cardBrand: "amex", cardLast4: "0005" });
    expect(seen.some((s) => s.path === "/v1/payment_intents/pi_test_1" && s.params.get("expand[0]") === "latest_charge")).toBe(true);
    expect(await provider().orderIdOfPaymentIntent("pi_test_1")).toBe("order-1");
  });
});
