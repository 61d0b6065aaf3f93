/**
 * The customer page (console `/customers/{id}`) as GET /api/customers/{id}/summary answers it: everything staff
 * need about one customer on one screen, each part read with one bounded Query (customers/summary.ts). Browser-safe.
 */
import type { Bill } from "./bill";
import type { CustomerView } from "./customers";
import type { GripPrefsView } from "./grip-prefs";
import type { InboxMessageView } from "./inbox";
import type { Stage } from "./lifecycle";
import type { LoyaltyEntryView } from "./loyalty";
import type { MembershipView } from "./membership";
import type { PackCreditView } from "./packs";
import type { PaddleView } from "./paddles";

/** How many of each part the summary answers: the newest first; `more` says there are older ones. */
export const SUMMARY_ORDERS = 10;
export const SUMMARY_PADDLES = 50;
export const SUMMARY_POINTS_ENTRIES = 10;
export const SUMMARY_TEXTS = 10;

/** One order as the customer page lists it: what names it, where it is, and its bill (payments and refunds in it). */
export interface CustomerOrderView {
  id: string;
  /** "R-1042"; null for an order written before numbers. */
  number: string | null;
  stage: Stage;
  paymentStatus: string;
  createdAt: string;
  /** The paddle as the order records it (all null for a counter sale of goods). */
  paddle: { nickname: string | null; brand: string | null; model: string | null };
  bagCode: string | null;
  bill: Bill;
}

/** The customer's contact and preferences: who they are and how they want to hear from the shop. */
export interface CustomerContact extends CustomerView {
  /** Staff's notes on the customer (PUT /api/customers/{id}/notes); null for none. */
  notes: string | null;
  preferences: {
    smsNotifications: boolean;
    smsPromotions: boolean;
    emailNotifications: boolean;
    emailPromotions: boolean;
    grip: GripPrefsView | null;
  };
}

export interface CustomerSummary {
  customer: CustomerContact;
  paddles: { items: PaddleView[]; more: boolean };
  /** The newest orders with their bills; the page reads older ones a page at a time (GET /api/admin/orders?customerId=). */
  orders: { items: CustomerOrderView[]; more: boolean };
  /** The balance as stored, and the newest ledger entries. */
  points: { balance: number; entries: LoyaltyEntryView[]; more: boolean };
  /** The membership (plan null and status "none" without one). */
  membership: MembershipView;
  /** Bought packs of regrips, and the credits still good in all. */
  packs: { items: PackCreditView[]; left: number };
  /**
   * The text conversation with the customer's phone: its inbox id (console `/messages/{id}`), unread count, and
   * the newest messages oldest first; null when the customer has no phone or the shop never texted it.
   */
  texts: { conversationId: string; unread: number; optedOut: boolean; messages: InboxMessageView[]; more: boolean } | null;
}
