import * as Settings from "@regrip/core/settings";
import { api } from "../../http/handler";

/** GET /api/settings/money: the tax rates and the employee discount limit, for the counter's pages. Staff. */
export const handler = api(async (req) => Settings.readMoneyForCounter(req.user()));
