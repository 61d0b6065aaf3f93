import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";

/** POST /api/subscriptions/cancel: {status, cancelAtPeriodEnd: true}; the membership ends with its period. 409 without one. */
export const handler = api(async (req) => Memberships.cancel(req.user()));
