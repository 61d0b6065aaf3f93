import * as Identity from "@regrip/core/identity";
import { api } from "../../http/handler";

/** POST /api/auth/local {username, password}: Cognito tokens, or 401 {message}. */
export const handler = api({ body: Identity.signInWithPassword.schema }, async (req) => Identity.signInWithPassword(req.actor, req.body()));
