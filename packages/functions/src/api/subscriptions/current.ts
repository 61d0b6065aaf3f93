import * as Subscriptions from "@regrip/core/subscriptions";
import { api } from "../../http/handler";

/** GET /api/subscriptions: {plan, status}; status "none" without a subscription. */
export const handler = api(async (req) => Subscriptions.current(req.user()));
