/**
 * Twilio's SMS webhook: inbound texts (STOP, START, HELP and every other reply) and delivery reports
 * (communications/inbound.ts). A Lambda function URL in the cloud (stacks/Webhooks.ts), `/webhooks/sms` on one
 * machine (infra/local/webhooks.ts), both with the API Gateway v2 payload. Twilio signs the URL it was given
 * (its Messaging "A message comes in" and status callback settings): that URL is `SMS_WEBHOOK_URL` when set, else
 * this request's own. A bad signature is 403 and changes nothing; a 500 (our failure) makes Twilio retry, which
 * is safe: a text is stored once per MessageSid.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { isServiceUnavailable, UNAVAILABLE_MESSAGE } from "@regrip/core/aws";
import { handleTwilioPost, smsWebhookActor } from "@regrip/core/communications/inbound";
import { DomainError } from "@regrip/core/errors";
import { env } from "../../../../infra/env";
import { granted } from "@regrip/core/aws/grants";
import { smsWebhook } from "../../../../infra/webhooks";
import { problem, type Reply } from "../http/reply";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The URL Twilio called: the configured one, else scheme (as the front door saw it), host, path and query. */
export function calledUrl(event: APIGatewayProxyEventV2): string {
  const configured = process.env[env.smsWebhookUrl];
  if (configured) return configured;
  const header = (name: string) => Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  const proto = header("x-forwarded-proto") ?? "http";
  const host = header("host") ?? event.requestContext?.domainName ?? "localhost";
  return `${proto}://${host}${event.rawPath ?? "/"}${event.rawQueryString ? `?${event.rawQueryString}` : ""}`;
}

export const handler = granted(smsWebhook, async (event: APIGatewayProxyEventV2): Promise<Reply> => {
  if (event.requestContext?.http?.method && event.requestContext.http.method !== "POST") {
    return problem(405, "Method not allowed");
  }
  const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body) : "";
  const signature = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === "x-twilio-signature")?.[1];
  try {
    const outcome = await handleTwilioPost(smsWebhookActor, { url: calledUrl(event), body, signature });
    console.log(`sms webhook: ${JSON.stringify(outcome)}`);
    // HELP's reply is sent through the provider (so it is in the log); Twilio gets an empty TwiML answer.
    return { statusCode: 200, headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" }, body: EMPTY_TWIML };
  } catch (error) {
    if (error instanceof DomainError) {
      console.warn(`sms webhook refused: ${error.message}`);
      return problem(error.kind === "forbidden" ? 403 : error.kind === "invalid" ? 400 : 503, error.message);
    }
    if (isServiceUnavailable(error)) {
      console.error("sms webhook: a service did not answer", error);
      return problem(503, UNAVAILABLE_MESSAGE);
    }
    console.error("sms webhook failed", error);
    return problem(500, "The message could not be stored; Twilio will retry.");
  }
});
