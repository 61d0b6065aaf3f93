import * as Users from "@regrip/core/users";
import { api } from "../../http/handler";

/** PUT /api/auth/user: names, email, phone and the notification switches; answers the UserView. */
export const handler = api({ body: Users.UpdateProfile }, async (req) => {
  const input = req.body();
  return Users.view(await Users.update(await Users.fromSignIn(req.user()), input));
});
