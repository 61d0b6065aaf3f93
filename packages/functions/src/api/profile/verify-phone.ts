import * as PhoneVerification from "@regrip/core/phone-verification";
import * as Users from "@regrip/core/users";
import { api } from "../../http/handler";

/** POST /api/user/phone/verify {code}: the phone is set and verified; answers the UserView. */
export const handler = api({ body: PhoneVerification.VerifyCode }, async (req) => {
  const input = req.body();
  const actor = req.user();
  // The user item must exist for the transaction that marks the phone verified.
  await Users.fromSignIn(actor);
  return Users.view(await PhoneVerification.verifyCode(actor.userId, input));
});
