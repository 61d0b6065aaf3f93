import type { APIGatewayProxyEventV2 } from "aws-lambda";
import * as z from "zod/mini";
import { $ZodError, type $ZodType } from "zod/v4/core";
import "@regrip/core/shared/zod-messages";
import { FORBIDDEN, isAdmin, isStaff, refusedRole, STAFF_REQUIRED, type UserActor } from "@regrip/core/actor";
import { parse } from "@regrip/core/actor/fn";
import { isServiceUnavailable, UNAVAILABLE_MESSAGE } from "@regrip/core/aws";
import { withGrants } from "@regrip/core/aws/grants";
import { DomainError, invalid, type ErrorKind } from "@regrip/core/errors";
import { Id } from "@regrip/core/shared/ids";
import { hasStaffRole } from "@regrip/core/shared/roles";
import { staffStanding, SWITCHED_OFF } from "@regrip/core/staff/switched-off";
import type { Access } from "@regrip/core/shared/access";
import type { Route } from "../routes";
import { ownRoute, routeKey } from "./own-route";
import { DIRECT_CALL_REFUSED, fromTheSite, requestOrigin } from "./origin";
import { json, problem, type Reply } from "./reply";
import { bearerToken, InvalidTokenError, verifyIdToken } from "./token";

/** A route as its function knows it (http/own-route.ts): everything but the handler's name. */
type OwnRoute = Omit<Route, "handler">;

/**
 * What a route reads, declared with the handler: `api({ body: Paddles.create.schema }, async (req) => Paddles.create(req.user(), req.body()))`,
 * the schema the domain function carries (actor/fn.ts), so route and function parse alike.
 * - params: a zod object of the path parameters; by default each one must be
 *   an id (`Id` of @regrip/core/shared/ids), so no route needs to say so.
 * - query: a zod object of the query string (a route that reads one declares it).
 * - body: the JSON body's schema; `req.body()` parses with it (lazily, so an
 *   ownership check can come first). A handler that reads a body declares it.
 *
 * The returned Lambda function carries them as `schemas`, so tests generate
 * inputs for every route from the route table (test/integration/hostile.test.ts).
 */
export interface RouteSchemas {
  params?: $ZodType<Record<string, unknown>>;
  query?: $ZodType<Record<string, unknown>>;
  body?: $ZodType;
}

// Core types, so classic zod and zod/mini schemas are both accepted.
type Output<S, Fallback> = S extends $ZodType ? z.output<S> : Fallback;

export interface ApiRequest<S extends RouteSchemas = RouteSchemas> {
  event: APIGatewayProxyEventV2;
  route: OwnRoute;
  /** The verified caller; null only on a public route called signed out. */
  actor: UserActor | null;
  /** The path parameters, %-decoded and checked (400 before the handler runs when one does not fit). */
  params: Output<S["params"], Record<string, string>>;
  /** The query string parsed with the declared schema (as sent when the route declares none). */
  query: Output<S["query"], Record<string, string>>;
  header(name: string): string | undefined;
  /** The JSON body parsed with the declared `body` schema; a 400 with the schema's message when it does not fit. */
  body(): Output<S["body"], never>;
  /** The caller, or a 401 when signed out. */
  user(): UserActor;
}

export type ApiHandler<S extends RouteSchemas = RouteSchemas> = (request: ApiRequest<S>) => Promise<Reply | unknown>;

export type ApiFunction = ((event: APIGatewayProxyEventV2) => Promise<Reply>) & { schemas: RouteSchemas };

/** The names of a route's path parameters: `/api/orders/{id}` → `["id"]`. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\+?\}/g)].map((found) => found[1]);
}

/** The schema a route's path parameters are checked with: the declared one, else the id rule for each. */
export function paramsSchema(route: Pick<OwnRoute, "path">, schemas: RouteSchemas): $ZodType<Record<string, unknown>> {
  return schemas.params ?? z.object(Object.fromEntries(pathParameterNames(route.path).map((name) => [name, Id])));
}

const MALFORMED_ESCAPE = "The address has a malformed % escape.";

function decodedParams(event: APIGatewayProxyEventV2): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
    try {
      decoded[name] = decodeURIComponent(value ?? "");
    } catch {
      throw invalid(MALFORMED_ESCAPE);
    }
  }
  return decoded;
}

const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition: 428,
  too_many: 429,
  unavailable: 503,
};

function allowed(access: Access, actor: UserActor | null): "ok" | 401 | 403 {
  if (access === "public") return "ok";
  if (!actor) return 401;
  // The owner-or-staff check needs the item: the domain function makes it.
  if (access === "customer" || access === "owner-or-staff") return "ok";
  if (access === "staff") return isStaff(actor) ? "ok" : 403;
  return isAdmin(actor) ? "ok" : 403;
}

/** A body sent as something other than JSON (a form post, plain text): 415, never read as JSON by accident. */
class NotJsonError extends Error {}
const NOT_JSON_MESSAGE = "The request body must be JSON (Content-Type: application/json).";

/** `application/json`, or a `+json` type; an absent type is read as JSON (scripts and API Gateway's tests send none). */
function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

function parseBody(event: APIGatewayProxyEventV2, contentType: string | undefined): unknown {
  if (!event.body) return undefined;
  if (!isJsonType(contentType)) throw new NotJsonError(NOT_JSON_MESSAGE);
  const text = event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("The request body must be valid JSON.");
  }
}

/** The first problem zod found, in the words of the schema. */
export function zodMessage(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  return issue.message;
}

function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && typeof (value as Reply).statusCode === "number";
}

/**
 * The route of `key`: in the cloud the function's own (its stack's `REGRIP_ROUTE`, http/own-route.ts), answered
 * only for its own key; on one machine looked up in the route table, loaded once on the first request (a chunk of
 * its own that no deployed function reads).
 */
async function routeOf(key: string): Promise<OwnRoute | undefined> {
  const own = ownRoute<OwnRoute>();
  if (own) return routeKey(own) === key ? own : undefined;
  return (await import("../routes")).findRoute(key);
}

/**
 * Wraps a route's handler: finds the route by the event's route key, verifies
 * the token, enforces the route's access before the handler runs, and turns
 * every failure into `{ message }` with a 4xx (a 500 only for our own bugs).
 */
export function api(handler: ApiHandler<{}>): ApiFunction;
export function api<S extends RouteSchemas>(schemas: S, handler: ApiHandler<S>): ApiFunction;
export function api<S extends RouteSchemas>(first: S | ApiHandler<{}>, second?: ApiHandler<S>): ApiFunction {
  const schemas = (typeof first === "function" ? {} : first) as S;
  const handler = (typeof first === "function" ? first : second) as ApiHandler<S>;
  const lambda = async (event: APIGatewayProxyEventV2): Promise<Reply> => {
    const route = await routeOf(event.routeKey);
    if (!route) return problem(404, "Not found");
    // Everything the request does, its effects after the commit included, runs under its route's grants.
    return withGrants({ name: event.routeKey, grants: route.grants }, () => answer(event, route));
  };
  const answer = async (event: APIGatewayProxyEventV2, route: OwnRoute): Promise<Reply> => {
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? ""]));
    // Only through the site (http/origin.ts): the API's own URL answers nothing.
    if (!fromTheSite(headers)) return problem(403, DIRECT_CALL_REFUSED);
    let actor: UserActor | null = null;
    const token = bearerToken(headers.authorization);
    try {
      // The caller and where the request came from (ip, user agent): every audit entry records both.
      if (token) actor = { ...(await verifyIdToken(token)), ...requestOrigin(event) };
    } catch (error) {
      if (isServiceUnavailable(error)) return problem(503, UNAVAILABLE_MESSAGE);
      if (!(error instanceof InvalidTokenError)) throw error;
      // On a public route a stale token just means "signed out".
      if (route.access !== "public") return problem(401, "Unauthorized");
    }
    // A token claiming a staff role is checked against the staff roster: a switched-off person's token, valid for up
    // to an hour more, is refused at once, and an admin made an employee since the token was issued acts as an
    // employee at once (one GetItem, staff/switched-off.ts). Public routes read nothing of it.
    if (actor && route.access !== "public" && hasStaffRole(actor)) {
      try {
        const standing = await staffStanding(actor.userId);
        if (standing.off) return problem(401, SWITCHED_OFF);
        if (standing.demoted && actor.roles.includes("ADMIN")) actor = { ...actor, roles: [...actor.roles.filter((role) => role !== "ADMIN" && role !== "EMPLOYEE"), "EMPLOYEE"] };
      } catch (error) {
        if (isServiceUnavailable(error)) return problem(503, UNAVAILABLE_MESSAGE);
        throw error;
      }
    }
    const gate = allowed(route.access, actor);
    if (gate === 401) return problem(401, "Unauthorized");
    if (gate === 403) {
      // Staff without their authenticator app are told to set it up; docs/api-staff.md: a customer calling a staff route.
      const refused = refusedRole(actor!, route.access === "staff" ? STAFF_REQUIRED : FORBIDDEN);
      return problem(403, refused.message, refused.details);
    }

    let parsed: { value: unknown } | undefined;
    try {
      const rawQuery = Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? ""]));
      const request: ApiRequest<S> = {
        event,
        route,
        actor,
        // Parsed by `parse` (actor/fn.ts), so a domain function handed them does not parse them again.
        params: parse(paramsSchema(route, schemas), decodedParams(event)) as ApiRequest<S>["params"],
        query: (schemas.query ? parse(schemas.query, rawQuery) : rawQuery) as ApiRequest<S>["query"],
        header: (name) => headers[name.toLowerCase()],
        body: () => {
          if (!schemas.body) throw new Error(`${event.routeKey} reads a body without declaring its schema in api({ body })`);
          parsed ??= { value: parseBody(event, headers["content-type"]) };
          return parse(schemas.body, parsed.value ?? {}) as ReturnType<ApiRequest<S>["body"]>;
        },
        user: () => {
          if (!actor) throw new DomainError("unauthorized", "Unauthorized");
          return actor;
        },
      };
      const result = await handler(request);
      if (isReply(result)) return result;
      return json(result ?? null);
    } catch (error) {
      // $ZodError: what classic zod and zod/mini schemas both throw.
      if (error instanceof $ZodError) return problem(400, zodMessage(error));
      if (error instanceof NotJsonError) return problem(415, error.message);
      if (error instanceof DomainError) {
        const status = statusOf[error.kind];
        // Answered, and on a payment route still logged at error level: its alarm (stacks/watch.ts) must see it.
        if (route.payments && status >= 500) console.error(`${event.routeKey} answered ${status}: ${error.message}`);
        return problem(status, error.message, error.details);
      }
      if (isServiceUnavailable(error)) {
        console.error(`${event.routeKey}: a service did not answer`, error);
        return problem(503, UNAVAILABLE_MESSAGE);
      }
      console.error(`${event.routeKey} failed`, error);
      return problem(500, "Something went wrong on our side. Please try again.");
    }
  };
  return Object.assign(lambda, { schemas: schemas as RouteSchemas });
}
