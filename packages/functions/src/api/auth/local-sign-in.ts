import * as Identity from "@regrip/core/identity";
import { env } from "../../../../../infra/env";
import { api } from "../../http/handler";

/** POST /api/auth/local {username, password}: Cognito tokens, or 401 {message}. */
export const handler = api({ body: Identity.PasswordSignIn }, async (req) => {
  const input = req.body();
  return Identity.signInWithPassword(input, process.env[env.userPoolClientId] ?? "");
});
