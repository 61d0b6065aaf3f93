/**
 * The route table: every HTTP route of the API, written once.
 *
 * Read by the Api stack (one Lambda per route, JWT authorizer unless public),
 * by the local adapter (infra/local/server.ts) and by the authorization matrix
 * test. The handler layer (http/handler.ts) enforces `access` before the handler
 * runs: on one machine it looks a request's route up here by its route key; in
 * the cloud each function is told its own route by its stack (http/own-route.ts),
 * so no bundle carries this table.
 */
import type { Grants, TableAccess } from "../../../infra/grants";
import type { Access } from "@regrip/core/shared/access";
import { routeKey } from "./http/own-route";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route {
  method: Method;
  /** API Gateway path syntax: `/api/paddles/{id}`. */
  path: string;
  /**
   * The Lambda handler as SST names it: file path from the repository root
   * without extension, a dot, then the export name.
   */
  handler: string;
  access: Access;
  /**
   * For routes on a customer's own resource: which kind. The authorization
   * matrix test creates one as a customer and expects another customer to get
   * 404 for it, exactly as for a missing id.
   */
  owned?: "paddle" | "order";
  /** Browser navigations (not fetch calls): answered with a redirect. */
  navigation?: boolean;
  /**
   * A route that takes or gives back money (a card checkout, a payment link, a counter payment, a refund, a
   * membership's checkout or cancel). The stacks watch it (stacks/watch.ts): its function logs to the stack's
   * payment log group, where any error line fires an alarm, and a 5xx answer fires another; the handler logs
   * every 5xx it answers on such a route at error level (http/handler.ts). A new payment route sets only this.
   */
  payments?: boolean;
  /**
   * What its Lambda may touch (infra/grants.ts): the stacks grant exactly this and the
   * handler's clients refuse anything else, in the cloud and on one machine alike.
   */
  grants: Grants;
}

/**
 * One route, one file: `handlerAt("<area>/<action>")` names
 * `packages/functions/src/api/<area>/<action>.ts`, whose `handler` export is
 * the route's Lambda. A file per route, because a bundle keeps every export
 * of its entry: a file of three routes would load all three in each Lambda.
 */
const handlerAt = (file: string, exportName = "handler") => `packages/functions/src/api/${file}.${exportName}`;

/*
 * What each route's Lambda may touch (infra/grants.ts): what its code does, as its tests show
 * (`REGRIP_GRANTS_RECORD`, docs/architecture.md), and nothing more. Writes name each action: an audit entry
 * is a put, a counter an update, a released bag hold or a swapped unique claim a delete, a transaction's
 * condition on another item a check.
 */
const table = (...accesses: TableAccess[]): Grants => ({ table: accesses });
const reads = table("read");
/** An edit of an item with its audit entry, which may swap a unique claim (an email, a code): the old one is deleted. */
const edits = table("read", "put", "update", "delete");
/** An order's move (decided in orders/move-order.ts, written by orders/move-writer.ts): the order, its history, counters, stock, the bag hold it takes or frees. */
const moves = table("read", "check", "put", "update", "delete");
/** An order made at the counter or booked (stock taken, a bag held, a paddle made) that may text a payment link. */
const sales: Grants = { ...table("read", "check", "put", "update"), texts: true, secrets: ["STRIPE_SECRET_KEY"] };

export const routes: Route[] = [
  // auth
  { method: "GET", path: "/api/auth/user", handler: handlerAt("auth/current-user"), access: "customer", grants: { table: ["read", "put", "update"] } },
  { method: "POST", path: "/api/auth/local", handler: handlerAt("auth/local-sign-in"), access: "public", grants: { passwordSignIn: true } },
  {
    method: "POST",
    path: "/api/auth/authenticator",
    handler: handlerAt("auth/authenticator"),
    access: "customer",
    grants: { authenticator: true, table: ["read", "put"] },
  },
  { method: "GET", path: "/api/login", handler: handlerAt("auth/login"), access: "public", navigation: true, grants: {} },
  { method: "GET", path: "/api/logout", handler: handlerAt("auth/logout"), access: "public", navigation: true, grants: {} },
  // profile, phone verification, subscription
  { method: "PUT", path: "/api/auth/user", handler: handlerAt("profile/update"), access: "customer", grants: edits },
  { method: "POST", path: "/api/user/phone", handler: handlerAt("profile/send-phone-code"), access: "customer", grants: { ...table("read", "put", "update"), texts: true } },
  { method: "POST", path: "/api/user/phone/verify", handler: handlerAt("profile/verify-phone"), access: "customer", grants: edits },
  { method: "GET", path: "/api/subscriptions", handler: handlerAt("subscriptions/current"), access: "customer", grants: reads },
  { method: "GET", path: "/api/subscriptions/charges", handler: handlerAt("subscriptions/charges"), access: "customer", grants: reads },
  // memberships: the checkout notes what was asked for; paddles and cancel patch the subscription with an audit entry
  { method: "POST", path: "/api/subscriptions/checkout", handler: handlerAt("subscriptions/checkout"), access: "customer", payments: true, grants: { ...table("read", "put"), secrets: ["STRIPE_SECRET_KEY"] } },
  { method: "PUT", path: "/api/subscriptions/paddles", handler: handlerAt("subscriptions/paddles"), access: "customer", grants: table("read", "put", "update") },
  { method: "POST", path: "/api/subscriptions/cancel", handler: handlerAt("subscriptions/cancel"), access: "customer", payments: true, grants: { ...table("read", "put", "update"), texts: true, email: true, secrets: ["STRIPE_SECRET_KEY"] } },
  // packs of regrips: the ones on sale, a pack's checkout (a pending pack, credited by the webhook once paid), the caller's packs
  { method: "GET", path: "/api/packs", handler: handlerAt("packs/list"), access: "public", grants: reads },
  { method: "POST", path: "/api/packs/{id}/checkout", handler: handlerAt("packs/checkout"), access: "customer", payments: true, grants: { ...table("read", "put", "update"), secrets: ["STRIPE_SECRET_KEY"] } },
  { method: "GET", path: "/api/packs/mine", handler: handlerAt("packs/mine"), access: "customer", grants: reads },
  // loyalty points: the caller's balance and history
  { method: "GET", path: "/api/loyalty", handler: handlerAt("loyalty/mine"), access: "customer", grants: reads },
  // paddles
  { method: "GET", path: "/api/paddles", handler: handlerAt("paddles/list"), access: "customer", grants: reads },
  { method: "POST", path: "/api/paddles", handler: handlerAt("paddles/create"), access: "customer", grants: table("read", "put") },
  { method: "PATCH", path: "/api/paddles/{id}", handler: handlerAt("paddles/update"), access: "customer", owned: "paddle", grants: table("read", "update") },
  // read: a staff member's token is checked against the staff roster (switched off?) on every signed-in route
  { method: "DELETE", path: "/api/paddles/{id}", handler: handlerAt("paddles/remove"), access: "customer", owned: "paddle", grants: table("read", "delete") },
  { method: "POST", path: "/api/paddles/{id}/photo", handler: handlerAt("paddles/photo"), access: "customer", owned: "paddle", grants: { ...reads, uploads: ["paddles"] } },
  { method: "POST", path: "/api/paddles/{id}/free-from-bag", handler: handlerAt("paddles/free-from-bag"), access: "customer", owned: "paddle", grants: moves },
  // catalogue
  { method: "GET", path: "/api/services", handler: handlerAt("services/list"), access: "public", grants: reads },
  { method: "GET", path: "/api/promotions/{code}", handler: handlerAt("promotions/get"), access: "public", grants: reads },
  // the grip schedule and where a paddle goes: anyone may read them
  { method: "GET", path: "/api/schedule", handler: handlerAt("schedule/list"), access: "public", grants: reads },
  { method: "GET", path: "/api/locations", handler: handlerAt("schedule/locations"), access: "public", grants: reads },
  // orders
  // a booking sends its confirmation by text and by email (notifications/confirmations.ts)
  { method: "POST", path: "/api/book-service", handler: handlerAt("orders/book"), access: "customer", payments: true, grants: { ...sales, email: true } },
  { method: "GET", path: "/api/orders", handler: handlerAt("orders/list"), access: "customer", grants: reads },
  { method: "GET", path: "/api/orders/{id}", handler: handlerAt("orders/get"), access: "customer", owned: "order", grants: reads },
  // a counter sale's receipt, for whoever holds its unguessable link (a walk-in has no account)
  { method: "GET", path: "/api/receipts/{id}", handler: handlerAt("receipts/get"), access: "public", grants: reads },
  // storefront (the quick sale is the staff form of POST /api/book-service)
  { method: "GET", path: "/api/storefront/products", handler: handlerAt("storefront/products"), access: "staff", grants: reads },
  { method: "POST", path: "/api/storefront/invoice", handler: handlerAt("storefront/invoice"), access: "staff", payments: true, grants: sales },
  // more for a paid order: a new balance to pay, an order of its own linked to it (shared/order-balance.ts)
  { method: "POST", path: "/api/orders/{id}/added", handler: handlerAt("orders/added"), access: "staff", payments: true, grants: sales },
  // lifecycle and payments (the Stripe webhook is a function URL of its own: stacks/Webhooks.ts)
  { method: "POST", path: "/api/orders/{id}/status", handler: handlerAt("orders/move"), access: "owner-or-staff", owned: "order", payments: true, grants: { ...moves, texts: true, email: true, secrets: ["STRIPE_SECRET_KEY"] } },
  { method: "POST", path: "/api/orders/{id}/payments", handler: handlerAt("orders/payments"), access: "staff", payments: true, grants: { ...moves, texts: true, email: true } },
  // a refund of part or all of a payment: staff, an employee only for a payment of the same shop day (payments/refunds.ts)
  { method: "POST", path: "/api/orders/{id}/refunds", handler: handlerAt("orders/refunds"), access: "staff", payments: true, grants: { ...moves, texts: true, email: true, secrets: ["STRIPE_SECRET_KEY"] } },
  // the counter's cash drawer (drawers/): open, paid in and out, close with the report (staff); the admins' list and reopen.
  // An open creates the shop's open item with the session (a put each); a movement ADDs to the session (an update);
  // a close deletes the open item; the report is emailed to the admins after the close
  { method: "POST", path: "/api/drawers", handler: handlerAt("drawers/open"), access: "staff", grants: table("read", "put") },
  { method: "GET", path: "/api/drawers/current", handler: handlerAt("drawers/current"), access: "staff", grants: reads },
  { method: "GET", path: "/api/drawers/{id}", handler: handlerAt("drawers/get"), access: "staff", grants: reads },
  { method: "POST", path: "/api/drawers/{id}/movements", handler: handlerAt("drawers/movement"), access: "staff", payments: true, grants: table("read", "put", "update") },
  { method: "POST", path: "/api/drawers/{id}/close", handler: handlerAt("drawers/close"), access: "staff", payments: true, grants: { ...table("read", "put", "update", "delete"), email: true } },
  { method: "GET", path: "/api/admin/drawers", handler: handlerAt("admin-drawers/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/drawers/{id}/reopen", handler: handlerAt("admin-drawers/reopen"), access: "admin", grants: table("read", "put", "update") },
  { method: "POST", path: "/api/orders/{id}/payment-link", handler: handlerAt("orders/payment-link"), access: "staff", payments: true, grants: { ...table("read", "put", "update"), texts: true, secrets: ["STRIPE_SECRET_KEY"] } },
  // a tip is the customer's own: anyone else's order (staff included) is a 404, so the route names no `owned` kind
  { method: "POST", path: "/api/orders/{id}/tip", handler: handlerAt("orders/tip"), access: "customer", payments: true, grants: { ...table("read", "put", "update"), secrets: ["STRIPE_SECRET_KEY"] } },
  // the owner moves the drop-off until check-in (the seats of the schedule, the reminders' timeline); the drop-off as a
  // calendar file: the customer's own (staff and anyone else 404), so, as the tip, the routes name no `owned` kind
  { method: "POST", path: "/api/orders/{id}/reschedule", handler: handlerAt("orders/reschedule"), access: "customer", grants: { ...table("read", "update", "put"), texts: true, email: true } },
  { method: "GET", path: "/api/orders/{id}/calendar.ics", handler: handlerAt("orders/calendar"), access: "customer", grants: reads },
  { method: "POST", path: "/api/orders/{id}/checkout", handler: handlerAt("orders/checkout"), access: "customer", owned: "order", payments: true, grants: { ...table("read", "put", "update"), secrets: ["STRIPE_SECRET_KEY"] } },
  // customers (staff: the queue, the storefront, the quick sale)
  { method: "GET", path: "/api/customers/search", handler: handlerAt("customers/search"), access: "staff", grants: reads },
  { method: "GET", path: "/api/admin/customers/search", handler: handlerAt("customers/search"), access: "staff", grants: reads },
  { method: "POST", path: "/api/admin/customers", handler: handlerAt("customers/create"), access: "staff", grants: table("read", "put") },
  { method: "PUT", path: "/api/admin/customers/{id}", handler: handlerAt("customers/replace"), access: "staff", grants: edits },
  { method: "GET", path: "/api/customers/{id}", handler: handlerAt("customers/get"), access: "staff", grants: reads },
  { method: "PATCH", path: "/api/customers/{id}", handler: handlerAt("customers/update"), access: "staff", grants: edits },
  // the customer page: contact, paddles, newest orders with their bills, points, membership, packs, texts (reads only)
  { method: "GET", path: "/api/customers/{id}/summary", handler: handlerAt("customers/summary"), access: "staff", grants: reads },
  { method: "PUT", path: "/api/customers/{id}/notes", handler: handlerAt("customers/notes"), access: "staff", grants: table("read", "put", "update") },
  { method: "GET", path: "/api/customers/{id}/packs", handler: handlerAt("packs/customer"), access: "staff", grants: reads },
  { method: "GET", path: "/api/customers/{id}/paddles", handler: handlerAt("paddles/customer"), access: "staff", grants: reads },
  { method: "POST", path: "/api/customers/{id}/phone", handler: handlerAt("customers/send-phone-code"), access: "staff", grants: { ...table("read", "put", "update"), texts: true } },
  { method: "POST", path: "/api/customers/{id}/phone/verify", handler: handlerAt("customers/verify-phone"), access: "staff", grants: edits },
  // bags (staff)
  { method: "POST", path: "/api/admin/bags/create", handler: handlerAt("bags/create"), access: "staff", grants: table("read", "put") },
  { method: "GET", path: "/api/admin/bags", handler: handlerAt("bags/list"), access: "staff", grants: reads },
  { method: "GET", path: "/api/bags/{key}", handler: handlerAt("bags/get"), access: "staff", grants: reads },
  // the public status of the bag a label's QR names: each look spends one of the caller's looks (a rate limit item)
  { method: "GET", path: "/api/public/bags/{slug}", handler: handlerAt("public-bags/status"), access: "public", grants: table("read", "put", "update") },
  // a customer's check of a typed bag number on the booking page
  { method: "GET", path: "/api/bags/{key}/availability", handler: handlerAt("bags/availability"), access: "customer", grants: reads },
  // the service queue and admin orders (staff)
  { method: "GET", path: "/api/admin/orders", handler: handlerAt("admin-orders/list"), access: "staff", grants: reads },
  { method: "GET", path: "/api/admin/orders/counts", handler: handlerAt("admin-orders/counts"), access: "staff", grants: reads },
  // an edit of the lines before payment: the order and its stock in one transaction (a move when nothing is left to pay), the customer told
  { method: "PATCH", path: "/api/orders/{id}/lines", handler: handlerAt("orders/lines"), access: "staff", grants: { ...table("read", "put", "update"), texts: true, email: true } },
  { method: "PUT", path: "/api/orders/{id}/notes", handler: handlerAt("orders/notes"), access: "staff", grants: table("read", "put", "update") },
  // promotions and the audit log (admin)
  // money settings: tax rates per place, the employee discount limit
  { method: "GET", path: "/api/admin/settings/money", handler: handlerAt("admin-settings/money"), access: "admin", grants: reads },
  { method: "PUT", path: "/api/admin/settings/money", handler: handlerAt("admin-settings/money-update"), access: "admin", grants: table("read", "put") },
  // the same, read by the counter's pages: the tax preview and the employee's discount limit
  { method: "GET", path: "/api/settings/money", handler: handlerAt("settings/money"), access: "staff", grants: reads },
  // a shop's contact: address, phone, email, hours, map link (GET /api/locations answers them)
  { method: "PUT", path: "/api/admin/locations/{key}", handler: handlerAt("admin-locations/update"), access: "admin", grants: table("read", "put") },
  { method: "GET", path: "/api/admin/promotions", handler: handlerAt("admin-promotions/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/promotions", handler: handlerAt("admin-promotions/create"), access: "admin", grants: table("read", "put") },
  { method: "PATCH", path: "/api/admin/promotions/{id}", handler: handlerAt("admin-promotions/update"), access: "admin", grants: edits },
  { method: "DELETE", path: "/api/admin/promotions/{id}", handler: handlerAt("admin-promotions/remove"), access: "admin", grants: table("read", "put", "delete") },
  { method: "GET", path: "/api/admin/audit", handler: handlerAt("admin-audit/list"), access: "admin", grants: reads },
  // staff accounts: the pool's role groups and the roster read (a change makes the roster from the groups the first
  // time); an invite makes the account
  // (the pool emails its temporary password), its user item and the audit entry; a change writes the roster and its
  // audit entries in one transaction, and the pool
  { method: "GET", path: "/api/admin/staff", handler: handlerAt("admin-staff/list"), access: "admin", grants: { ...reads, listUsers: true } },
  { method: "POST", path: "/api/admin/staff", handler: handlerAt("admin-staff/invite"), access: "admin", grants: { ...table("read", "put", "update"), listUsers: true, inviteStaff: true } },
  { method: "PATCH", path: "/api/admin/staff/{id}", handler: handlerAt("admin-staff/update"), access: "admin", grants: { ...table("read", "put", "update"), listUsers: true, manageStaff: true } },
  // a points balance adjusted with a reason: the balance's ADD (or conditional subtract), the ledger entry, the audit entry
  { method: "POST", path: "/api/admin/loyalty/{userId}/adjust", handler: handlerAt("admin-loyalty/adjust"), access: "admin", grants: table("read", "put", "update") },
  // communications: test texts, broadcasts, the log (admin)
  // the text inbox (staff): conversations, a thread, a reply through Texts.send, marking read; each
  // conversation write with its unread counter (an update) and, for staff, its audit entry (a put)
  { method: "GET", path: "/api/admin/conversations", handler: handlerAt("admin-inbox/list"), access: "staff", grants: reads },
  { method: "GET", path: "/api/admin/conversations/{id}/messages", handler: handlerAt("admin-inbox/thread"), access: "staff", grants: reads },
  { method: "POST", path: "/api/admin/conversations/{id}/reply", handler: handlerAt("admin-inbox/reply"), access: "staff", grants: { ...table("read", "put", "update"), texts: true } },
  { method: "POST", path: "/api/admin/conversations/{id}/read", handler: handlerAt("admin-inbox/read"), access: "staff", grants: table("read", "put", "update") },
  { method: "GET", path: "/api/admin/communications", handler: handlerAt("admin-communications/list"), access: "admin", grants: reads },
  { method: "GET", path: "/api/admin/users", handler: handlerAt("admin-communications/users"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/test-sms", handler: handlerAt("admin-communications/test-sms"), access: "admin", grants: { ...table("read", "put"), texts: true } },
  { method: "POST", path: "/api/admin/bulk-sms", handler: handlerAt("admin-communications/bulk-sms"), access: "admin", grants: { ...table("read", "put", "update"), texts: true } },
  // packs of regrips (admin): each write with its audit entry
  { method: "GET", path: "/api/admin/packs", handler: handlerAt("admin-packs/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/packs", handler: handlerAt("admin-packs/create"), access: "admin", grants: table("read", "put") },
  { method: "PATCH", path: "/api/admin/packs/{id}", handler: handlerAt("admin-packs/update"), access: "admin", grants: table("read", "put", "update") },
  // the subscribers (admin)
  { method: "GET", path: "/api/admin/subscriptions", handler: handlerAt("admin-subscriptions/list"), access: "admin", grants: reads },
  // the dashboard (admin)
  { method: "GET", path: "/api/admin/analytics", handler: handlerAt("admin-analytics/get"), access: "admin", grants: reads },
  // the sales reports (admin): JSON or, with format=csv, a CSV file, from the day's aggregate items
  { method: "GET", path: "/api/admin/reports/sales", handler: handlerAt("admin-reports/sales"), access: "admin", grants: reads },
  // partner clubs and the grip schedule (admin); a canceled event moves its booked orders (no change of stage) and texts their customers
  { method: "GET", path: "/api/admin/partners", handler: handlerAt("admin-partners/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/partners", handler: handlerAt("admin-partners/create"), access: "admin", grants: table("read", "put") },
  { method: "PATCH", path: "/api/admin/partners/{id}", handler: handlerAt("admin-partners/update"), access: "admin", grants: table("read", "put", "update") },
  { method: "DELETE", path: "/api/admin/partners/{id}", handler: handlerAt("admin-partners/remove"), access: "admin", grants: table("read", "put", "delete") },
  { method: "GET", path: "/api/admin/schedule", handler: handlerAt("admin-schedule/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/schedule", handler: handlerAt("admin-schedule/create"), access: "admin", grants: table("read", "check", "put") },
  { method: "PATCH", path: "/api/admin/schedule/{id}", handler: handlerAt("admin-schedule/update"), access: "admin", grants: { ...table("read", "put", "update"), texts: true } },
  { method: "DELETE", path: "/api/admin/schedule/{id}", handler: handlerAt("admin-schedule/remove"), access: "admin", grants: { ...table("read", "put", "update", "delete"), texts: true } },
  // products and inventory (admin)
  { method: "GET", path: "/api/admin/skus", handler: handlerAt("admin-skus/list"), access: "admin", grants: reads },
  { method: "POST", path: "/api/admin/skus", handler: handlerAt("admin-skus/create"), access: "admin", grants: table("read", "put") },
  { method: "PATCH", path: "/api/admin/skus/{id}", handler: handlerAt("admin-skus/update"), access: "admin", grants: edits },
  { method: "DELETE", path: "/api/admin/skus/{id}", handler: handlerAt("admin-skus/remove"), access: "admin", grants: table("read", "put", "delete") },
  { method: "PATCH", path: "/api/admin/skus/{id}/inventory", handler: handlerAt("admin-skus/inventory"), access: "admin", grants: table("read", "put", "update") },
  { method: "PATCH", path: "/api/admin/skus/{id}/visibility", handler: handlerAt("admin-skus/visibility"), access: "admin", grants: table("read", "put", "update") },
  { method: "POST", path: "/api/admin/skus/{id}/image", handler: handlerAt("admin-skus/image"), access: "admin", grants: { ...reads, uploads: ["skus"] } },
];

// `GET /api/paddles/{id}`: the route key API Gateway puts on each event (written once, beside what a deployed
// function reads of its own route).
export { routeKey };

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

export function findRoute(key: string): Route | undefined {
  return byKey.get(key);
}
