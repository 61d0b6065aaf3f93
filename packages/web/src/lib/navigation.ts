/**
 * Full-page navigations to the server's auth routes: they answer with a
 * redirect (to /login or the hosted UI, and to /logout), so the router must
 * not handle them.
 */
import { RETURN_TO_PARAM, safeReturnPath } from "@regrip/core/shared/return-path";

const serverLoginPath = "/api/login";
const serverLogoutPath = "/api/logout";

/** The server's login path, carrying `returnTo` (a path on this site) when there is one. */
function serverLoginUrl(returnTo?: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `${serverLoginPath}?${RETURN_TO_PARAM}=${encodeURIComponent(path)}` : serverLoginPath;
}

/** This page's path, to come back to after signing in. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function goToServerLogin(returnTo?: string): void {
  window.location.assign(serverLoginUrl(returnTo));
}

export function goToServerLogout(): void {
  window.location.assign(serverLogoutPath);
}
