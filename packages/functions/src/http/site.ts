import { env } from "../../../../infra/env";
import type { ApiRequest } from "./handler";

/**
 * The site's origin for links the API hands out (checkout return links, a
 * texted payment link): SITE_URL, or, on a stage that does not know its URL
 * yet, the viewer's host that CloudFront copies into X-Forwarded-Host.
 */
export function siteOrigin(req: Pick<ApiRequest, "header">): string {
  const configured = process.env[env.siteUrl];
  if (configured) return configured.replace(/\/+$/, "");
  const host = req.header("x-forwarded-host");
  return host ? `https://${host}` : "";
}
