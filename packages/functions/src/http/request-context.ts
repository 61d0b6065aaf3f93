import type { ApiRequest } from "./handler";

/** Where a staff write came from, for its audit entry (issue 10: actor, action, target, change, ip, user agent). */
export function requestContext(req: Pick<ApiRequest, "event" | "header">): { ip?: string; userAgent?: string } {
  const ip = req.event.requestContext?.http?.sourceIp;
  const userAgent = req.header("user-agent")?.slice(0, 512);
  return { ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) };
}
