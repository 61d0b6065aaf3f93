/**
 * Texts coming in, and what became of texts going out (docs/architecture.md, SMS in and out), from either provider.
 *
 * Twilio: the SMS webhook (`handleTwilioPost`). Twilio posts each text a customer sends to the shop's
 * number, and each delivery report of a text the shop sent, form-encoded and signed with the account's auth
 * token (`X-Twilio-Signature`, sms/twilio-signature.ts). A post whose signature does not match is refused (403)
 * and changes nothing.
 *
 * - An inbound text is stored as an smsMessage in its number's smsConversation, in one transaction with the
 *   conversation and the reservation of its MessageSid (a repeat of the post stores nothing twice). STOP and its
 *   synonyms set `optedOut`, START clears it, in that same write: `Texts.send` reads it before every later text.
 *   HELP is answered with the `helpReply` template (texts/templates.ts: sent even after a STOP, logged as
 *   `general`, and kept as an outbound smsMessage). STOP and START are not answered: the provider confirms them.
 * - A delivery report (`MessageStatus`) lands on the communications log entry with that provider id
 *   (byExternalId): `delivered`, or `failed` (failed, undelivered) with Twilio's error code; a report that
 *   would take a final status back (a late `sent`) changes nothing, and a repeat writes the same.
 *
 * Amazon SNS (`handleSnsInboundText`, `handleSnsDeliveryLog`): AWS End User Messaging's two-way SMS publishes each
 * text to the shop's number as JSON to the inbound topic (stacks/Webhooks.ts), and SNS writes a delivery status
 * line for each text it sent to CloudWatch Logs; both reach a function only SNS or CloudWatch Logs may invoke (its
 * IAM resource policy, in place of Twilio's signature), and go through the same two writes as Twilio's.
 *
 * Each entry point is staff work the system does: the webhooks call them as `smsWebhookActor`.
 */
import * as z from "zod/mini";
import type { SystemActor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { forbidden, invalid } from "../errors";
import { secret } from "../secrets";
import { validTwilioSignature } from "../sms/twilio-signature";
import { Texts } from "../texts";
import { SMS_HELP_WORDS, SMS_START_WORDS, SMS_STOP_WORDS } from "../shared/communications";
import { E164 } from "../shared/phone";

/** How long a MessageSid is remembered against repeats of its post (Twilio retries within minutes). */
const INBOUND_TTL_SECONDS = 30 * 24 * 60 * 60;
export const BAD_SIGNATURE = "The request signature does not match";
export const NOT_CONFIGURED = "The SMS webhook has no Twilio auth token to check signatures with";

/** Who receives texts and delivery reports: the SMS webhooks (Twilio's and SNS's). */
export const smsWebhookActor: SystemActor = { type: "system", name: "sms-webhook" };

/** What Twilio posted. */
const TwilioPost = z.object({
  /** The URL Twilio called, as it signed it. */
  url: z.string(),
  /** The form body as sent. */
  body: z.string(),
  /** Its `X-Twilio-Signature` header. */
  signature: z.optional(z.string()),
});

export type InboundOutcome =
  | { kind: "message"; phone: string; keyword: "stop" | "start" | "help" | null; repeat: boolean }
  | { kind: "status"; externalId: string; status: string; updated: boolean };

export function keywordOf(body: string): "stop" | "start" | "help" | null {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if ((SMS_START_WORDS as readonly string[]).includes(word)) return "start";
  if ((SMS_HELP_WORDS as readonly string[]).includes(word)) return "help";
  return null;
}

/** Checks the signature, then applies the post. Throws 403 for a bad signature (or none to check with), 400 for a post that is neither a text nor a report. */
export const handleTwilioPost = /* @__PURE__ */ fn({ role: "staff", input: TwilioPost }, async (_actor, post): Promise<InboundOutcome> => {
  const authToken = await secret("TWILIO_AUTH_TOKEN");
  if (!authToken) throw forbidden(NOT_CONFIGURED);
  const params = new URLSearchParams(post.body);
  if (!validTwilioSignature(authToken, post.signature, post.url, params.entries())) throw forbidden(BAD_SIGNATURE);
  const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? "";
  if (!MESSAGE_ID.test(sid)) throw invalid("MessageSid is missing");
  const status = params.get("MessageStatus");
  if (status && !params.has("Body")) {
    const final = TWILIO_FINAL[status];
    if (!final) return { kind: "status", externalId: sid, status, updated: false };
    const errorCode = params.get("ErrorCode");
    const errorMessage = final === "failed" ? `Twilio reported the text ${status}${errorCode ? ` (Twilio error ${errorCode})` : ""}` : undefined;
    return deliveryStatus(sid, final, errorMessage);
  }
  return inboundText({ sid, from: params.get("From") ?? "", to: params.get("To") ?? "", body: params.get("Body") ?? "" }, new Date());
});

async function inboundText(text: { sid: string; from: string; to: string; body: string }, now: Date): Promise<InboundOutcome> {
  if (!E164.test(text.from)) throw invalid("From must be a phone number in E.164");
  const keyword = keywordOf(text.body);
  const at = now.toISOString();
  const optOut =
    keyword === "stop" ? { optedOut: true, optedOutAt: at } : keyword === "start" ? { optedOut: false } : {};
  const outcome = await writeLabelled((entities) => [
    {
      label: "sid",
      write: entities.uniqueValue
        .create({ ...uniqueKey("smsInbound", text.sid), ownerId: text.from, expiresAtEpoch: Math.floor(now.getTime() / 1000) + INBOUND_TTL_SECONDS })
        .commit(),
    },
    {
      label: "conversation",
      // A STOP or START sets optedOut; any other text leaves it as it is (a new conversation starts opted in).
      write: entities.smsConversation
        .upsert({ phoneNumber: text.from, lastMessageAt: at, ...optOut })
        .ifNotExists({ conversationState: "active", ...(keyword === "stop" || keyword === "start" ? {} : { optedOut: false }) })
        .commit(),
    },
    {
      label: "message",
      write: entities.smsMessage
        .create({
          conversationId: text.from,
          direction: "inbound",
          fromNumber: text.from,
          toNumber: text.to || "unknown",
          messageBody: text.body.slice(0, 1600),
          externalId: text.sid,
          status: "received",
          createdAt: at,
          updatedAt: at,
        })
        .commit(),
    },
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("sid")) return { kind: "message", phone: text.from, keyword, repeat: true };
    throw new Error(`inbound text not stored: ${JSON.stringify(outcome.codes)}`);
  }
  if (keyword === "help") {
    // Answered even after a STOP (the template's rule, the carriers'): the number stays opted out of everything else.
    const reply = await Texts.send("helpReply", {}, { phone: text.from });
    const sentAt = new Date().toISOString();
    await db()
      .entities.smsMessage.create({
        conversationId: text.from,
        direction: "outbound",
        fromNumber: text.to || "shop",
        toNumber: text.from,
        messageBody: reply.body,
        ...(reply.externalId ? { externalId: reply.externalId } : {}),
        status: reply.status === "sent" ? "sent" : "failed",
        createdAt: sentAt,
        updatedAt: sentAt,
      })
      .go();
  }
  return { kind: "message", phone: text.from, keyword, repeat: false };
}

/** Twilio's MessageStatus → the log's status: final ones only; the rest are `sent` as the log already says. */
const TWILIO_FINAL: Record<string, "delivered" | "failed"> = { delivered: "delivered", failed: "failed", undelivered: "failed" };

/** A provider's message id: Twilio's MessageSid (`SM…`), SNS's message ids (UUIDs). */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A field of a provider's JSON as text ("" when absent or not text). */
const field = (value: unknown) => (typeof value === "string" ? value : "");

function parseJson(message: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(message) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below, as any other shape.
  }
  throw invalid(`${what} is not a JSON object`);
}

const HandleSnsInboundTextInput = z.object({ message: z.string() });
/**
 * One text a customer sent to the shop's number, as AWS End User Messaging's two-way SMS publishes it to the
 * inbound topic: `{ originationNumber, destinationNumber, messageKeyword, messageBody, inboundMessageId, ... }`.
 * Stored once per inboundMessageId, with STOP, START and HELP as for Twilio.
 */
export const handleSnsInboundText = /* @__PURE__ */ fn({ role: "staff", input: HandleSnsInboundTextInput }, async (_actor, { message }): Promise<InboundOutcome> => {
  const payload = parseJson(message, "The inbound text");
  const id = field(payload.inboundMessageId);
  if (!MESSAGE_ID.test(id)) throw invalid("inboundMessageId is missing");
  return inboundText(
    { sid: id, from: field(payload.originationNumber), to: field(payload.destinationNumber), body: field(payload.messageBody) },
    new Date(),
  );
});

const HandleSnsDeliveryLogInput = z.object({ line: z.string() });
/**
 * One line of SNS's SMS delivery status logs (`sns/<region>/<account>/DirectPublishToPhoneNumber` and its
 * `/Failure` group): `{ notification: { messageId }, delivery: { destination, providerResponse, ... }, status }`,
 * where messageId is the id SNS answered our Publish with (the log entry's externalId). SUCCESS is `delivered`,
 * FAILURE `failed` with the carrier's words.
 */
export const handleSnsDeliveryLog = /* @__PURE__ */ fn({ role: "staff", input: HandleSnsDeliveryLogInput }, async (_actor, { line }): Promise<InboundOutcome> => {
  const entry = parseJson(line, "The delivery status");
  const notification = (entry.notification ?? {}) as Record<string, unknown>;
  const delivery = (entry.delivery ?? {}) as Record<string, unknown>;
  const messageId = field(notification.messageId);
  if (!MESSAGE_ID.test(messageId)) throw invalid("notification.messageId is missing");
  const providerStatus = field(entry.status);
  if (providerStatus === "SUCCESS") return deliveryStatus(messageId, "delivered");
  if (providerStatus !== "FAILURE") return { kind: "status", externalId: messageId, status: providerStatus, updated: false };
  const reason = field(delivery.providerResponse).slice(0, 300);
  return deliveryStatus(messageId, "failed", `SNS reported the text failed${reason ? `: ${reason}` : ""}`);
});

/** A final delivery status lands on the communications log entry the provider's id names. */
async function deliveryStatus(externalId: string, status: "delivered" | "failed", errorMessage?: string): Promise<InboundOutcome> {
  const { data } = await db().entities.communication.query.byExternalId({ externalId }).go({ limit: 1, pages: 1 });
  const entry = data[0];
  if (!entry) return { kind: "status", externalId, status, updated: false };
  try {
    await db()
      .entities.communication.patch({ month: entry.month, sentAt: entry.sentAt, id: entry.id })
      .set({ status, ...(errorMessage ? { errorMessage } : {}) })
      // A final status stays final: `delivered` is not undone by a late report, a repeat writes the same.
      .where(({ status: current }, { eq, ne }) => `${ne(current, status === "delivered" ? "failed" : "delivered")}`)
      .go();
  } catch (error) {
    if (isConditionFailed(error)) return { kind: "status", externalId, status, updated: false };
    throw error;
  }
  return { kind: "status", externalId, status, updated: true };
}
