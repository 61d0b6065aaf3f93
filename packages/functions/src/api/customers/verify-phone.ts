import * as Customers from "@regrip/core/customers";
import * as PhoneVerification from "@regrip/core/phone-verification";
import { api } from "../../http/handler";

/** POST /api/customers/{id}/phone/verify {code}: the phone set and verified; CustomerView. */
export const handler = api({ body: PhoneVerification.VerifyCode }, async (req) => {
  const input = req.body();
  return Customers.verifyPhone(req.user(), req.params.id, input);
});
