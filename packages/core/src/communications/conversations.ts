/**
 * The text inbox's conversations (docs/data-model.md, SMS conversations): the one way a conversation and
 * its messages are written, and what the webhooks (inbound.ts) and the staff routes (inbox.ts) both read.
 *
 * Every write of a conversation is `writeConversation`: it reads the conversation, builds the message and the
 * conversation's new state, and writes both in one transaction conditioned on the `revision` it read (a
 * concurrent text or mark-read makes it read again and rebuild). So `unread` never loses a count, and the shop's
 * `unreadConversations` counter (the Messages badge) moves in that same transaction exactly when a conversation's
 * unread count goes from 0 to more, or back to 0: counted as texts come and go, never on read.
 */
import type { EntityItem } from "electrodb";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import type { SmsConversation, SmsMessage } from "../entities";
import type { OrderItem } from "../orders/view";
import { findUserIds } from "../customers/search-index";
import { AUTOMATIC_RESPONSES, conversationIdOf, type AutomaticResponse, type ConversationView, type InboxCustomer, type InboxMessageView, type InboxOrderView } from "../shared/inbox";
import { stageOfStatus, staffStageLabel } from "../shared/lifecycle";
import { orderReference } from "../shared/orders";

export type ConversationItem = EntityItem<SmsConversation>;
export type MessageItem = EntityItem<SmsMessage>;
type UserItem = { userId: string; firstName?: string; lastName?: string; email?: string; phone?: string; phoneVerified?: boolean; updatedAt?: string };

/** The last message's first words, as the list shows them. */
const PREVIEW_LENGTH = 120;
const previewOf = (body: string) => body.replace(/\s+/g, " ").trim().slice(0, PREVIEW_LENGTH);

export const UNREAD_COUNTER = "unreadConversations" as const;

/** What a write does to the conversation (beside its message, if any). */
export interface ConversationChange {
  /** The new message's time and words: the conversation's last activity. */
  message?: { at: string; body: string };
  /** An inbound text: one more unread. */
  inbound?: boolean;
  /** Marked read: unread back to 0. */
  read?: boolean;
  needsReply?: boolean;
  optedOut?: boolean;
  optedOutAt?: string;
  /** The customer who verified the number (undefined: as it is; null: nobody now). */
  userId?: string | null;
}

export type ConversationWrite =
  | { committed: true; before: ConversationItem | null; after: { unread: number; needsReply: boolean; optedOut: boolean } }
  | { committed: false; failed: string[]; before: ConversationItem | null };

/**
 * Writes `change` to the conversation of `phone` with the writes `extra` answers (the message, an audit entry, a
 * claim), in one transaction. `change` may look at the conversation as read (null: none yet) and answer null to
 * write nothing. A failed write of `extra` (a repeated MessageSid's claim) is answered, nothing written.
 */
export async function writeConversation(
  phone: string,
  build: (current: ConversationItem | null) => { change: ConversationChange; extra?: (entities: TransactionEntities) => LabelledWrite[] } | null,
): Promise<ConversationWrite | null> {
  let codes: Record<string, string> = {};
  return readDecideWrite<ConversationWrite | null>(async () => {
    const current = await read(phone);
    const built = build(current);
    if (!built) return null;
    const { change, extra } = built;
    const unreadBefore = current?.unread ?? 0;
    const unread = change.read ? 0 : unreadBefore + (change.inbound ? 1 : 0);
    const needsReply = change.needsReply ?? current?.needsReply ?? false;
    const optedOut = change.optedOut ?? current?.optedOut ?? false;
    const lastMessageAt = change.message?.at ?? current?.lastMessageAt ?? new Date().toISOString();
    const fields = {
      lastMessageAt,
      unread,
      needsReply,
      optedOut,
      inbox: unread > 0 ? ("unread" as const) : ("read" as const),
      revision: (current?.revision ?? 0) + 1,
      ...(change.message ? { lastMessagePreview: previewOf(change.message.body) } : {}),
      ...(change.optedOutAt ? { optedOutAt: change.optedOutAt } : {}),
      ...(change.userId ? { userId: change.userId } : {}),
    };
    const outcome = await writeLabelled((entities) => {
      const seen = current?.revision;
      const patch = current ? entities.smsConversation.patch({ phoneNumber: phone }).set(fields) : undefined;
      const conversation = !patch
        ? entities.smsConversation.create({ phoneNumber: phone, conversationState: "active", ...fields }).commit()
        : change.userId === null && current?.userId
          ? patch
              .remove(["userId"])
              .where(({ revision }, { eq, notExists }) => (seen === undefined ? notExists(revision) : eq(revision, seen)))
              .commit()
          : patch.where(({ revision }, { eq, notExists }) => (seen === undefined ? notExists(revision) : eq(revision, seen))).commit();
      const counter: LabelledWrite[] =
        unreadBefore === 0 && unread > 0
          ? [{ label: "counter", write: entities.shopCounter.update({ name: UNREAD_COUNTER }).add({ count: 1 }).commit() }]
          : unreadBefore > 0 && unread === 0
            ? [
                {
                  label: "counter",
                  // Never below zero (a counter set by hand): the conversation's write matters more.
                  droppable: true,
                  write: entities.shopCounter
                    .update({ name: UNREAD_COUNTER })
                    .subtract({ count: 1 })
                    .where((a, { gt }) => gt(a.count, 0))
                    .commit(),
                },
              ]
            : [];
      return [...(extra ? extra(entities) : []), { label: "conversation", write: conversation }, ...counter];
    });
    if (outcome.committed) return { committed: true, before: current, after: { unread, needsReply, optedOut } };
    const others = outcome.failed.filter((label) => label !== "conversation");
    if (others.length > 0) return { committed: false, failed: others, before: current };
    codes = outcome.codes;
    if (changedSinceRead(outcome, "conversation")) return CHANGED;
    throw new Error(`conversation ${phone} not written: ${JSON.stringify(codes)}`);
  }, () => new Error(`conversation ${phone} not written: ${JSON.stringify(codes)}`));
}

/** The conversation of `phone` as stored now, or null. */
export async function read(phone: string): Promise<ConversationItem | null> {
  const { data } = await db().entities.smsConversation.get({ phoneNumber: phone }).go({ consistent: true });
  return data as ConversationItem | null;
}

/** An outbound text of the shop, stored in its conversation (the words as sent, the log's outcome). */
export interface OutboundText {
  phone: string;
  /** The shop's number the conversation is with, when known. */
  from?: string;
  body: string;
  status: "sent" | "failed" | "blocked";
  externalId?: string;
  error?: string;
  automaticResponse?: AutomaticResponse;
  sentBy?: { id: string; name: string };
}

/** The outbound message's attributes: a STOP's block reads as failed, with its reason. */
export function outboundMessage(text: OutboundText, at: string) {
  return {
    conversationId: text.phone,
    direction: "outbound" as const,
    fromNumber: text.from || "shop",
    toNumber: text.phone,
    messageBody: text.body,
    ...(text.externalId ? { externalId: text.externalId } : {}),
    status: text.status === "sent" ? ("sent" as const) : ("failed" as const),
    ...(text.error ? { errorMessage: text.error.slice(0, 500) } : {}),
    ...(text.automaticResponse ? { automaticResponse: text.automaticResponse } : {}),
    ...(text.sentBy ? { sentById: text.sentBy.id, sentBy: text.sentBy.name } : {}),
    createdAt: at,
    updatedAt: at,
  };
}

/** The customer who verified `phone` (E.164), or null: the index items of the phone's digits, then their user items. */
export async function ownerOf(phone: string): Promise<UserItem | null> {
  const ids = await findUserIds(phone);
  if (ids.length === 0) return null;
  const { data } = await db()
    .entities.user.get(ids.map((userId) => ({ userId })))
    .go();
  const owners = (data as UserItem[]).filter((user) => user.phone === phone && user.phoneVerified);
  // A number verified by two accounts (a family's): the one who verified it last, as far as the item tells.
  owners.sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? "") || a.userId.localeCompare(b.userId));
  return owners[0] ?? null;
}

/** A customer's orders are read newest first this many at most to find the open ones: a customer's, never the shop's. */
const OPEN_ORDERS_READ = 50;

/** The customer's open orders (not picked up, not canceled), newest first: one Query of their latest orders. */
export async function openOrdersOf(userId: string): Promise<OrderItem[]> {
  const { data } = await db().entities.serviceOrder.query.byUser({ userId }).go({ order: "desc", limit: OPEN_ORDERS_READ, pages: 1 });
  return (data as OrderItem[]).filter((order) => {
    const stage = stageOfStatus[order.status];
    return stage !== "picked_up" && stage !== "canceled";
  });
}

const paddleOf = (order: OrderItem) => order.paddle?.nickname || [order.paddle?.brand, order.paddle?.model].filter(Boolean).join(" ") || undefined;

/** An open order beside the thread, in the staff's words. */
export function inboxOrderView(order: OrderItem): InboxOrderView {
  const paddle = paddleOf(order);
  return {
    id: order.id,
    reference: orderReference(order),
    ...(order.bagNumber ? { bagNumber: order.bagNumber } : {}),
    stageLabel: staffStageLabel[stageOfStatus[order.status]],
    ...(order.pickupDate ? { pickupDate: order.pickupDate } : {}),
    ...(paddle ? { paddle } : {}),
  };
}

export function customerView(user: UserItem | null | undefined): InboxCustomer | null {
  if (!user) return null;
  return {
    userId: user.userId,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone ? { phone: user.phone } : {}),
  };
}

export function conversationView(item: ConversationItem, customer: InboxCustomer | null): ConversationView {
  return {
    id: conversationIdOf(item.phoneNumber),
    phoneNumber: item.phoneNumber,
    customer,
    lastMessageAt: item.lastMessageAt,
    lastMessagePreview: item.lastMessagePreview ?? "",
    unread: item.unread ?? 0,
    needsReply: item.needsReply ?? false,
    optedOut: item.optedOut,
  };
}

const AUTOMATIC: readonly string[] = AUTOMATIC_RESPONSES;

export function messageView(item: MessageItem): InboxMessageView {
  return {
    id: item.id,
    direction: item.direction,
    body: item.messageBody,
    createdAt: item.createdAt,
    status: item.status === "undelivered" ? "failed" : item.status,
    ...(item.automaticResponse && AUTOMATIC.includes(item.automaticResponse) ? { automaticResponse: item.automaticResponse as AutomaticResponse } : {}),
    ...(item.sentBy ? { sentBy: item.sentBy } : {}),
    ...(item.errorMessage ? { error: item.errorMessage } : {}),
  };
}

/**
 * Sets the unread-conversations counter to the conversations in the Unread box (`npm run recount`, never a
 * request): the repair of a counter set by hand or written before the inbox. Answers it before and after.
 */
export async function recountUnread(): Promise<{ before: number; after: number }> {
  const { data: counter } = await db().entities.shopCounter.get({ name: UNREAD_COUNTER }).go();
  let after = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { unread?: number }[]; cursor: string | null } = await db()
      .entities.smsConversation.query.byInbox({ inbox: "unread" })
      .go({ cursor, limit: 500, pages: 1, attributes: ["phoneNumber", "unread"] });
    after += page.data.filter((item) => (item.unread ?? 0) > 0).length;
    cursor = page.cursor;
  } while (cursor);
  await db().entities.shopCounter.put({ name: UNREAD_COUNTER, count: after }).go();
  return { before: counter?.count ?? 0, after };
}
