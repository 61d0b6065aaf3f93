import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { E164, nowIso, timestamps } from "./attributes";
import { SMS_CONVERSATION_STATES } from "./enums";
import { gsi1, gsi2, keyed, primary, SERVICE } from "./keys";

/** Which inbox list a conversation is in: `unread` while it has inbound texts staff have not read. */
const SMS_INBOX_BOXES = ["unread", "read"] as const;

/**
 * One conversation per phone number, keyed by it. `optedOut` records STOP
 * (cleared by START) and is read before every send to that number.
 *
 * The text inbox (communications/conversations.ts) keeps on it what the staff list shows, in the same
 * transaction as each message: `userId` (the customer who verified the number, re-read at each inbound text),
 * `unread`, `needsReply`, `lastMessagePreview`, and `inbox` (its partition of the byInbox index). `revision` counts
 * the writes: every write is conditioned on the revision it read, so concurrent texts and a mark-read never lose
 * a count (and the unread-conversations counter moves exactly once per 0 ↔ non-zero change).
 */
export const smsConversation = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "smsConversation", version: "1" },
      attributes: {
        phoneNumber: { type: "string", required: true, readOnly: true, validate: E164 },
        userId: { type: "string" },
        conversationState: { type: SMS_CONVERSATION_STATES, required: true, default: "active" },
        currentIntent: { type: "string" },
        contextData: { type: "any" },
        optedOut: { type: "boolean", required: true, default: false },
        optedOutAt: { type: "string" },
        lastMessageAt: { type: "string", required: true, default: nowIso },
        lastMessagePreview: { type: "string" },
        /** Inbound texts since staff last marked the conversation read (absent on conversations before the inbox: 0). */
        unread: { type: "number" },
        needsReply: { type: "boolean" },
        inbox: { type: SMS_INBOX_BOXES },
        revision: { type: "number" },
        ...timestamps(),
      },
      indexes: {
        byPhone: keyed(primary, ["phoneNumber"], "smsconv#${phoneNumber}", [], "conversation"),
        /** Conversations by latest activity (`order: "desc"` for the most recent). */
        byLastMessage: keyed(gsi1, [], "smsconvs", ["lastMessageAt"], "${lastMessageAt}"),
        /**
         * The inbox's Unread list: conversations by box (`unread`, `read`), newest first with `order: "desc"`.
         * Conversations from before the inbox have no box (and no unread texts): they are in the All list only.
         */
        byInbox: keyed(gsi2, ["inbox"], "smsinbox#${inbox}", ["lastMessageAt"], "${lastMessageAt}"),
      },
    },
    config,
  );
export type SmsConversation = ReturnType<typeof smsConversation>;
