/**
 * The route a deployed function serves, handed to it by its API stack (stacks/Api.ts) in `REGRIP_ROUTE`: its
 * method, path, access and grants. With it a function finds its own access without carrying the whole route table
 * (routes.ts, about 9.5 KB minified, which was in every bundle and grew with every route). On one machine every
 * route runs in one process, the variable is unset, and the handler reads the table (http/handler.ts).
 */
import { env } from "../../../../infra/env";
import type { Route } from "../routes";

/** A route as its function knows it: everything but the handler's name. */
export type OwnRoute = Omit<Route, "handler">;

/** API Gateway's route key: `GET /api/paddles/{id}`. */
export function routeKey(route: Pick<Route, "method" | "path">): string {
  return `${route.method} ${route.path}`;
}

/** What the stack sets in `REGRIP_ROUTE` for `route`. */
export function ownRouteVariable(route: Route): string {
  const { handler: _handler, ...own } = route;
  return JSON.stringify(own);
}

let parsed: { text: string; route: OwnRoute } | undefined;

/** The route this function was deployed for, or undefined on one machine. Parsed once. */
export function ownRoute(): OwnRoute | undefined {
  const text = process.env[env.route];
  if (!text) return undefined;
  if (parsed?.text !== text) parsed = { text, route: JSON.parse(text) as OwnRoute };
  return parsed.route;
}
