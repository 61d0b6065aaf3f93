/**
 * The audit log as admins read it (GET /api/admin/audit, docs/api-admin.md; the dashboard's Recent Activity,
 * the first 10 entries). Browser-safe: types, the one rule of how an actor is shown, and each action in words
 * with the console page of what it changed.
 */
import { stageLabelOf } from "./lifecycle";
import { MONEY_SETTINGS_PAGE_PATH } from "./money-settings";
import { SHOP_DETAILS_PAGE_PATH } from "./shop-contact";
import { STAFF_ROLE_WORDS, STAFF_ROLES, type StaffRole } from "./staff";

/** The console's Staff page (pages/console/StaffPage.tsx). */
export const STAFF_PAGE_PATH = "/admin/staff";
/** The console's Audit trail page (pages/console/AuditTrailPage.tsx). */
export const AUDIT_PAGE_PATH = "/admin/audit";

const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

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

/** The audit trail's filters refused (GET /api/admin/audit), word for word. */
export const AUDIT_ACTOR_INVALID = "actor must be a person's id";
export const AUDIT_ACTION_INVALID = "action must be an action such as order.paid";
export const AUDIT_TARGET_INVALID = "target must be a type and an id, such as order:0f6c1d2e";
export const AUDIT_FROM_INVALID = "from must be a date (YYYY-MM-DD)";
export const AUDIT_TO_INVALID = "to must be a date (YYYY-MM-DD)";
export const AUDIT_DAYS_REVERSED = "from must be on or before to";

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
  "order.lines_changed": "Order lines changed",
  "order.added_to_paid": "Added to a paid order, a new balance",
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
  "pack.refunded": "Pack refunded",
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
  "staff.invited": "Staff member invited",
  "staff.role_changed": "Staff member's role changed",
  "staff.switched_off": "Staff member switched off",
  "staff.switched_on": "Staff member switched on again",
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

/** What the target is called on screen, by the entry's targetType (the audit trail's "which record" choices). */
export const AUDIT_TARGET_NOUNS: Readonly<Record<string, string>> = {
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
  pack: "Pack",
  drawer: "Drawer",
  system: "System",
};
const targetNouns = AUDIT_TARGET_NOUNS;

/** An action's words, for the audit trail's "what" choices: every action the code writes. */
export function auditActionChoices(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTION_WORDS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
};

/**
 * What an entry recorded as changed, in one line: `isActive: true → false; code: SAVE10`. Fields recorded as
 * `{ from, to }` read as a change, others as their value; at most `max` characters (the audit trail's Details).
 */
export function auditChangesText(changes: AuditEntryView["changes"], max = 240): string {
  if (!changes) return "";
  const parts = Object.entries(changes).map(([key, value]) => {
    const change = value as { from?: unknown; to?: unknown } | null;
    if (change && typeof change === "object" && !Array.isArray(change) && "from" in change && "to" in change) {
      return `${key}: ${shown(change.from)} → ${shown(change.to)}`;
    }
    return `${key}: ${shown(value)}`;
  });
  const line = parts.join("; ");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The console page that shows what changed: an order's staff page, a customer's page, the staff, the products, the
 * promotions, the bags, the communications log. None for a subscription (no console page lists one by its id).
 */
function targetHref(entry: Pick<AuditEntryView, "action" | "targetType" | "targetId">): string | null {
  if (entry.action.startsWith("staff.")) return STAFF_PAGE_PATH;
  switch (entry.targetType) {
    case "user":
      return `/customers/${encodeURIComponent(entry.targetId)}`;
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
  const role = changes.role as { from?: unknown; to?: unknown } | undefined;
  if (entry.action === "staff.role_changed" && isStaffRole(role?.from) && isStaffRole(role?.to)) {
    action += `: ${STAFF_ROLE_WORDS[role!.from]} → ${STAFF_ROLE_WORDS[role!.to]}`;
  }
  const noun = entry.action.startsWith("staff.")
    ? "Staff member"
    : (targetNouns[entry.targetType] ?? entry.targetType.replace(/^./, (first) => first.toUpperCase()));
  // A name the entry recorded (a bag's code, a promotion's or a product's code) reads better than the id's end.
  // An order by its number (shared/orders.ts), never its bag (bags are reused); an entry from before numbers by the
  // last 6 of its id, which the queue's search finds too.
  const idEnd = entry.targetId.slice(entry.targetType === "order" ? -6 : -8).toUpperCase();
  const name = entry.targetType === "order" ? (text(changes.number) ?? idEnd) : (text(changes.code3) ?? text(changes.bagCode) ?? text(changes.code) ?? text(changes.email) ?? idEnd);
  return { action, target: `${noun} ${name}`, href: targetHref(entry) };
}
