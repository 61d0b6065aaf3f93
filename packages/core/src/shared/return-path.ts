/**
 * The page a visitor comes back to after signing in (docs/api.md `/api/login?returnTo=`). Browser-safe and
 * without imports: the web app's entry reads it on every page (auth/return-path.ts, lib/navigation.ts), and the
 * server's /api/login checks the same way.
 */

/** Where a page that needs a sign-in sends its visitor back to: the query parameter on /api/login and /login. */
export const RETURN_TO_PARAM = "returnTo";

/**
 * `value` when it is a path on this site to return to after signing in, else undefined: a relative path that
 * starts with one `/` (never `//` or `/\`, which browsers read as another host), no control characters, not the
 * sign-in or sign-out pages themselves, and not the API. Never an address elsewhere: no open redirect.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, "https://regrip.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "https://regrip.invalid") return undefined;
  const path = url.pathname;
  if (path === "/login" || path === "/logout" || path.startsWith("/api/") || path.startsWith("/cognito")) return undefined;
  return `${path}${url.search}${url.hash}`;
}
