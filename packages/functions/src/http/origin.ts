import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** A user agent longer than this is cut: it is recorded on every audit entry, and a client chooses its length. */
export const USER_AGENT_MAX = 512;

/**
 * Where a request came from: the caller's address as API Gateway saw it, and its user agent. The handler layer
 * puts both on the request's actor (http/handler.ts), and every audit entry records them from there.
 */
export function requestOrigin(event: APIGatewayProxyEventV2): { ip?: string; userAgent?: string } {
  const http = event.requestContext?.http;
  return { ip: http?.sourceIp || undefined, userAgent: http?.userAgent ? http.userAgent.slice(0, USER_AGENT_MAX) : undefined };
}
