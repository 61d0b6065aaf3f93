import * as Settings from "@regrip/core/settings";
import { api } from "../../http/handler";

/** GET /api/admin/settings/money: {taxRateBps: {LITTLETON, HIGHLANDS_RANCH, ONSITE}, employeeDiscountLimitPercent}. Admin. */
export const handler = api(async (req) => Settings.readMoney(req.user()));
