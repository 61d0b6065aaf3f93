import { Identity } from "@regrip/core/identity";
import { Users } from "@regrip/core/users";
import { env } from "../../../../infra/env";
import { api } from "../http/handler";
import { redirect } from "../http/reply";

/** GET /api/auth/user: the signed-in user (created on first sign-in). */
export const currentUser = api(async (req) => Users.view(await Users.fromSignIn(req.user())));

/** POST /api/auth/local {username, password}: Cognito tokens, or 401 {message}. */
export const localSignIn = api({ body: Identity.PasswordSignIn }, async (req) => {
  const input = req.body();
  return Identity.signInWithPassword(input, process.env[env.userPoolClientId] ?? "");
});

/** Browser navigation to /api/login: the sign-in page (or the stage's hosted UI). */
export const login = api(async () => redirect(process.env[env.loginUrl] || "/login"));

/** Browser navigation to /api/logout: the web app's /logout clears the session in the browser, then goes home. */
export const logout = api(async () => redirect("/logout"));
