import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";

/** GET /api/subscriptions: MembershipView {plan, status, assignedPaddleIds, currentPeriodEnd, regripsLeft, cancelAtPeriodEnd}; status "none" without one. */
export const handler = api(async (req) => Memberships.current(req.user()));
