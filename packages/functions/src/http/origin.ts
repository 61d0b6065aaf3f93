import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { env } from "../../../../infra/env";

/** A user agent longer than this is cut: it is recorded on every audit entry, and a client chooses its length. */
export const USER_AGENT_MAX = 512;

/**
 * The headers CloudFront adds to every request it sends the API (stacks/Web.ts): the viewer's address, set by
 * its viewer-request function from what CloudFront itself saw (a viewer's own header of that name is replaced),
 * and the stage's origin secret, which only CloudFront and the API's functions know (ORIGIN_SECRET).
 */
export const viewerAddressHeader = "x-regrip-viewer-address";
export const originSecretHeader = "x-regrip-origin-secret";

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the request came through the stage's CloudFront distribution (never on one machine: no secret). */
export function throughCloudFront(headers: Record<string, string | undefined>): boolean {
  const expected = process.env[env.originSecret];
  return Boolean(expected) && sameSecret(headers[originSecretHeader], expected!);
}

/** 403 for a call of the API's own URL: the shop answers only through its site. */
export const DIRECT_CALL_REFUSED = "Call the shop's API through its site: this address does not answer.";

/**
 * Whether the API takes the request at all: where the stage has an origin secret (every deployed API function), only
 * when it came through the site's CloudFront, which adds the secret (stacks/Web.ts); a caller of the API's own
 * `execute-api` URL, which could skip CloudFront's caching and limits, is refused before any work. On one machine
 * (no secret) `npm start`'s server is the site and every request is taken; with ORIGIN_SECRET set it plays
 * CloudFront too (infra/local).
 */
export function fromTheSite(headers: Record<string, string | undefined>): boolean {
  return !process.env[env.originSecret] || throughCloudFront(headers);
}

/**
 * Where a request came from: the customer's address and user agent. The handler layer puts both on the
 * request's actor (http/handler.ts), and every audit entry records them from there.
 *
 * Through CloudFront, API Gateway's source address is CloudFront's edge, so the viewer's is taken from
 * CloudFront's header, but only when the request carries the origin secret: a direct caller of the API's own
 * URL could send any header, and gets its own source address recorded instead.
 */
export function requestOrigin(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined> = lowerCaseHeaders(event),
): { ip?: string; userAgent?: string } {
  const http = event.requestContext?.http;
  const viewer = headers[viewerAddressHeader]?.trim();
  const ip = viewer && isIP(viewer) && throughCloudFront(headers) ? viewer : http?.sourceIp || undefined;
  return { ip, userAgent: http?.userAgent ? http.userAgent.slice(0, USER_AGENT_MAX) : undefined };
}

function lowerCaseHeaders(event: APIGatewayProxyEventV2): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}
