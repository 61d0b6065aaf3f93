/**
 * The shop's text inbox as staff use it (docs/api-staff.md, Text inbox): the conversations newest first
 * (or only those with unread texts), one conversation's thread with its customer and their open orders, a reply,
 * and marking a conversation read. Inbound texts and the automatic answers are inbound.ts; every conversation
 * write is conversations.ts `writeConversation` (unread counts and the badge's counter in the same transaction).
 *
 * Every list is one Query on a key with a cursor: All by last activity (byLastMessage), Unread from its own
 * partition of the byInbox index, a thread by time in the conversation's partition. A search (`q`) reads the
 * customer search's index items (names, phone prefixes, a phone's last digits) and the conversations of those
 * customers' phones, plus the conversation of a number typed in full: at most one page, no cursor.
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn } from "../actor/fn";
import * as Audit from "../audit";
import { findUserIds, normaliseSearchText } from "../customers/search-index";
import { db } from "../db";
import { createConversions } from "../entities/electrodb";
import { invalid, notFound } from "../errors";
import { INVALID_CURSOR, pageCursor } from "../paging";
import { ISO_TIME } from "../shared/dates";
import {
  CONVERSATION_NOT_FOUND,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  phoneOfConversationId,
  type ConversationPage,
  type ConversationView,
  type ReplyResult,
  type ThreadPage,
} from "../shared/inbox";
import { ReplyInput } from "../shared/inbox-input";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "../shared/customers";
import { E164 } from "../shared/phone";
import { Texts } from "../texts";
import {
  conversationView,
  customerView,
  inboxOrderView,
  messageView,
  openOrdersOf,
  outboundMessage,
  read,
  UNREAD_COUNTER,
  writeConversation,
  type ConversationItem,
  type MessageItem,
} from "./conversations";

/** Ours are about 300 characters: a conversation's keys and a time. */
const MAX_CURSOR_LENGTH = 1024;
const UNREAD_FILTER_INVALID = "unread must be 1 or 0";
const INBOX_SEARCH_TOO_LONG = `Search text must be at most ${SEARCH_MAX_LENGTH} characters`;

type UserItem = { userId: string; firstName?: string; lastName?: string; email?: string; phone?: string };

/** `?cursor=&unread=1&q=` */
export const ConversationsQuery = z.object({
  cursor: pageCursor(MAX_CURSOR_LENGTH),
  unread: z.pipe(
    z.optional(z.string().check(z.maxLength(5, UNREAD_FILTER_INVALID))),
    z.transform((raw: string | undefined, ctx): boolean => {
      if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
      if (raw === "1" || raw === "true") return true;
      ctx.issues.push({ code: "custom", message: UNREAD_FILTER_INVALID, input: raw });
      return z.NEVER;
    }),
  ),
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX_LENGTH, INBOX_SEARCH_TOO_LONG))),
});

/** Any text: one that is no number is a 404, as an unknown number is. */
const ConversationId = z.string();

/** The E.164 number of a conversation id, or 404 for an id that is no number. */
function phoneOf(id: string): string {
  const phone = phoneOfConversationId(id);
  if (!phone) throw notFound(CONVERSATION_NOT_FOUND);
  return phone;
}

async function existing(id: string): Promise<ConversationItem> {
  const conversation = await read(phoneOf(id));
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

async function usersById(ids: readonly (string | undefined)[]): Promise<Map<string, UserItem>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const { data } = await db()
    .entities.user.get(wanted.map((userId) => ({ userId })))
    .go();
  return new Map((data as UserItem[]).map((user) => [user.userId, user]));
}

async function views(items: readonly ConversationItem[]): Promise<ConversationView[]> {
  const users = await usersById(items.map((item) => item.userId));
  return items.map((item) => conversationView(item, customerView(item.userId ? users.get(item.userId) : null)));
}

/** The badge: the counter item, kept as conversations change (conversations.ts). */
async function unreadConversations(): Promise<number> {
  const { data } = await db().entities.shopCounter.get({ name: UNREAD_COUNTER }).go();
  return Math.max(0, data?.count ?? 0);
}

type ListPattern = "byLastMessage" | "byInbox";

/**
 * A cursor must be exactly one this list issues: read back into its keys (a number, a time, the Unread box),
 * each checked, and encoded again; anything else is a 400, so no cursor can widen a Query or make DynamoDB fail.
 */
function checkCursor<P extends ListPattern | "byConversation">(cursor: string | undefined, pattern: P, expected: Record<string, string>): void {
  if (cursor === undefined) return;
  const conversions = (
    pattern === "byConversation" ? createConversions(db().entities.smsMessage).byAccessPattern : createConversions(db().entities.smsConversation).byAccessPattern
  ) as unknown as Record<
    string,
    { fromCursor: { toComposite: (cursor: string) => unknown }; fromComposite: { toCursor: (keys: object) => string } }
  >;
  const Composite =
    pattern === "byConversation"
      ? z.strictObject({
          conversationId: z.literal(expected.conversationId!),
          createdAt: z.string().check(z.regex(ISO_TIME)),
          id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
        })
      : z.strictObject({
          phoneNumber: z.string().check(z.regex(E164)),
          lastMessageAt: z.string().check(z.regex(ISO_TIME)),
          ...(pattern === "byInbox" ? { inbox: z.literal("unread") } : {}),
        });
  let reissued: string | undefined;
  try {
    const composite = Composite.safeParse(conversions[pattern]!.fromCursor.toComposite(cursor));
    if (composite.success) reissued = conversions[pattern]!.fromComposite.toCursor(composite.data);
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/**
 * GET /api/admin/conversations?cursor=&unread=1&q=: conversations newest first by their last message, 25 a page,
 * with the Messages badge's count. Staff.
 */
export const list = /* @__PURE__ */ fn({ role: "staff", input: ConversationsQuery }, async (_actor, query): Promise<ConversationPage> => {
  const badge = unreadConversations();
  if (query.q !== undefined && query.q.trim() !== "") {
    const found = await search(query.q);
    const items = found.filter((item) => !query.unread || (item.unread ?? 0) > 0);
    return { items: await views(items), cursor: null, unreadConversations: await badge };
  }
  const pattern: ListPattern = query.unread ? "byInbox" : "byLastMessage";
  checkCursor(query.cursor, pattern, {});
  // One more than the page, to know whether another page follows.
  const options = { order: "desc" as const, limit: CONVERSATIONS_PAGE_SIZE + 1, cursor: query.cursor ?? null, pages: 1 as const };
  const page = query.unread
    ? await db().entities.smsConversation.query.byInbox({ inbox: "unread" }).go(options)
    : await db().entities.smsConversation.query.byLastMessage({}).go(options);
  const read = page.data as ConversationItem[];
  const items = read.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = items[items.length - 1];
  const cursor =
    read.length > CONVERSATIONS_PAGE_SIZE && last
      ? createConversions(db().entities.smsConversation).byAccessPattern[pattern].fromComposite.toCursor({
          phoneNumber: last.phoneNumber,
          lastMessageAt: last.lastMessageAt,
          ...(pattern === "byInbox" ? { inbox: "unread" } : {}),
        } as never)
      : null;
  return { items: await views(items), cursor, unreadConversations: await badge };
});

/** How many customers a search looks at (their phones' conversations are one BatchGet). */
const SEARCH_CUSTOMERS = 20;

/** The conversations of what staff typed: a number in full, or customers found by name, phone prefix or last digits. */
async function search(q: string): Promise<ConversationItem[]> {
  if (normaliseSearchText(q).length < SEARCH_MIN_LENGTH) return [];
  const phones = new Set<string>();
  const digits = q.replace(/[\s().+-]/g, "");
  if (/^\d+$/.test(digits)) {
    const typed = digits.length === 10 ? `+1${digits}` : `+${digits}`;
    if (E164.test(typed)) phones.add(typed);
  }
  const users = await usersById(await findUserIds(q, SEARCH_CUSTOMERS));
  for (const user of users.values()) if (user.phone) phones.add(user.phone);
  if (phones.size === 0) return [];
  const { data } = await db()
    .entities.smsConversation.get([...phones].map((phoneNumber) => ({ phoneNumber })))
    .go();
  return (data as ConversationItem[]).sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || a.phoneNumber.localeCompare(b.phoneNumber));
}

/** `?cursor=` of a thread. */
export const ThreadQueryString = z.object({ cursor: pageCursor(MAX_CURSOR_LENGTH) });
const ThreadQuery = z.object({ id: ConversationId, ...ThreadQueryString.shape });

/**
 * GET /api/admin/conversations/{id}/messages?cursor=: the newest 50 messages, oldest first, a cursor to the older
 * ones, and the customer with their open orders. Staff; 404 for an unknown conversation.
 */
export const thread = /* @__PURE__ */ fn({ role: "staff", input: ThreadQuery }, async (_actor, { id, cursor }): Promise<ThreadPage> => {
  const conversation = await existing(id);
  const phone = conversation.phoneNumber;
  checkCursor(cursor, "byConversation", { conversationId: phone });
  const [page, users, orders] = await Promise.all([
    db()
      .entities.smsMessage.query.byConversation({ conversationId: phone })
      .go({ order: "desc", limit: MESSAGES_PAGE_SIZE + 1, cursor: cursor ?? null, pages: 1 }),
    usersById([conversation.userId]),
    conversation.userId ? openOrdersOf(conversation.userId) : Promise.resolve([]),
  ]);
  const read = page.data as MessageItem[];
  const items = read.slice(0, MESSAGES_PAGE_SIZE);
  const oldest = items[items.length - 1];
  const next =
    read.length > MESSAGES_PAGE_SIZE && oldest
      ? createConversions(db().entities.smsMessage).byAccessPattern.byConversation.fromComposite.toCursor({
          conversationId: phone,
          createdAt: oldest.createdAt,
          id: oldest.id,
        })
      : null;
  return {
    conversation: conversationView(conversation, customerView(conversation.userId ? users.get(conversation.userId) : null)),
    items: items.reverse().map(messageView),
    cursor: next,
    openOrders: orders.map(inboxOrderView),
  };
});

/**
 * The staff member as a reply names them: the first name on their profile (as the counter's payments and the audit
 * list name staff), else the token's, else their username.
 */
async function staffOf(actor: Actor): Promise<{ id: string; name: string }> {
  if (actor.type !== "user") return { id: `system:${actor.name}`, name: "Regrip" };
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  return { id: actor.userId, name: user?.firstName || actor.givenName || actor.username };
}

const Reply = z.object({ id: ConversationId, reply: ReplyInput });

/**
 * POST /api/admin/conversations/{id}/reply {message}: the words go through Texts.send (`staffReply`: a number that
 * replied STOP gets nothing, answered `failed` with the reason), and land in the thread with who wrote them and
 * their delivery status (delivery reports update it later), and in the communications log. A reply that went out
 * clears needsReply. Audited `conversation.replied` in the thread's transaction. Staff; 404 for an unknown conversation.
 */
export const reply = /* @__PURE__ */ fn({ role: "staff", input: Reply }, async (actor, { id, reply: { message } }): Promise<ReplyResult> => {
  const conversation = await existing(id);
  const phone = conversation.phoneNumber;
  const sent = await Texts.send("staffReply", { message }, { phone, ...(conversation.userId ? { userId: conversation.userId } : {}) });
  const at = new Date().toISOString();
  const staff = await staffOf(actor);
  const stored = {
    id: randomUUID(),
    ...outboundMessage({ phone, body: sent.body, status: sent.status, externalId: sent.externalId, error: sent.error, sentBy: staff }, at),
  };
  await writeConversation(phone, () => ({
    change: { message: { at, body: sent.body }, ...(sent.status === "sent" ? { needsReply: false } : {}) },
    extra: (entities) => [
      { label: "message", write: entities.smsMessage.create(stored).commit() },
      {
        label: "audit",
        write: entities.auditLog
          .create(
            Audit.entry({
              actor,
              action: "conversation.replied",
              targetType: "communication",
              targetId: id,
              diff: { messageId: stored.id, logId: sent.logId, status: sent.status, ...(sent.error ? { error: sent.error } : {}) },
            }),
          )
          .commit(),
      },
    ],
  }));
  return { message: messageView(stored as MessageItem) };
});

const MarkRead = z.object({ id: ConversationId });

/**
 * POST /api/admin/conversations/{id}/read: unread back to 0, and the badge's counter down once (twice, or two at
 * once, count once: the second finds nothing unread). Audited `conversation.read` when it changed something.
 * Staff; 404 for an unknown conversation. Answers the conversation as it now is.
 */
export const markRead = /* @__PURE__ */ fn({ role: "staff", input: MarkRead }, async (actor, { id }): Promise<ConversationView> => {
  const phone = (await existing(id)).phoneNumber;
  await writeConversation(phone, (current) =>
    current && (current.unread ?? 0) > 0
      ? {
          change: { read: true },
          extra: (entities) => [
            {
              label: "audit",
              write: entities.auditLog
                .create(Audit.entry({ actor, action: "conversation.read", targetType: "communication", targetId: id, diff: { unread: current.unread } }))
                .commit(),
            },
          ],
        }
      : null,
  );
  const now = (await read(phone))!;
  return (await views([now]))[0]!;
});
