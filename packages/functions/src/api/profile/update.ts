import * as Users from "@regrip/core/users";
import { api } from "../../http/handler";

/** PUT /api/auth/user: names, email, phone and the notification switches; answers the UserView. */
export const handler = api({ body: Users.update.schema }, async (req) => Users.view(await Users.update(req.user(), req.body()), req.user()));
