/**
 * Texts coming in, and what became of texts going out (docs/architecture.md, SMS in and out), from either provider.
 *
 * Twilio: the SMS webhook (`handleTwilioPost`). Twilio posts each text a customer sends to the shop's
 * number, and each delivery report of a text the shop sent, form-encoded and signed with the account's auth
 * token (`X-Twilio-Signature`, sms/twilio-signature.ts). A post whose signature does not match is refused (403)
 * and changes nothing.
 *
 * - An inbound text is stored as an smsMessage in its number's smsConversation, in one transaction with the
 *   conversation (its customer, unread count, needs-reply flag, and the shop's unread-conversations counter:
 *   conversations.ts) and the reservation of its MessageSid (a repeat of the post stores nothing twice, counts
 *   included). STOP and its
 *   synonyms set `optedOut`, START clears it, in that same write: `Texts.send` reads it before every later text.
 *   HELP is answered with the `helpReply` template (texts/templates.ts: sent even after a STOP, logged as
 *   `general`, and kept as an outbound smsMessage). STOP and START are not answered: the provider confirms them.
 * - Automatic answers (no AI): a text with the word STATUS is answered with the sender's customer's open
 *   orders (`statusReply`), one with HOURS or WHERE with the shops' addresses and hours (`hoursReply`); the answer
 *   is kept in the thread with the rule as its `automaticResponse`. A number that replied STOP gets neither. Any
 *   other text is left for staff: the conversation is marked as needing a reply.
 * - A delivery report (`MessageStatus`) lands on the communications log entry with that provider id
 *   (byExternalId), and on the thread's copy of the text: `delivered`, or `failed` (failed, undelivered) with Twilio's error code; a report that
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
import { uniqueKey } from "../entities";
import { forbidden, invalid } from "../errors";
import { secret } from "../secrets";
import { validTwilioSignature } from "../sms/twilio-signature";
import { SHOP_LOCATIONS } from "../shared/locations";
import { shopContacts } from "../settings/shops";
import { phoneWords } from "../shared/shop-contact";
import type { AutomaticResponse } from "../shared/inbox";
import { Texts } from "../texts";
import { formatDate } from "../shared/calendar";
import { customerStageLabel, stageOfStatus } from "../shared/lifecycle";
import { orderTitle } from "../shared/orders";
import type { OrderItem } from "../orders/view";

/** The shops as the HOURS answer names them: each one's address, hours and phone as an admin set them. */
async function hoursShops() {
  const contacts = await shopContacts();
  return SHOP_LOCATIONS.map((shop) => {
    const contact = contacts[shop.value];
    return { label: shop.label, address: contact.address, hours: contact.hours, ...(contact.phone ? { phone: phoneWords(contact.phone) } : {}) };
  });
}
import type { StatusReplyOrder } from "../texts/templates";
import { openOrdersOf, outboundMessage, ownerOf, writeConversation } from "./conversations";
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
  // Who the number belongs to now: the customer who verified it (read again at every text, so a number that
  // changed hands follows its new owner).
  const owner = await ownerOf(text.from);
  const rule = keyword === "help" ? "help" : keyword ? null : automaticRuleOf(text.body);
  const decided: { answer: AutomaticResponse | null } = { answer: null };
  const written = await writeConversation(text.from, (current) => {
    // STOP sets optedOut, START clears it; any other text leaves it as it is (a new conversation starts opted in).
    const optedOut = keyword === "stop" ? true : keyword === "start" ? false : (current?.optedOut ?? false);
    // HELP is answered even after a STOP; STATUS and HOURS only to a number that may be texted.
    const answer = rule === "help" || (rule && !optedOut) ? rule : null;
    decided.answer = answer;
    return {
      change: {
        message: { at, body: text.body },
        inbound: true,
        // Waits for staff: a text no rule answers, from a number a reply can still reach (not STOP, START or HELP).
        needsReply: keyword === null && answer === null && !optedOut,
        optedOut,
        ...(keyword === "stop" ? { optedOutAt: at } : {}),
        userId: owner?.userId ?? null,
      },
      extra: (entities) => [
        {
          label: "sid",
          write: entities.uniqueValue
            .create({ ...uniqueKey("smsInbound", text.sid), ownerId: text.from, expiresAtEpoch: Math.floor(now.getTime() / 1000) + INBOUND_TTL_SECONDS })
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
      ],
    };
  });
  if (!written?.committed) {
    if (written?.failed.includes("sid")) return { kind: "message", phone: text.from, keyword, repeat: true };
    throw new Error(`inbound text not stored: ${JSON.stringify(written)}`);
  }
  if (decided.answer) await sendAutomaticAnswer(decided.answer, text, owner?.userId);
  return { kind: "message", phone: text.from, keyword, repeat: false };
}

/**
 * The rule a text asks for by a word of it (any case, words around it allowed): STATUS, else HOURS or WHERE; or
 * null when none does (the text waits for staff).
 */
export function automaticRuleOf(body: string): Exclude<AutomaticResponse, "help"> | null {
  const words = body.toUpperCase().split(/[^A-Z]+/);
  if (words.includes("STATUS")) return "status";
  if (words.includes("HOURS") || words.includes("WHERE")) return "hours";
  return null;
}

/**
 * Answers the rule through Texts.send (its template: STOP still honoured there), and keeps the answer in the
 * conversation, naming the rule. STATUS names the open orders of the customer who verified the number and of no
 * one else: an unknown number hears that no orders are found for it. An answer that did not go out leaves the
 * conversation waiting for staff.
 */
async function sendAutomaticAnswer(rule: AutomaticResponse, text: { from: string; to: string }, userId: string | undefined): Promise<void> {
  const reply =
    rule === "help"
      ? await Texts.send("helpReply", {}, { phone: text.from })
      : rule === "hours"
        ? await Texts.send("hoursReply", { shops: await hoursShops() }, { phone: text.from, ...(userId ? { userId } : {}) })
        : await Texts.send(
            "statusReply",
            { orders: userId ? (await openOrdersOf(userId)).map(statusReplyOrder) : null },
            { phone: text.from, ...(userId ? { userId } : {}) },
          );
  const at = new Date().toISOString();
  await writeConversation(text.from, () => ({
    change: { message: { at, body: reply.body }, ...(reply.status !== "sent" && rule !== "help" ? { needsReply: true } : {}) },
    extra: (entities) => [
      {
        label: "message",
        write: entities.smsMessage
          .create(
            outboundMessage(
              { phone: text.from, from: text.to, body: reply.body, status: reply.status, externalId: reply.externalId, error: reply.error, automaticResponse: rule },
              at,
            ),
          )
          .commit(),
      },
    ],
  }));
}

/** An open order as the STATUS answer names it, in the customer's words. */
function statusReplyOrder(order: OrderItem): StatusReplyOrder {
  return {
    name: orderTitle(order),
    stageLabel: customerStageLabel[stageOfStatus[order.status]],
    ...(order.pickupDate ? { pickupDay: formatDate(order.pickupDate) } : {}),
  };
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

/**
 * A final delivery status lands on the communications log entry the provider's id names, and on the text's copy in
 * its conversation (the inbox's thread) when it has one.
 */
async function deliveryStatus(externalId: string, status: "delivered" | "failed", errorMessage?: string): Promise<InboundOutcome> {
  const [{ data }, inThread] = await Promise.all([
    db().entities.communication.query.byExternalId({ externalId }).go({ limit: 1, pages: 1 }),
    db().entities.smsMessage.query.byExternalId({ externalId }).go({ limit: 1, pages: 1 }),
  ]);
  const message = inThread.data[0];
  if (message && message.direction === "outbound") {
    try {
      await db()
        .entities.smsMessage.patch({ conversationId: message.conversationId, createdAt: message.createdAt, id: message.id })
        .set({ status, ...(errorMessage ? { errorMessage } : {}) })
        .where(({ status: current }, { ne }) => `${ne(current, status === "delivered" ? "failed" : "delivered")}`)
        .go();
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
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
