import * as PhoneVerification from "@regrip/core/phone-verification";
import { api } from "../../http/handler";

/** POST /api/user/phone/verify {code}: the phone is set and verified; answers the UserView. */
export const handler = api({ body: PhoneVerification.verifyCode.schema }, async (req) => PhoneVerification.verifyCode(req.user(), req.body()));
