/**
 * Card payments in the cloud without a Stripe key: the handlers started as Lambda starts them (AWS_LAMBDA_FUNCTION_NAME
 * and the function's own route in REGRIP_ROUTE, as stacks/Api.ts sets them) answer 503 "Card payments are not set up",
 * log an error line for the payment functions' alarm, and never load the local payment provider, whose refunds and
 * cancels would answer success with no money behind them.
 *
 * The caller's token and the order read are replaced (no user pool, no table here); everything between the event and
 * the provider's choice runs as deployed.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHmac } from "node:crypto";
import type { UserActor } from "@regrip/core/actor";
import type { OrderItem } from "../../core/src/orders/view";
import { NOT_SET_UP, usePaymentProvider } from "@regrip/core/payments";
import { ownRouteVariable } from "./http/own-route";
import { findRoute } from "./routes";

const loaded = vi.hoisted(() => ({ local: 0 }));

// The local provider's module: loading it at all fails the test.
vi.mock("../../core/src/payments/local", () => {
  loaded.local++;
  throw new Error("The local payment provider was loaded inside Lambda");
});

const customer: UserActor = { type: "user", userId: "user_lambda_1", username: "casey", email: "casey@example.com", roles: ["CUSTOMER"] } as UserActor;

vi.mock("./http/token", async (original) => ({
  ...(await original<typeof import("./http/token")>()),
  verifyIdToken: async () => customer,
}));

const order = {
  id: "order_lambda_1",
  userId: customer.userId,
  status: "AWAITING_PAYMENT",
  paymentStatus: "unpaid",
  totalCents: 4500,
  currency: "usd",
  refundedAmountCents: 0,
  createdAt: new Date().toISOString(),
} as unknown as OrderItem;

vi.mock("../../core/src/orders/owned", () => ({ find: async () => order }));

const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);

function apiEvent(key: string, pathParameters: Record<string, string>, body?: unknown): APIGatewayProxyEventV2 {
  return {
    routeKey: key,
    rawPath: "/",
    headers: { authorization: "Bearer a-token", "content-type": "application/json" },
    pathParameters,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: key.split(" ")[0], sourceIp: "203.0.113.9", userAgent: "vitest" } },
  } as unknown as APIGatewayProxyEventV2;
}

/** Starts `key`'s function as its stack deploys it: its own route in REGRIP_ROUTE, inside a named Lambda function. */
function asLambda(key: string): void {
  const route = findRoute(key)!;
  vi.stubEnv("REGRIP_ROUTE", ownRouteVariable(route));
  vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", `dev-regrip-Api-${route.handler.split("/").slice(-2).join("-")}`);
}

const message = (reply: { body?: string }) => (JSON.parse(reply.body ?? "{}") as { message?: string }).message;

beforeEach(() => {
  usePaymentProvider(undefined);
  errors.mockClear();
  vi.stubEnv("SITE_URL", "https://shop.regrip.example");
  vi.stubEnv("COGNITO_ISSUER", "https://issuer.example");
  vi.stubEnv("COGNITO_CLIENT_ID", "client");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("SST_SSM_PREFIX", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
  usePaymentProvider(undefined);
});

describe("card payments inside Lambda with no Stripe key", () => {
  const checkoutKey = "POST /api/orders/{id}/checkout";

  it.each([
    ["unset", ""],
    ["a placeholder", "changeme"],
    ["an SST fallback left as a word", "none"],
  ])("the checkout route answers 503 when the key is %s, logs the refusal as an error, and never loads the local provider", async (_, key) => {
    vi.stubEnv("STRIPE_SECRET_KEY", key);
    asLambda(checkoutKey);
    const { handler } = await import("./api/orders/checkout");
    const reply = await handler(apiEvent(checkoutKey, { id: order.id }));
    expect(reply.statusCode).toBe(503);
    expect(message(reply)).toBe(NOT_SET_UP);
    expect(NOT_SET_UP).toBe("Card payments are not set up");
    expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining(`Payment refused: ${NOT_SET_UP}`));
    expect(loaded.local).toBe(0);
  });

  it("the Stripe webhook answers 503 for an event that needs the provider, and never loads the local provider", async () => {
    const webhookSecret = "whsec_lambda_test";
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", webhookSecret);
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "dev-regrip-Webhooks-StripeWebhook");
    // A refund of a payment intent that names no order: finding its order asks the provider.
    const event = {
      id: "evt_lambda_1",
      object: "event",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "ch_lambda_1", object: "charge", amount_refunded: 4500, payment_intent: "pi_lambda_1", metadata: {} } },
    };
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", webhookSecret).update(`${t}.${body}`, "utf8").digest("hex");
    const { handler } = await import("./webhooks/stripe");
    const reply = await handler({
      ...apiEvent("$default", {}),
      body,
      headers: { "stripe-signature": `t=${t},v1=${v1}` },
      requestContext: { http: { method: "POST" } },
    } as unknown as APIGatewayProxyEventV2);
    expect(reply.statusCode).toBe(503);
    expect(message(reply)).toBe(NOT_SET_UP);
    expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining(`Payment refused: ${NOT_SET_UP}`));
    expect(loaded.local).toBe(0);
  });

  it("outside Lambda the choice is unchanged: the local payment page stands in (so the check above would see it loaded)", async () => {
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "");
    const core = await import("@regrip/core/payments");
    // The factory above throws, so the choice fails here; what matters is that the local module was asked for.
    await expect(core.paymentProvider()).rejects.toThrow();
    expect(loaded.local).toBe(1);
  });
});

