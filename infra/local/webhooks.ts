import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { smsWebhook, stripeWebhook } from "../webhooks";
import { buildEvent, loadHandler, type CallResult, type IncomingCall } from "./adapter";

/**
 * The local stand-ins for the webhooks' Lambda function URLs: `/webhooks/stripe` and `/webhooks/sms` call the
 * very handlers stacks/Webhooks.ts deploys, with the event a function URL builds (API Gateway v2 payload, route
 * key `$default`).
 */
export const stripeWebhookPath = "/webhooks/stripe";
/** Twilio's inbound texts and delivery reports. */
export const smsWebhookPath = "/webhooks/sms";
/**
 * The Twilio auth token the SMS webhook checks signatures with on one machine, unless `.env` sets
 * TWILIO_AUTH_TOKEN: `npm run sms:reply` and the outbox page sign with it. Fixed, like the local Stripe secret:
 * the shop listens on this machine only unless HOST says otherwise.
 */
export const localTwilioAuthToken = "local-twilio-auth-token";

const webhookHandlers: Record<string, string> = {
  [stripeWebhookPath]: stripeWebhook.handler,
  [smsWebhookPath]: smsWebhook.handler,
};

/** The event a Lambda function URL gives its function for `call`. */
export function functionUrlEvent(call: IncomingCall, path = stripeWebhookPath): APIGatewayProxyEventV2 {
  const event = buildEvent(call, {
    // The event's shape only: a function URL has no route, and the handler runs under its own grants (infra/webhooks.ts).
    route: { method: "POST", path, handler: webhookHandlers[path] ?? stripeWebhook.handler, access: "public", grants: {} },
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
  const file = webhookHandlers[path];
  if (!file) return undefined;
  const handler = await loadHandler(file);
  const reply = await handler(functionUrlEvent(call, path));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name] = String(value);
  return { statusCode: reply.statusCode, headers, body: reply.body ?? "" };
}
