import { unavailable } from "@regrip/core/errors";
import { env } from "../../../../infra/env";

/** What a request that needs the site's address is told before the stage knows it (docs/deploy.md, the two passes). */
export const SITE_URL_UNSET =
  "Payment links are not available yet: the shop's web address is not configured. Please try again later.";

/**
 * The site's origin for links the API hands out (checkout return links, a texted payment link): the stage's
 * configured SITE_URL and nothing else. A request's Host or X-Forwarded-Host is never used: a caller of the
 * API's own URL chooses those. Before a new stage's second deploy sets it, such a request answers 503 before
 * anything is written.
 */
export function siteOrigin(): string {
  const configured = process.env[env.siteUrl];
  if (!configured) throw unavailable(SITE_URL_UNSET);
  return configured.replace(/\/+$/, "");
}
