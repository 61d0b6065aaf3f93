import * as Subscriptions from "@regrip/core/subscriptions";
import { api } from "../../http/handler";

/** GET /api/subscriptions: SubscriptionView {plan, status, assignedPaddleIds, currentPeriodEnd, regripsLeft, cancelAtPeriodEnd}; status "none" without one. */
export const handler = api(async (req) => Subscriptions.current(req.user()));
