import * as PhoneVerification from "@regrip/core/phone-verification";
import { api } from "../../http/handler";

/** POST /api/user/phone {phone}: texts a 6-digit code; answers {phoneNumber}. */
export const handler = api({ body: PhoneVerification.sendCode.schema }, async (req) => PhoneVerification.sendCode(req.user(), req.body()));
