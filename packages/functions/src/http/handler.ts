import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { ZodError, type ZodType } from "zod";
import { isAdmin, isStaff, type UserActor } from "@regrip/core/actor";
import { isServiceUnavailable, UNAVAILABLE_MESSAGE } from "@regrip/core/aws";
import { DomainError, invalid, type ErrorKind } from "@regrip/core/errors";
import { findRoute, type Access, type Route } from "../routes";
import { json, problem, type Reply } from "./reply";
import { bearerToken, InvalidTokenError, verifyIdToken } from "./token";

export interface ApiRequest {
  event: APIGatewayProxyEventV2;
  route: Route;
  /** The verified caller; null only on a public route called signed out. */
  actor: UserActor | null;
  params: Record<string, string>;
  query: Record<string, string>;
  header(name: string): string | undefined;
  /** The JSON body parsed with `schema`; a 400 with the schema's message when it does not fit. */
  body<T>(schema: ZodType<T>): T;
  /** The caller, or a 401 when signed out. */
  user(): UserActor;
}

export type ApiHandler = (request: ApiRequest) => Promise<Reply | unknown>;

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
  if (access === "customer") return "ok";
  if (access === "staff") return isStaff(actor) ? "ok" : 403;
  return isAdmin(actor) ? "ok" : 403;
}

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("The request body must be valid JSON.");
  }
}

/** The first problem zod found, in the words of the schema. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  return issue.message;
}

function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && typeof (value as Reply).statusCode === "number";
}

/**
 * Wraps a route's handler: finds the route by the event's route key, verifies
 * the token, enforces the route's access before the handler runs, and turns
 * every failure into `{ message }` with a 4xx (a 500 only for our own bugs).
 */
export function api(handler: ApiHandler) {
  return async (event: APIGatewayProxyEventV2): Promise<Reply> => {
    const route = findRoute(event.routeKey);
    if (!route) return problem(404, "Not found");
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? ""]));
    let actor: UserActor | null = null;
    const token = bearerToken(headers.authorization);
    try {
      if (token) actor = await verifyIdToken(token);
    } catch (error) {
      if (isServiceUnavailable(error)) return problem(503, UNAVAILABLE_MESSAGE);
      if (!(error instanceof InvalidTokenError)) throw error;
      // On a public route a stale token just means "signed out".
      if (route.access !== "public") return problem(401, "Unauthorized");
    }
    const gate = allowed(route.access, actor);
    if (gate === 401) return problem(401, "Unauthorized");
    if (gate === 403) return problem(403, "Forbidden: you don't have permission to do this.");

    let parsed: { value: unknown } | undefined;
    const request: ApiRequest = {
      event,
      route,
      actor,
      params: Object.fromEntries(
        Object.entries(event.pathParameters ?? {}).map(([k, v]) => [k, decodeURIComponent(v ?? "")]),
      ),
      query: Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? ""])),
      header: (name) => headers[name.toLowerCase()],
      body: (schema) => {
        parsed ??= { value: parseBody(event) };
        return schema.parse(parsed.value ?? {});
      },
      user: () => {
        if (!actor) throw new DomainError("unauthorized", "Unauthorized");
        return actor;
      },
    };
    try {
      const result = await handler(request);
      if (isReply(result)) return result;
      return json(result ?? null);
    } catch (error) {
      if (error instanceof ZodError) return problem(400, zodMessage(error));
      if (error instanceof DomainError) return problem(statusOf[error.kind], error.message);
      if (isServiceUnavailable(error)) {
        console.error(`${event.routeKey}: a service did not answer`, error);
        return problem(503, UNAVAILABLE_MESSAGE);
      }
      console.error(`${event.routeKey} failed`, error);
      return problem(500, "Something went wrong on our side. Please try again.");
    }
  };
}
