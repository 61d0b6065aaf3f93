/**
 * The shop's text inbox, written once for the server (communications/inbox) and the console's Messages
 * page: the views the staff routes answer, the reply's limits and words, and the automatic answers' names.
 * Browser-safe, no zod (the reply's schema is in shared/inbox-input.ts).
 *
 * A conversation is one phone number's thread (entities/smsConversation.ts). Its `id` in URLs is the number's
 * digits without the "+" (`13035550142`), so a path needs no escaping: `conversationIdOf` and `phoneOfConversationId`
 * turn one into the other.
 */
import { SMS_MAX_LENGTH } from "./communications";

/** The digits of an E.164 number without its "+": the conversation's id in URLs. */
export const conversationIdOf = (phoneNumber: string): string => phoneNumber.replace(/^\+/, "");
/** The E.164 number of a conversation id, or null when the id is no number. */
export function phoneOfConversationId(id: string): string | null {
  return /^[1-9]\d{9,14}$/.test(id) ? `+${id}` : null;
}

/** A staff reply is 1 to 1,600 characters (one text's limit, shared/communications.ts). */
export const REPLY_MAX_LENGTH = SMS_MAX_LENGTH;
export const REPLY_REQUIRED = "Please enter a reply";
export const REPLY_TOO_LONG = `A reply must be at most ${REPLY_MAX_LENGTH} characters`;
export const CONVERSATION_NOT_FOUND = "Conversation not found";

/** How many conversations and messages a page holds. */
export const CONVERSATIONS_PAGE_SIZE = 25;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * The rules that answer a text by themselves, recorded as the answer's `automaticResponse`: STATUS (the sender's
 * open orders), HOURS or WHERE (the shops' addresses and hours), and HELP (the carriers' keyword).
 */
export const AUTOMATIC_RESPONSES = ["status", "hours", "help"] as const;
export type AutomaticResponse = (typeof AUTOMATIC_RESPONSES)[number];

/** Who a conversation's number belongs to: the customer who verified it, else nobody known. */
export interface InboxCustomer {
  userId: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
}

/** One row of `GET /api/admin/conversations`. */
export interface ConversationView {
  id: string;
  phoneNumber: string;
  customer: InboxCustomer | null;
  lastMessageAt: string;
  /** The last message's first words (at most 120 characters). */
  lastMessagePreview: string;
  /** Inbound messages since staff last marked the conversation read. */
  unread: number;
  /** The last inbound text got no automatic answer and no staff reply yet. */
  needsReply: boolean;
  /** The number replied STOP: a reply will not be sent. */
  optedOut: boolean;
}

/** `GET /api/admin/conversations?cursor=&unread=1&q=`. */
export interface ConversationPage {
  items: ConversationView[];
  cursor: string | null;
  /** How many conversations have unread messages: the side navigation's badge. */
  unreadConversations: number;
}

/** One message of a thread, oldest first within a page. */
export interface InboxMessageView {
  id: string;
  direction: "inbound" | "outbound";
  body: string;
  createdAt: string;
  /** received (inbound), or the outbound text's delivery: sent, delivered, failed (blocked counts as failed). */
  status: string;
  /** The rule that sent this answer by itself, when one did. */
  automaticResponse?: AutomaticResponse;
  /** The staff member who wrote a reply (first name), when one did. */
  sentBy?: string;
  /** Why an outbound text did not go out. */
  error?: string;
}

/** A customer's open order beside the thread. */
export interface InboxOrderView {
  id: string;
  reference: string;
  bagNumber?: string;
  stageLabel: string;
  pickupDate?: string;
  paddle?: string;
}

/** `GET /api/admin/conversations/{id}/messages?cursor=`: the thread, newest page first, and who it is with. */
export interface ThreadPage {
  conversation: ConversationView;
  /** Oldest first within the page; `cursor` reads the older page. */
  items: InboxMessageView[];
  cursor: string | null;
  openOrders: InboxOrderView[];
}

/** `POST /api/admin/conversations/{id}/reply` `{message}` answers the message as stored, with its delivery status. */
export interface ReplyResult {
  message: InboxMessageView;
}
