import { RETURN_TO_PARAM, safeReturnPath } from "@regrip/core/shared/accounts";
import { env } from "../../../../../infra/env";
import { api } from "../../http/handler";
import { redirect } from "../../http/reply";

/**
 * Browser navigation to /api/login: the sign-in page (or the stage's hosted UI). `?returnTo=` (a path on this
 * site, checked by safeReturnPath: never another host) goes along, so the person comes back to the page they
 * asked for; anything else is dropped, never refused.
 */
export const handler = api(async (req) => {
  const login = process.env[env.loginUrl] || "/login";
  const returnTo = safeReturnPath(req.query[RETURN_TO_PARAM]);
  return redirect(returnTo ? `${login}${login.includes("?") ? "&" : "?"}${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : login);
});
