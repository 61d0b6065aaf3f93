import * as Settings from "@regrip/core/settings";
import { api } from "../../http/handler";

/** PUT /api/admin/settings/money {taxRateBps, employeeDiscountLimitPercent}: the settings saved. Audit `settings.money_changed`. Admin. */
export const handler = api({ body: Settings.updateMoney.schema }, async (req) => Settings.updateMoney(req.user(), req.body()));
