/**
 * The route table: every HTTP route of the API, written once.
 *
 * Read by the Api stack (one Lambda per route, JWT authorizer unless public),
 * by the local adapter (infra/local/server.ts) and by the authorization matrix
 * test. The handler layer (http/handler.ts) looks a request's route up here by
 * its route key and enforces `access` before the handler runs.
 */
export type Access =
  /** anyone, signed in or not */
  | "public"
  /** any signed-in user (every user is a CUSTOMER) */
  | "customer"
  /** EMPLOYEE or ADMIN */
  | "staff"
  /** ADMIN only */
  | "admin";

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
}

const fn = (file: string, exportName: string) => `packages/functions/src/api/${file}.${exportName}`;

export const routes: Route[] = [
  // auth
  { method: "GET", path: "/api/auth/user", handler: fn("auth", "currentUser"), access: "customer" },
  { method: "POST", path: "/api/auth/local", handler: fn("auth", "localSignIn"), access: "public" },
  { method: "GET", path: "/api/login", handler: fn("auth", "login"), access: "public", navigation: true },
  { method: "GET", path: "/api/logout", handler: fn("auth", "logout"), access: "public", navigation: true },
  // catalogue
  { method: "GET", path: "/api/services", handler: fn("services", "list"), access: "public" },
  { method: "GET", path: "/api/promotions/{code}", handler: fn("promotions", "get"), access: "public" },
];

/** `GET /api/paddles/{id}`: the route key API Gateway puts on each event. */
export function routeKey(route: Pick<Route, "method" | "path">): string {
  return `${route.method} ${route.path}`;
}

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

export function findRoute(key: string): Route | undefined {
  return byKey.get(key);
}
