import * as Users from "@regrip/core/users";
import { api } from "../../http/handler";

/** GET /api/auth/user: the signed-in user (created on first sign-in). */
export const handler = api(async (req) => Users.view(await Users.fromSignIn(req.user()), req.user()));
