import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

export type Reply = APIGatewayProxyStructuredResultV2 & { statusCode: number };

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function json(body: unknown, statusCode = 200, headers: Record<string, string> = {}): Reply {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
}

/** Every refusal has the same shape: `{ "message": ... }`, and a domain refusal's details beside it (errors/). */
export function problem(statusCode: number, message: string, details?: Readonly<Record<string, unknown>>): Reply {
  return json({ ...details, message }, statusCode);
}

export function redirect(location: string, statusCode = 302): Reply {
  return { statusCode, headers: { location, "cache-control": "no-store" } };
}

export function noContent(): Reply {
  return { statusCode: 204, headers: { "cache-control": "no-store" } };
}
