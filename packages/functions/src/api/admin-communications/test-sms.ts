import * as Communications from "@regrip/core/communications";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/admin/test-sms {phone, message}: 200 {success, to, logId, externalId}. When the provider refuses or
 * does not answer: 502 {message, to, logId} (its words; the log entry says failed); a number that replied STOP:
 * 409. Admin.
 */
export const handler = api({ body: Communications.testSms.schema }, async (req) => {
  const sent = await Communications.testSms(req.user(), req.body());
  if (sent.status === "sent") return { success: true, to: sent.to, logId: sent.logId, externalId: sent.externalId };
  const message = sent.error || "The SMS provider did not take the message.";
  return json({ message, to: sent.to, logId: sent.logId }, sent.status === "blocked" ? 409 : 502);
});
