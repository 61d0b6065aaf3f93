import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** Where a request came from, for its audit entry: the caller's address as API Gateway saw it, and its user agent. */
export function requestOrigin(event: APIGatewayProxyEventV2): { ip?: string; userAgent?: string } {
  const http = event.requestContext?.http;
  return { ip: http?.sourceIp || undefined, userAgent: http?.userAgent || undefined };
}
