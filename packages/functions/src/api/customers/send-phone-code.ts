import * as Customers from "@regrip/core/customers";
import * as PhoneVerification from "@regrip/core/phone-verification";
import { api } from "../../http/handler";

/** POST /api/customers/{id}/phone {phone}: texts the customer at the counter a code; {phoneNumber}. */
export const handler = api({ body: PhoneVerification.SendCode }, async (req) => {
  const input = req.body();
  return Customers.sendPhoneCode(req.params.id, input);
});
