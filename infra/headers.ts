/**
 * The browser security headers of every answer, written once: CloudFront's
 * response headers policy puts them on every behaviour of the site
 * (stacks/Web.ts), and the local server sets the same map on every answer
 * (infra/local/server.ts). Plain values here, no CDK import, so the local
 * server loads this without aws-cdk-lib.
 *
 * The CSP is what the built app (packages/web/dist) needs and no more: its
 * scripts and styles are files under /assets/ (index.html's only inline script
 * is a `type="application/json"` data block, which CSP does not run), photos
 * come from /uploads/ on the same origin, and the browser talks to the API and,
 * on one machine, cognito-local at /cognito/ on its own origin. In the cloud it
 * also calls Cognito's API, the hosted UI's token endpoint, and PUTs paddle
 * photos to the uploads bucket through presigned URLs (see `cloudConnectSources`).
 * Checkout, the hosted UI and sign-out are navigations, which CSP does not restrict.
 * The test-only local payment page has its own, stricter policy (infra/local/payment-page.ts).
 *
 * HSTS is sent locally too: browsers ignore Strict-Transport-Security over
 * plain http (the HSTS standard says so), so it is harmless there, and one identical map
 * in both places is easier to trust than two.
 */

/** Two years, with subdomains: what the HSTS preload list asks for (preload itself is left to the domain's owner). */
export const hstsMaxAgeSeconds = 63_072_000;
export const hstsIncludeSubDomains = true;

export const frameOption = "DENY" as const;
export const referrerPolicy = "strict-origin-when-cross-origin" as const;

/** CSP directives other than connect-src's extra sources, in the order they are written. */
function directives(connectSources: readonly string[]): [string, string[]][] {
  return [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'"]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...connectSources]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

/** The site's Content-Security-Policy; `connectSources` are the origins the browser calls besides the site itself. */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return directives(connectSources)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

export interface CloudEndpoints {
  region: string;
  /** `amazonaws.com` in the commercial partition (a stack's urlSuffix). */
  urlSuffix: string;
  /** The Cognito hosted UI's domain: Amplify fetches its /oauth2/token after the redirect back. */
  hostedUiDomain: string;
  /** The paddle photo bucket: the browser PUTs to its presigned URLs (virtual-hosted, regional, as SDK v3 signs them). */
  uploadsBucketName: string;
}

/** What the browser calls in the cloud besides the site's own origin. */
export function cloudConnectSources(cloud: CloudEndpoints): string[] {
  return [
    `https://cognito-idp.${cloud.region}.${cloud.urlSuffix}`,
    `https://${cloud.hostedUiDomain}`,
    `https://${cloud.uploadsBucketName}.s3.${cloud.region}.${cloud.urlSuffix}`,
  ];
}

/** The header map, names in lower case as Node sends them. */
export function securityHeaders(connectSources: readonly string[] = []): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(connectSources),
    "strict-transport-security": `max-age=${hstsMaxAgeSeconds}${hstsIncludeSubDomains ? "; includeSubDomains" : ""}`,
    "x-content-type-options": "nosniff",
    "x-frame-options": frameOption,
    "referrer-policy": referrerPolicy,
  };
}

/** The local server's headers: everything the browser calls is on the shop's one origin. */
export const localSecurityHeaders: Readonly<Record<string, string>> = Object.freeze(securityHeaders());
