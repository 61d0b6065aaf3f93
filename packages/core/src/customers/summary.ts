/**
 * GET /api/customers/{id}/summary: the customer page of the console (docs/api-staff.md, Customers). One customer's
 * contact, paddles, newest orders with their bills, points, membership, packs and texts, for staff.
 *
 * What it reads is bounded whatever the customer's history: the user item (one get), then in parallel one Query
 * per part, each of at most its page and one more (shared/customer-summary.ts's sizes) or, for the parts a
 * customer has only a few of (subscriptions, packs), their own partition; the bag codes and open orders of the
 * paddles and the membership's facts in one BatchGet each. Older orders, entries and texts are read a page at a
 * time by their own routes (GET /api/admin/orders?customerId=, the inbox thread).
 */
import { fn, ById } from "../actor/fn";
import { db } from "../db";
import { notFound } from "../errors";
import { read as readConversation, messageView, type MessageItem } from "../communications/conversations";
import { recentOf as recentPoints } from "../loyalty";
import { viewOf as membershipView, subscriptionOf } from "../memberships";
import { staffFactsOf } from "../memberships/badges";
import { view as orderView, type OrderItem } from "../orders/view";
import { balanceOf as packsOf } from "../packs/read";
import { recentOfCustomer as paddlesOf } from "../paddles";
import {
  SUMMARY_ORDERS,
  SUMMARY_PADDLES,
  SUMMARY_POINTS_ENTRIES,
  SUMMARY_TEXTS,
  type CustomerContact,
  type CustomerOrderView,
  type CustomerSummary,
} from "../shared/customer-summary";
import { CUSTOMER_NOT_FOUND } from "../shared/customers";
import { readGripPrefs } from "../shared/grip-prefs";
import { conversationIdOf } from "../shared/inbox";
import { hasPromotionalConsent } from "../shared/sms-consent";
import * as Users from "../users";
import type { UserItem } from "../users";

function contactOf(user: UserItem, facts: Awaited<ReturnType<typeof staffFactsOf>>): CustomerContact {
  return {
    ...Users.personView(user),
    hasAccount: user.hasAccount !== false,
    ...facts.get(user.userId)!,
    notes: user.staffNotes ?? null,
    preferences: {
      smsNotifications: user.smsNotifications,
      smsPromotions: hasPromotionalConsent(user),
      emailNotifications: user.emailNotifications,
      emailPromotions: user.emailPromotions,
      grip: readGripPrefs(user.defaultPrefs),
    },
  };
}

function orderOf(order: OrderItem): CustomerOrderView {
  const seen = orderView(order, { staff: true });
  return {
    id: seen.id,
    number: seen.number,
    stage: seen.stage,
    paymentStatus: seen.paymentStatus,
    createdAt: seen.createdAt,
    paddle: seen.paddle,
    bagCode: seen.bag?.code3 ?? null,
    bill: seen.bill,
  };
}

/** The customer's newest orders: one Query of their orders' index, newest first. */
async function recentOrders(userId: string): Promise<CustomerSummary["orders"]> {
  const { data } = await db().entities.serviceOrder.query.byUser({ userId }).go({ order: "desc", limit: SUMMARY_ORDERS + 1 });
  return { items: (data as OrderItem[]).slice(0, SUMMARY_ORDERS).map(orderOf), more: data.length > SUMMARY_ORDERS };
}

/** The conversation with the customer's phone and its newest messages (oldest first): one get, one Query. */
async function recentTexts(phone: string | undefined): Promise<CustomerSummary["texts"]> {
  if (!phone) return null;
  const [conversation, page] = await Promise.all([
    readConversation(phone),
    db().entities.smsMessage.query.byConversation({ conversationId: phone }).go({ order: "desc", limit: SUMMARY_TEXTS + 1 }),
  ]);
  if (!conversation) return null;
  const messages = (page.data as MessageItem[]).slice(0, SUMMARY_TEXTS).reverse().map(messageView);
  return {
    conversationId: conversationIdOf(phone),
    unread: conversation.unread ?? 0,
    optedOut: conversation.optedOut ?? false,
    messages,
    more: page.data.length > SUMMARY_TEXTS,
  };
}

/** GET /api/customers/{id}/summary: the customer page. Staff; 404 for an unknown customer. */
export const summary = /* @__PURE__ */ fn({ role: "staff", input: ById }, async (_actor, { id }): Promise<CustomerSummary> => {
  const user = await Users.get(id);
  if (!user) throw notFound(CUSTOMER_NOT_FOUND);
  const [facts, paddles, orders, points, subscription, packs, texts] = await Promise.all([
    staffFactsOf([user]),
    paddlesOf(id, SUMMARY_PADDLES),
    recentOrders(id),
    recentPoints(id, SUMMARY_POINTS_ENTRIES),
    subscriptionOf(id),
    packsOf(id),
    recentTexts(user.phone),
  ]);
  return { customer: contactOf(user, facts), paddles, orders, points, membership: membershipView(subscription), packs, texts };
});
