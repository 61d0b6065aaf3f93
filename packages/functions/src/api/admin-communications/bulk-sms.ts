import * as Communications from "@regrip/core/communications";
import { api } from "../../http/handler";

/**
 * POST /api/admin/bulk-sms {userIds, message}: {success, broadcastId, results: {sent, failed, skipped,
 * skippedBecause, failures}, replayed}. A repeat `Idempotency-Key` answers the first call's results and sends
 * nothing. Admin.
 */
export const handler = api({ body: Communications.bulkSms.schema.shape.broadcast }, async (req) =>
  Communications.bulkSms(req.user(), { broadcast: req.body(), idempotencyKey: req.header("idempotency-key") }),
);
