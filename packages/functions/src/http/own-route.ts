/**
 * The route a deployed function serves, handed to it by its API stack (stacks/Api.ts) in `REGRIP_ROUTE`: its
 * method, path, access and grants. With it a function finds its own access without carrying the whole route table
 * (routes.ts, about 9.5 KB minified, which was in every bundle and grew with every route). On one machine every
 * route runs in one process, the variable is unset, and the handler reads the table (http/handler.ts).
 */
import { env } from "../../../../infra/env";

// Typed by shape, not by routes.ts's Route: the route table imports `routeKey` from here, and this module must not
// import it back (no import cycle, scripts/lib/imports.test.ts).

/** API Gateway's route key: `GET /api/paddles/{id}`. */
export function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** What the stack sets in `REGRIP_ROUTE` for `route`: every field of it but the handler's name. */
export function ownRouteVariable(route: { handler: string; method: string; path: string }): string {
  const { handler: _handler, ...own } = route;
  return JSON.stringify(own);
}

let parsed: { text: string; route: unknown } | undefined;

/** The route this function was deployed for (`Own`: a route without its handler), or undefined on one machine. Parsed once. */
export function ownRoute<Own extends { method: string; path: string }>(): Own | undefined {
  const text = process.env[env.route];
  if (!text) return undefined;
  if (parsed?.text !== text) parsed = { text, route: JSON.parse(text) };
  return parsed.route as Own;
}
