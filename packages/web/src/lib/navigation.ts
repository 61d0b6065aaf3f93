/**
 * Full-page navigations to the server's auth routes: they answer with a
 * redirect (to /login or the hosted UI, and to /logout), so the router must
 * not handle them.
 */
export const serverLoginPath = "/api/login";
export const serverLogoutPath = "/api/logout";

export function goToServerLogin(): void {
  window.location.assign(serverLoginPath);
}

export function goToServerLogout(): void {
  window.location.assign(serverLogoutPath);
}
