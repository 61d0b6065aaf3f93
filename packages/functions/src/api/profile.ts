import { PhoneVerification } from "@regrip/core/phone-verification";
import { Users } from "@regrip/core/users";
import { api } from "../http/handler";

/** PUT /api/auth/user: names, email, phone and the notification switches; answers the UserView. */
export const update = api({ body: Users.UpdateProfile }, async (req) => {
  const input = req.body();
  return Users.view(await Users.update(await Users.fromSignIn(req.user()), input));
});

/** POST /api/user/phone {phone}: texts a 6-digit code; answers {phoneNumber}. */
export const sendPhoneCode = api({ body: PhoneVerification.SendCode }, async (req) =>
  PhoneVerification.sendCode(req.user().userId, req.body()),
);

/** POST /api/user/phone/verify {code}: the phone is set and verified; answers the UserView. */
export const verifyPhone = api({ body: PhoneVerification.VerifyCode }, async (req) => {
  const input = req.body();
  const actor = req.user();
  // The user item must exist for the transaction that marks the phone verified.
  await Users.fromSignIn(actor);
  return Users.view(await PhoneVerification.verifyCode(actor.userId, input));
});
