/**
 * The audit log as admins read it (GET /api/admin/audit, docs/api-admin.md; the dashboard's Recent Activity,
 * the first 10 entries). Browser-safe: types, the one rule of how an actor is shown, and each action in words
 * with the console page of what it changed.
 */
import { stageLabelOf } from "./lifecycle";
import { MONEY_SETTINGS_PAGE_PATH } from "./money-settings";
import { SHOP_DETAILS_PAGE_PATH } from "./shop-contact";

export interface AuditEntryView {
  id: string;
  /** `<target>.<verb>`: `promotion.created`, `order.status_changed`, ... */
  action: string;
  targetType: string;
  targetId: string;
  /** What changed, as the write recorded it (a changed field as `{ from, to }`); null when nothing was recorded. */
  changes: Record<string, unknown> | null;
  createdAt: string;
  /** Who acted: null for the system (shown as 'System'). */
  actor: { id: string; firstName: string | null } | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditPage {
  items: AuditEntryView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

/** The spec's Recent Activity: the actor's first name, or 'System'. */
export function actorLabel(entry: Pick<AuditEntryView, "actor">): string {
  return entry.actor?.firstName || (entry.actor ? "Staff" : "System");
}

/**
 * Every action the code writes (`<target>.<verb>`, audit/ `entry`), in words. audit.test.ts reads the sources of
 * packages/core and fails when an action written there has no words here, or words stay here for an action no
 * longer written.
 */
export const AUDIT_ACTION_WORDS = {
  "bag.created": "Bag created",
  "communication.broadcast_sent": "Bulk SMS sent",
  "communication.test_sent": "Test SMS sent",
  "conversation.read": "Text conversation marked read",
  "drawer.closed": "Cash drawer closed",
  "drawer.opened": "Cash drawer opened",
  "drawer.paid_in": "Cash paid into the drawer",
  "drawer.paid_out": "Cash paid out of the drawer",
  "drawer.reopened": "Cash drawer reopened",
  "conversation.replied": "Text reply sent",
  "loyalty.adjusted": "Points balance adjusted",
  "customer.created": "Customer created",
  "customer.phone_verified": "Customer's phone verified",
  "customer.updated": "Customer details changed",
  "user.authenticator_on": "Two-step sign-in turned on",
  "user.authenticator_off": "Two-step sign-in turned off",
  "order.comped": "Order comped",
  "order.created": "Order booked",
  "order.duplicate_payment": "Order paid twice",
  "order.invoiced": "Order invoiced at the counter",
  "order.notes_updated": "Order notes changed",
  "order.paid": "Order paid",
  "order.paid_at_counter": "Order paid at the counter",
  "order.payment_failed": "Payment failed",
  "order.payment_mismatch": "Payment did not match the total",
  "order.quick_sale": "Quick sale booked",
  "order.refund_before_payment": "Refund given before the payment landed",
  "order.refund_failed": "Refund failed",
  "order.refunded": "Refund given",
  "order.rescheduled": "Drop-off moved",
  "order.status_changed": "Order status changed",
  "order.event_canceled": "Order moved: its club day or delivery run was canceled",
  "paddle.created_for_customer": "Paddle added for a customer",
  "paddle.freed_from_bag": "Paddle taken out of its bag",
  "partner.created": "Partner club added",
  "partner.deleted": "Partner club deleted",
  "partner.updated": "Partner club changed",
  "pack.created": "Pack created",
  "pack.duplicate_payment": "Pack paid twice",
  "pack.payment_mismatch": "Pack payment did not match the pack",
  "pack.purchased": "Pack bought",
  "pack.updated": "Pack changed",
  "promotion.created": "Promotion created",
  "promotion.deleted": "Promotion deleted",
  "promotion.updated": "Promotion changed",
  "schedule.canceled": "Event canceled",
  "settings.money_changed": "Tax rates or discount limit changed",
  "settings.shop_changed": "Shop address, phone, email, hours or map changed",
  "schedule.created": "Event scheduled",
  "schedule.deleted": "Event deleted",
  "schedule.updated": "Event changed",
  "sku.created": "Product added",
  "sku.deleted": "Product deleted",
  "sku.stock_adjusted": "Stock adjusted",
  "sku.updated": "Product changed",
  "sku.visibility_changed": "Product shown or hidden",
  "subscription.cancel_requested": "Membership set to end with its period",
  "subscription.created": "Subscription started",
  "subscription.invoice_paid": "Membership payment received",
  "subscription.paddles_changed": "Membership paddles changed",
  "subscription.payment_failed": "Membership payment failed",
  "subscription.status_changed": "Subscription status changed",
  "tip.duplicate_payment": "Tip paid twice",
  "tip.payment_mismatch": "Tip payment did not match the tip",
  "tip.received": "Tip received",
} as const satisfies Record<string, string>;

const actionWords: Readonly<Record<string, string>> = AUDIT_ACTION_WORDS;

/** What the target is called on screen, by the entry's targetType. */
const targetNouns: Readonly<Record<string, string>> = {
  order: "Order",
  user: "Customer",
  paddle: "Paddle",
  bag: "Bag",
  sku: "Product",
  promotion: "Promotion",
  subscription: "Subscription",
  communication: "Text",
  partner: "Partner",
  schedule: "Event",
  settings: "Settings",
  drawer: "Drawer",
};

/**
 * The console page that shows what changed: an order's staff page, the products, the promotions, the bags, the
 * communications log. None for a customer, a paddle or a subscription (no console page lists one by its id).
 */
function targetHref(entry: Pick<AuditEntryView, "action" | "targetType" | "targetId">): string | null {
  switch (entry.targetType) {
    case "order":
      return `/queue/orders/${encodeURIComponent(entry.targetId)}`;
    case "sku":
      return "/admin/products";
    case "promotion":
      return "/admin/promotions";
    case "bag":
      return "/bags";
    case "communication":
      return "/admin/communications";
    case "drawer":
      return "/drawer";
    case "settings":
      return entry.targetId.startsWith("shop_") ? SHOP_DETAILS_PAGE_PATH : MONEY_SETTINGS_PAGE_PATH;
    case "paddle":
      return entry.action === "paddle.freed_from_bag" ? "/bags" : null;
    default:
      return null;
  }
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** An entry as Recent Activity shows it: what happened in words, what it happened to, and where to see it. */
export interface AuditEntryWords {
  /** "Order status changed: Service Queue → Being Serviced", "Refund given", ... */
  action: string;
  /** "Order R-1042", "Bag 107", "Promotion SAVE10", "Product Basic Overgrip". */
  target: string;
  /** A console path, or null when no page shows it. */
  href: string | null;
}

export function auditEntryWords(entry: Pick<AuditEntryView, "action" | "targetType" | "targetId" | "changes">): AuditEntryWords {
  const changes = entry.changes ?? {};
  let action = actionWords[entry.action] ?? entry.action.replace(/[._]/g, " ").replace(/^./, (first) => first.toUpperCase());
  const status = changes.status as { from?: unknown; to?: unknown } | undefined;
  if (entry.action === "order.status_changed" && text(status?.from) && text(status?.to)) {
    action += `: ${stageLabelOf(String(status!.from), "staff")} → ${stageLabelOf(String(status!.to), "staff")}`;
  }
  const noun = targetNouns[entry.targetType] ?? entry.targetType.replace(/^./, (first) => first.toUpperCase());
  // A name the entry recorded (a bag's code, a promotion's or a product's code) reads better than the id's end.
  // An order by its number (shared/orders.ts), never its bag (bags are reused); an entry from before numbers by the
  // last 6 of its id, which the queue's search finds too.
  const idEnd = entry.targetId.slice(entry.targetType === "order" ? -6 : -8).toUpperCase();
  const name = entry.targetType === "order" ? (text(changes.number) ?? idEnd) : (text(changes.code3) ?? text(changes.bagCode) ?? text(changes.code) ?? idEnd);
  return { action, target: `${noun} ${name}`, href: targetHref(entry) };
}
