/**
 * Stripe's webhook: a Lambda function URL in the cloud (stacks/Webhooks.ts),
 * `/webhooks/stripe` on one machine (infra/local/webhooks.ts), both with the
 * API Gateway v2 payload. The signature decides: a bad one is a 400 and
 * changes nothing. A 500 (our failure) makes Stripe retry, which is safe:
 * each event is applied with its ledger item in one transaction. Every 4xx and 5xx it answers is logged at error
 * level, and alarmed (stacks/watch.ts).
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { isServiceUnavailable, UNAVAILABLE_MESSAGE } from "@regrip/core/aws";
import { DomainError } from "@regrip/core/errors";
// The webhook alone, not the payments namespace: the refund writer loads with the events that refund (npm run bench:lambda).
import * as Payments from "@regrip/core/payments/webhook";
import { granted } from "@regrip/core/aws/grants";
import { stripeWebhook } from "../../../../infra/webhooks";
import { json, problem, type Reply } from "../http/reply";

export const handler = granted(stripeWebhook, async (event: APIGatewayProxyEventV2): Promise<Reply> => {
  if (event.requestContext?.http?.method && event.requestContext.http.method !== "POST") {
    return problem(405, "Method not allowed");
  }
  // The signature is over the exact bytes Stripe sent.
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body) : "";
  const signature = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === "stripe-signature")?.[1];
  try {
    const { type, id, result } = await Payments.receiveEvent(Payments.webhookActor, { body: raw, signature });
    console.log(`stripe ${type} ${id}: ${result}`);
    return json({ received: true, result });
  } catch (error) {
    if (error instanceof DomainError) {
      const status = error.kind === "invalid" ? 400 : 503;
      // Every refusal at error level: a bad signature is a wrong STRIPE_WEBHOOK_SECRET as often as a stranger, and a
      // 503 (no signing secret, no Stripe key) loses payments until fixed. The payment alarm fires (stacks/watch.ts).
      console.error(`stripe webhook answered ${status}: ${error.message}`);
      return problem(status, error.message);
    }
    if (isServiceUnavailable(error)) {
      // Stripe retries a 503 as it does a 500; the message says why.
      console.error("stripe webhook: a service did not answer", error);
      return problem(503, UNAVAILABLE_MESSAGE);
    }
    console.error("stripe webhook failed", error);
    return problem(500, "The event could not be applied; Stripe will retry.");
  }
});
