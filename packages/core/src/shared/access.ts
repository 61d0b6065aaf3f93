/**
 * Who may call a route, a domain function or open a page: one set of words, written once. Browser-safe: the route
 * table (packages/functions/src/routes.ts), the handler's gate, core's domain functions (actor/fn.ts) and the web
 * app's page guard (packages/web/src/auth/access.ts) all read it from here.
 */
export type Access =
  /** anyone, signed in or not */
  | "public"
  /** any signed-in user (every user is a CUSTOMER) */
  | "customer"
  /**
   * the owner of the route's `owned` item, or staff: any signed-in caller passes the route's gate and the domain
   * function checks the rest (anyone else gets 404, as for a missing item)
   */
  | "owner-or-staff"
  /** EMPLOYEE or ADMIN */
  | "staff"
  /** ADMIN only */
  | "admin";

/**
 * The access decided by the caller's role alone, with no item to look at: what a domain function asserts first
 * and what a page's guard decides. `owner-or-staff` needs the item, so only a route declares it; its function
 * asserts `customer` and checks the owner itself.
 */
export type RoleAccess = Exclude<Access, "owner-or-staff">;
