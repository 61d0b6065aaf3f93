import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { buildEvent, loadHandler, type CallResult, type IncomingCall } from "./adapter";

/**
 * The local stand-in for the Stripe webhook's Lambda function URL:
 * `/webhooks/stripe` calls the very handler stacks/Webhooks.ts deploys, with
 * the event a function URL builds (API Gateway v2 payload, route key
 * `$default`).
 */
export const stripeWebhookPath = "/webhooks/stripe";
/** The same handler as `stripeWebhookHandler` in stacks/Webhooks.ts (kept apart: that module loads SST). */
export const localStripeWebhookHandler = "packages/functions/src/webhooks/stripe.handler";

/** The event a Lambda function URL gives its function for `call`. */
export function functionUrlEvent(call: IncomingCall): APIGatewayProxyEventV2 {
  const event = buildEvent(call, {
    route: { method: "POST", path: stripeWebhookPath, handler: localStripeWebhookHandler, access: "public" },
    pathParameters: {},
  });
  return {
    ...event,
    routeKey: "$default",
    pathParameters: undefined,
    requestContext: { ...event.requestContext, routeKey: "$default", stage: "$default", apiId: "local-function-url" },
  };
}

/** Runs `call` through the webhook handler; undefined when the path is not a webhook's. */
export async function invokeWebhook(call: IncomingCall): Promise<CallResult | undefined> {
  const path = new URL(call.url, "http://localhost").pathname;
  if (path !== stripeWebhookPath) return undefined;
  const handler = await loadHandler(localStripeWebhookHandler);
  const reply = await handler(functionUrlEvent(call));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name] = String(value);
  return { statusCode: reply.statusCode, headers, body: reply.body ?? "" };
}
