import * as Identity from "@regrip/core/identity";
import { api } from "../../http/handler";

/** POST /api/auth/authenticator: the account's authenticator group brought in line with the user pool (identity/). */
export const handler = api(async (req) => Identity.syncAuthenticator(req.user()));
